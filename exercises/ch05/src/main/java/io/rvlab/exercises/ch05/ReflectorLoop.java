package io.rvlab.exercises.ch05;

import io.rvlab.ch05.cache.ListAndWatch;
import io.rvlab.ch05.cache.Store;

/**
 * <b>Exercise 5.1 (capstone): the reflector's ListAndWatch loop.</b>
 *
 * <p>Every informer is fed by a reflector: the loop that keeps a local copy of one collection equal to
 * the API server's, with as few requests as possible, whatever happens to the network, the API server or
 * etcd. Yours runs inside the chapter's real informer ({@code ReflectorOptions#withLoop}), on a real etcd.
 * What it must guarantee:
 * <ul>
 *   <li><b>The store ends equal to the server</b>, each object at its latest resourceVersion, and the
 *       informer's handlers have been told of every change, deletions included.</li>
 *   <li><b>No time travel</b>, even when a request lands on an API server whose watch cache is behind.</li>
 *   <li><b>Cheap.</b> A LIST costs the whole collection: only the loss of the resume point (410 Expired)
 *       may cost one. A watch that ends, drops, or fails through the server's passing trouble (a refused
 *       connection, 429, a 500 Internal Error whether it refuses the watch or ends it with an ERROR event)
 *       is resumed from where the store is, quiet collections included. This is stricter than the
 *       chapter's reflector, which relists after a 500: see client-go's {@code MaxInternalErrorRetryDuration}.</li>
 *   <li><b>Never gives up</b>: it returns only when {@code server.stopped()} (or lets the
 *       InterruptedException of a pause go).</li>
 *   <li><b>No storm</b>: it never asks again for what the server has just refused, and it pauses
 *       ({@code server.pause}) before trying again after any failure that waiting can cure.</li>
 * </ul>
 *
 * <p>Given: {@code server} ({@link ListAndWatch.Server}: LIST, WATCH, pause, stopped; refusals are the
 * {@code io.rvlab.ch02.api.StatusException} family, read {@code status().code()}; a broken connection
 * is an {@code IOException}), its watches ({@link ListAndWatch.Watch}, events are {@code
 * io.rvlab.ch04.watch.WatchEvent}; {@code io.rvlab.ch04.client.StreamWatcher#error} turns an ERROR
 * event into its exception) and {@code store} ({@link Store}: replace, add, update, delete). Refused:
 * handing the decisions to the chapter's reflector, {@code io.rvlab.ch05.cache.Reflector},
 * {@code RelistPolicy}, {@code WatchEventPolicy} or {@code ReflectorErrors} (a test reads your class file).
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.1} (spec: {@code ReflectorLoopTest}); watch it
 * work with {@code ./course serve --exercise 5.1}.
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
