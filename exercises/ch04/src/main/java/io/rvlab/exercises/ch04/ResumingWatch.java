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
 * a load balancer restarts. client-go's reflector does not start over when that happens; it
 * watches again from the last resourceVersion it handed on. A watch "from N" is exclusive, so the
 * new etcd watch starts at revision N + 1: etcd replays every change made while nobody was
 * watching, in order, and nothing that was already delivered comes again. This class does that
 * over etcd: the consumer sees every change of the collection exactly once, in revision order,
 * however often the watch breaks.
 *
 * <p>The rules:
 * <ul>
 *   <li>watch every key under {@code collection.path()} from revision {@code resourceVersion + 1},
 *       with {@code prev_kv} (the translator needs it for DELETED);</li>
 *   <li>turn each etcd event into a Kubernetes event with the given {@link EtcdEventTranslator}
 *       and hand it to {@code handler}, one at a time, in order; remember its resourceVersion;</li>
 *   <li>when the etcd watch ends (jetcd calls the listener's {@code onCompleted}, or
 *       {@code onError}) and {@link #close()} was not called: get a new {@link Watch} from
 *       {@code connect} (the old one may be closed for good) and watch again from the last
 *       resourceVersion delivered + 1;</li>
 *   <li>after {@link #close()}: no event reaches the handler and no new watch is started.</li>
 * </ul>
 *
 * <p>Useful calls: {@code connect.get().watch(bytes, WatchOption.builder().isPrefix(true)
 * .withPrevKV(true).withRevision(r).build(), Watch.listener(onNext, onError, onCompleted))}
 * returns a {@code Watch.Watcher} (close it); {@code WatchResponse.getEvents()};
 * {@code translator.translate(etcdEvent)}; {@code WatchEvent.resourceVersion()}. Careful: jetcd
 * calls {@code onCompleted} from inside {@code Watcher.close()}, also when you close an old watcher
 * yourself. Grade it with {@code ./course grade 4 --exercise 4.2}; the specification is
 * {@code ResumingWatchTest}.
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
        throw new UnsupportedOperationException(
                "TODO exercise 4.2: watch from resourceVersion + 1 (prefix, prev_kv); deliver and remember each"
                        + " event's resourceVersion; when the watch ends, connect.get() again and watch from last + 1");
    }

    /** Stops for good: the etcd watch is closed, nothing more is delivered, nothing resumes. */
    @Override
    public void close() {
        throw new UnsupportedOperationException("TODO exercise 4.2: close the current etcd watch; never resume after this");
    }
    // end::signature[]
}
