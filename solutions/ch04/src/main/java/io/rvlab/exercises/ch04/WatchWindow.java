package io.rvlab.exercises.ch04;

import io.rvlab.ch04.cache.ChangeWindow;
import io.rvlab.ch04.cache.WatchCacheEvent;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Reference answer to exercise 4.5: the watch cache's window and its 410, as kube-apiserver's
 * {@code watchCache} decides it (staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go).
 *
 * <p>Two regimes for the 410. Until the first change is forgotten, the window holds every change since
 * the list, so the list's resourceVersion is the floor: a watch from it (or from anything newer, such
 * as a bookmark's resourceVersion, that no held change carries) misses nothing. Once a change has been
 * forgotten, the window cannot tell what happened before its oldest held change, so the floor is the
 * revision just before that change. {@code since} is exclusive: a watch "from N" has seen N.
 *
 * <p>The size is dynamic, as upstream's {@code resizeCacheLocked}: when a change arrives at a full
 * window whose oldest change is still fresh, the window doubles (up to {@code upperBound}) instead of
 * forgetting it; when even the newest quarter is stale, it halves (down to {@code capacity}).
 */
public final class WatchWindow implements ChangeWindow {

    private record Held(WatchCacheEvent change, Instant recorded) {
    }

    private final int lowerBound;
    private final int upperBound;
    private final Duration fresh;
    private final Clock clock;
    private final List<Held> held = new ArrayList<>();
    private int capacity;        // the current bound, between lowerBound and upperBound
    private long listed;         // the resourceVersion of the cache's last list
    private boolean forgotten;   // whether a change has been dropped since that list

    public WatchWindow(int capacity) {
        this(capacity, capacity, Duration.ZERO, Clock.systemUTC());
    }

    public WatchWindow(int capacity, int upperBound, Duration fresh, Clock clock) {
        if (capacity < 1 || upperBound < capacity) {
            throw new IllegalArgumentException("a window holds at least one change and its upper bound is at least its"
                    + " capacity, not " + capacity + " and " + upperBound);
        }
        this.lowerBound = capacity;
        this.upperBound = upperBound;
        this.fresh = fresh;
        this.clock = clock;
        this.capacity = capacity;
    }

    @Override
    public void reset(long resourceVersion) {
        held.clear();
        listed = resourceVersion;
        forgotten = false;
    }

    @Override
    public void add(WatchCacheEvent change) {
        Instant now = clock.instant();
        resize(now);
        if (held.size() >= capacity) {
            // Shrinking may leave more than one change beyond the new bound: all of them go.
            held.subList(0, held.size() - capacity + 1).clear();
            forgotten = true;
        }
        held.add(new Held(change, now));
    }

    /** Grow rather than forget a change a client may still resume after; give memory back once it is all stale. */
    private void resize(Instant now) {
        if (held.size() < capacity) {
            return;
        }
        if (Duration.between(held.get(0).recorded(), now).compareTo(fresh) < 0) {
            capacity = Math.min(capacity * 2, upperBound);
            return;
        }
        int quarter = capacity / 4;
        Held newestQuarter = held.get((held.size() - quarter) % held.size());
        if (Duration.between(newestQuarter.recorded(), now).compareTo(fresh) > 0) {
            capacity = Math.max(capacity / 2, lowerBound);
        }
    }

    @Override
    public long oldestResumable() {
        return forgotten ? held.get(0).change().resourceVersion() - 1 : listed;
    }

    @Override
    public List<WatchCacheEvent> since(long resourceVersion) {
        List<WatchCacheEvent> newer = new ArrayList<>();
        for (Held h : held) {
            if (h.change().resourceVersion() > resourceVersion) {
                newer.add(h.change());
            }
        }
        return newer;
    }

    @Override
    public int size() {
        return held.size();
    }
}
