package io.rvlab.exercises.ch04;

import io.etcd.jetcd.Watch;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch04.watch.EtcdEventTranslator;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * <b>Exercise 4.2: resume a watch after it breaks.</b>
 *
 * <p>Watches end: the connection drops, kube-apiserver closes the stream when its timeout is up,
 * a load balancer restarts. client-go's reflector does not start over when that happens: it watches
 * again from the resourceVersion it has got to, and etcd's history makes up for the time nobody
 * watched. This class does the same straight over etcd, for one collection. The contract:
 * <ul>
 *   <li>the handler receives every change of the collection made after {@code resourceVersion}
 *       exactly once, in revision order, one call at a time, as a Kubernetes event made by the given
 *       {@link EtcdEventTranslator} (which needs {@code prev_kv} for a DELETE);</li>
 *   <li>that holds however often, and whenever, the etcd watch ends by itself: while a break lasts,
 *       writes go on, and none of them may be lost or repeated; a break with no write at all is no
 *       excuse for a repeat either;</li>
 *   <li>a watch client that broke may be closed for good: each new etcd watch uses a fresh one from
 *       {@code connect};</li>
 *   <li>when etcd no longer has the history a resume needs (it was compacted while the watch was broken),
 *       the first promise cannot be kept: the handler hears it once, as kube-apiserver tells a watcher, with
 *       an ERROR event whose object is a {@code Status} 410 Expired; then nothing more, and no new watch
 *       (its consumer must relist, as in exercise 4.4);</li>
 *   <li>after {@link #close()}: no event reaches the handler and no new watch is started.</li>
 * </ul>
 * A fact of jetcd to keep in mind: a watch's listener hears {@code onCompleted} from inside
 * {@code Watcher.close()}, also when it is your own code that closes it. Grade it with
 * {@code ./course grade 4 --exercise 4.2}; the specification is {@code ResumingWatchTest}.
 */
public final class ResumingWatch implements AutoCloseable {

    /** Turns etcd events into Kubernetes ones (exercise 4.1's job, given here). */
    private final EtcdEventTranslator translator = new EtcdEventTranslator(new Versioner());

    // tag::signature[]
    /**
     * Starts watching {@code collection} for every change after {@code resourceVersion}.
     *
     * @param connect gives a jetcd watch client; called for the first watch and for every resume
     *     (a fresh connection each time)
     * @param collection the etcd prefix of the collection, for example
     *     {@code Keys.collection("configmaps", "dev")}
     * @param resourceVersion where the consumer is: a specific resourceVersion ("N", N &gt; 0); the
     *     first event delivered is newer than N
     * @param handler receives every event once, in order, one call at a time
     */
    public ResumingWatch(Supplier<Watch> connect, RegistryPrefix collection, String resourceVersion,
            Consumer<WatchEvent> handler) {
        throw new UnsupportedOperationException("TODO exercise 4.2");
    }

    /** Stops for good: the etcd watch is closed, nothing more is delivered, nothing resumes. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("TODO exercise 4.2");
    }
    // end::signature[]
}
