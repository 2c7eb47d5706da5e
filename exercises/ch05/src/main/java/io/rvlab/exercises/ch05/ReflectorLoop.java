package io.rvlab.exercises.ch05;

import io.rvlab.ch05.cache.ListAndWatch;
import io.rvlab.ch05.cache.Store;

/**
 * <b>Exercise 5.1 (capstone): the reflector's ListAndWatch loop.</b>
 *
 * <p>Every controller in Kubernetes reads the cluster through an informer, and every informer is fed
 * by a reflector: the loop that keeps a local copy of one collection equal to what the API server
 * holds, with as few requests as possible, for months, whatever happens to the network, the API
 * server or etcd. Here you write that loop. It runs inside the chapter's real informer, on its
 * reflector's thread ({@code ReflectorOptions#withLoop}), against this chapter's API servers on a
 * real etcd.
 *
 * <p>What the loop must guarantee:
 * <ul>
 *   <li><b>The store ends equal to the server.</b> After any fault, once the server answers again,
 *       {@code store} holds exactly the collection's objects, each at its latest resourceVersion, and
 *       the informer's handlers have been told of every change, deletions included.</li>
 *   <li><b>No time travel.</b> The store never goes back to an older state than one it already
 *       held, even when the request lands on an API server whose watch cache is behind.</li>
 *   <li><b>Cheap.</b> A LIST is the most expensive request a client can make (the whole collection);
 *       a watch that ends is resumed, not paid for with a LIST, whenever the server can still
 *       answer from where the store is, quiet collections included.</li>
 *   <li><b>Never gives up.</b> 410 Expired, 504 "Too large resource version", a refused connection,
 *       a dropped watch: each has an answer that makes progress. The loop returns only when
 *       {@code server.stopped()} (or lets the InterruptedException of a pause go).</li>
 *   <li><b>No storm.</b> It never asks again for what the server has just refused, and it pauses
 *       ({@code server.pause}) before trying again after a failure that waiting can cure.</li>
 * </ul>
 *
 * <p>What you are given: {@code server} (LIST, WATCH, a backoff pause, whether to stop; see {@link
 * ListAndWatch.Server} for what each answers and throws) and {@code store} (the informer's queue:
 * {@code replace}, {@code add}, {@code update}, {@code delete}). The reflector records every request
 * and event for the informer history checker, which judges your loop.
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.1}; the specification is
 * {@code ReflectorLoopTest}. Watch it work with {@code ./course serve --exercise 5.1}.
 */
public final class ReflectorLoop implements ListAndWatch {

    // tag::signature[]
    /** Keeps {@code store} equal to the server's collection until {@code server.stopped()}. */
    @Override
    public void run(Server server, Store store) throws InterruptedException {
        throw new UnsupportedOperationException("TODO exercise 5.1");
    }
    // end::signature[]
}
