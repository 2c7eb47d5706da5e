package io.rvlab.ch05.cache;

import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;

/**
 * What a {@link Reflector} tells an observer at each step, for the labs (which print it), the
 * history checker and tests. All no-ops by default; called on the reflector's own thread, so an
 * implementation must be quick.
 */
public interface ReflectorListener {

    /** A LIST succeeded (all its pages): {@code options} of its first request, the list's resourceVersion. */
    default void listed(ListOptions options, String resourceVersion, int items) {
    }

    /** A LIST failed (after which the reflector may list again at "" at once, or back off). */
    default void listFailed(ListOptions options, Throwable cause) {
    }

    /** A watch-list's initial events ended (its annotated BOOKMARK): the store now holds {@code items} at {@code resourceVersion}. */
    default void initialEventsEnded(String resourceVersion, int items) {
    }

    /** A watch is open (the server answered 200). */
    default void watchStarted(WatchListOptions options) {
    }

    /** An event was applied to the store; {@code lastSyncResourceVersion} is the resume point after it. */
    default void event(WatchEvent event, String lastSyncResourceVersion) {
    }

    /** A watch ended: "timeout", "410 Expired: ...", "connection: ...", "closed", ... */
    default void watchEnded(String reason) {
    }

    /** The reflector pauses for {@code pause} because of {@code cause}. */
    default void backoff(Duration pause, Throwable cause) {
    }

    /** A periodic resync was handed to the store (no request to the server). */
    default void resynced() {
    }
}
