package io.rvlab.exercises.ch04;

import io.rvlab.ch04.cache.ChangeWindow;
import io.rvlab.ch04.cache.WatchCacheEvent;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * Reference answer to exercise 4.5: the watch cache's window and its 410, as kube-apiserver's
 * {@code watchCache} decides it.
 *
 * <p>Two regimes. Until the first change is forgotten, the window holds every change since the
 * list, so the list's resourceVersion is the floor: a watch from it (or from anything newer, such as
 * a bookmark's resourceVersion, that no held change carries) misses nothing. Once a change has been
 * forgotten, the window cannot tell what happened before its oldest held change, so the floor is the
 * revision just before that change. {@code since} is exclusive: a watch "from N" has seen N.
 */
public final class WatchWindow implements ChangeWindow {

    private final int capacity;
    private final ArrayDeque<WatchCacheEvent> held = new ArrayDeque<>();
    private long listed;         // the resourceVersion of the cache's last list
    private boolean forgotten;   // whether a change has been dropped since that list

    public WatchWindow(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("a window holds at least one change, not " + capacity);
        }
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
        if (held.size() == capacity) {
            held.removeFirst();
            forgotten = true;
        }
        held.addLast(change);
    }

    @Override
    public long oldestResumable() {
        return forgotten ? held.getFirst().resourceVersion() - 1 : listed;
    }

    @Override
    public List<WatchCacheEvent> since(long resourceVersion) {
        // Newest first from the end: a resume is usually recent, so stop at the first change already seen.
        List<WatchCacheEvent> newer = new ArrayList<>();
        for (Iterator<WatchCacheEvent> it = held.descendingIterator(); it.hasNext(); ) {
            WatchCacheEvent change = it.next();
            if (change.resourceVersion() <= resourceVersion) {
                break;
            }
            newer.add(change);
        }
        java.util.Collections.reverse(newer);
        return newer;
    }

    @Override
    public int size() {
        return held.size();
    }
}
