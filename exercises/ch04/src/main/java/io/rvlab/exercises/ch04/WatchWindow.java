package io.rvlab.exercises.ch04;

import io.rvlab.ch04.cache.ChangeWindow;
import io.rvlab.ch04.cache.WatchCacheEvent;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

/**
 * <b>Exercise 4.5 (capstone): the watch cache's window, and its 410.</b>
 *
 * <p>kube-apiserver serves every watch from its watch cache, which follows etcd and remembers recent
 * changes: a client resuming "from N" (a reflector after a dropped connection, {@code kubectl get -w}
 * after its list) is sent every change after N from that memory. A client asking from before what is
 * remembered gets the ERROR event that makes it relist: 410 Expired, {@code "too old resource version: N (oldest)"}.
 * How much to remember is a trade of memory against relists, so kube-apiserver sizes the window by time
 * as well as by count: a client that fell behind by less than a freshness duration (75 s upstream, just
 * over the bookmark period) should still be able to resume. This class is that memory, inside chapter 4's
 * real API server ({@code ./course serve --exercise 4.5}); the cache calls it under its own lock, changes
 * in etcd's order (see {@link ChangeWindow}). The contract:
 * <ul>
 *   <li>it never holds more than {@code upperBound} changes, and forgets nothing while it holds fewer than
 *       {@code capacity};</li>
 *   <li>while it holds fewer than {@code upperBound}, it forgets no change that was added less than
 *       {@code fresh} ago by the given {@link java.time.Clock} (read it only there: the tests move it);</li>
 *   <li>memory is given back: once its newest quarter is no longer entirely fresh, the changes that keep
 *       coming bring it back to at most {@code capacity}, even while its very newest change is fresh; not
 *       while that quarter is entirely fresh (a window that shrank then would only grow again with the next burst);</li>
 *   <li>both are strict, as kube-apiserver compares: a change exactly {@code fresh} old is no longer kept for
 *       its freshness, nor yet old enough to give memory back;</li>
 *   <li>{@link #reset}: the cache has just listed at that resourceVersion; a watch from it on is served;</li>
 *   <li>{@link #oldestResumable} is the boundary of the 410: from it or newer, served with no change missing;
 *       older, refused, naming this number. Answer as kube-apiserver's watch cache does (clients and
 *       conformance compare it), and send no client into a relist it does not need: resourceVersions come
 *       from lists, events and bookmarks, which may be newer than any change held;</li>
 *   <li>{@link #since}: the held changes after that resourceVersion, oldest first, none already seen.</li>
 * </ul>
 * Judged by real clients of the running server (raw watches, {@code kubectl get -w}, bookmark resumes,
 * chapter 4's watch-guarantee checker) and by the window's own calls with a clock the tests control. It
 * implements the given {@link io.rvlab.ch04.cache.ChangeWindow} and holds
 * {@link io.rvlab.ch04.cache.WatchCacheEvent}s; handing the calls to lab-code's own (package-private)
 * {@code io.rvlab.ch04.cache.EventWindow} fails a test.
 */
public final class WatchWindow implements ChangeWindow {

    // tag::signature[]
    /** A window of fixed size: at most {@code capacity} changes (at least 1), however recent. */
    public WatchWindow(int capacity) {
        this(capacity, capacity, Duration.ZERO, Clock.systemUTC());
    }

    /**
     * An empty window that holds at least {@code capacity} changes (at least 1) when it has them, at most
     * {@code upperBound} (at least {@code capacity}), and keeps what is younger than {@code fresh} by {@code clock}.
     */
    public WatchWindow(int capacity, int upperBound, Duration fresh, Clock clock) {
        throw new UnsupportedOperationException("TODO exercise 4.5");
    }

    /** The cache has just (re)listed at {@code resourceVersion}: forget every change. */
    @Override
    public void reset(long resourceVersion) {
        throw new UnsupportedOperationException("TODO exercise 4.5");
    }

    /** The next change, in etcd's order. */
    @Override
    public void add(WatchCacheEvent change) {
        throw new UnsupportedOperationException("TODO exercise 4.5");
    }

    /** The oldest resourceVersion a watch can start from; older ones get 410 Expired naming this one. */
    @Override
    public long oldestResumable() {
        throw new UnsupportedOperationException("TODO exercise 4.5");
    }

    /** The held changes newer than {@code resourceVersion}, oldest first. */
    @Override
    public List<WatchCacheEvent> since(long resourceVersion) {
        throw new UnsupportedOperationException("TODO exercise 4.5");
    }

    /** How many changes are held now. */
    @Override
    public int size() {
        throw new UnsupportedOperationException("TODO exercise 4.5");
    }
    // end::signature[]
}
