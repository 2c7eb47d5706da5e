package io.rvlab.ch05.bench;

import java.time.Duration;

/** The client under measurement: something that fills a local store from the API server and then keeps it current. */
interface SyncingClient extends AutoCloseable {

    /** Starts listing (or watch-listing) on a thread of its own. */
    void start();

    /** Whether the store has the state the server had when the client started, within {@code timeout}. */
    boolean waitForSync(Duration timeout) throws InterruptedException;

    /** Objects in the local store. */
    int storeSize();

    /** Empties the local store (the benchmark weighs the store by the heap this frees). */
    void clearStore();

    /** LIST requests sent, each page counted. */
    int listRequests();

    /** WATCH requests sent (a watch-list is one). */
    int watchRequests();

    /** What the client's last failure was, or null. */
    String error();

    @Override
    void close();
}
