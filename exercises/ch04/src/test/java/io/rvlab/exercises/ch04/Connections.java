package io.rvlab.exercises.ch04;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.rvlab.support.etcd.Etcd;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Connections to the real etcd for exercise 4.2, each one a jetcd client of its own, and a way to
 * break them. {@link #drop()} closes the current connection's watch client, as a dropped network
 * connection would end its watch (jetcd then calls the listener's {@code onCompleted}); until
 * {@link #reconnect()}, the next {@link #get()} waits, so the test can write while no watch exists.
 */
final class Connections implements Supplier<Watch>, AutoCloseable {

    private final Etcd etcd;
    private final List<Client> clients = new ArrayList<>();
    private final List<Watch.Watcher> watchers = new ArrayList<>();
    private CountDownLatch network = new CountDownLatch(0);
    private int attempts;
    private final int maxAttempts;

    Connections(Etcd etcd) {
        this(etcd, Integer.MAX_VALUE);
    }

    /** Refuses (IllegalStateException) a connection beyond {@code maxAttempts}: for a test where a retry loop is the mistake. */
    Connections(Etcd etcd, int maxAttempts) {
        this.etcd = etcd;
        this.maxAttempts = maxAttempts;
    }

    /** A new connection (a new jetcd client) and its watch client; waits while the network is down. */
    @Override
    public Watch get() {
        CountDownLatch up;
        synchronized (this) {
            attempts++;
            notifyAll();
            if (attempts > maxAttempts) {
                // A resume that can never succeed, retried at once, would open a client per millisecond.
                throw new IllegalStateException("your code asked for more than " + maxAttempts + " connections");
            }
            up = network;
        }
        try {
            if (!up.await(30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never brought the network back");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        synchronized (this) {
            Client client = etcd.newClient();
            clients.add(client);
            return new NotedWatch(client.getWatchClient());
        }
    }

    /** Every etcd watch the code under test started, over all connections. */
    synchronized List<Watch.Watcher> watchers() {
        return new ArrayList<>(watchers);
    }

    /** The real watch client, noting each watcher it starts (so a test can see whether the code closed them). */
    private final class NotedWatch implements Watch {
        private final Watch real;

        NotedWatch(Watch real) {
            this.real = real;
        }

        @Override
        public Watcher watch(ByteSequence key, WatchOption option, Listener listener) {
            Watcher watcher = real.watch(key, option, listener);
            synchronized (Connections.this) {
                watchers.add(watcher);
            }
            return watcher;
        }

        @Override
        public void requestProgress() {
            real.requestProgress();
        }

        @Override
        public void close() {
            real.close();
        }
    }

    /** How many times a connection was asked for. */
    synchronized int attempts() {
        return attempts;
    }

    /** Ends the current connection's watch; new connections wait for {@link #reconnect()}. */
    void drop() {
        Client current;
        synchronized (this) {
            if (clients.isEmpty()) {
                throw new AssertionError("no watch was ever started: connect.get() was never called");
            }
            network = new CountDownLatch(1);
            current = clients.get(clients.size() - 1);
        }
        // On another thread: jetcd calls onCompleted from inside close(), and your code may resume right there.
        CompletableFuture.runAsync(() -> current.getWatchClient().close());
    }

    /** Waits until the code under test has asked for connection number {@code n} (1 = the first watch). */
    synchronized void awaitAttempts(int n, String why) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (attempts < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError(why + ": expected connect.get() to be called " + n + " times within 10 s, it was called "
                        + attempts + " times");
            }
            wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        }
    }

    /** The network is back: a waiting or later {@link #get()} connects. */
    synchronized void reconnect() {
        network.countDown();
    }

    @Override
    public synchronized void close() {
        network.countDown();
        clients.forEach(Client::close);
    }
}
