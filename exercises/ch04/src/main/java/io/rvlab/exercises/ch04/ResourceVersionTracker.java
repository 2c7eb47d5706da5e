package io.rvlab.exercises.ch04;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.function.Consumer;

/**
 * <b>Exercise 4.3: bookmarks, initial events, the last synced resourceVersion and the relist's.</b>
 *
 * <p>A watch consumer such as client-go's reflector remembers the last resourceVersion it has fully
 * caught up with ({@code lastSyncResourceVersion}) and watches again from there (exercise 4.2). It is a
 * promise: <em>every change up to it has reached the handler, or never needs to</em>. Too high loses
 * objects; too low only costs repeats. Facts of Kubernetes you need:
 * <ul>
 *   <li>ADDED, MODIFIED, DELETED of a running watch come in resourceVersion order;</li>
 *   <li>a BOOKMARK says "everything up to this resourceVersion was sent"; its object is empty but for
 *       {@code metadata.resourceVersion}, which may be past every event you saw;</li>
 *   <li>an ERROR carries a Status (for example 410 Expired), which has no resourceVersion;</li>
 *   <li>a watch from "0" or unset ("") begins with synthetic ADDED events, one per object, in key order,
 *       each with its own object's resourceVersion; no event promises in every case to be the last of
 *       them (kube-apiserver may end them with a bookmark annotated {@code k8s.io/initial-events-end}).</li>
 * </ul>
 * The handler receives every event except bookmarks, in order, and decides about an ERROR (exercise 4.4).
 *
 * <p>When watching cannot go on, the reflector LISTs, and {@link #relistResourceVersion} names the
 * resourceVersion it asks for (chapter 4's table: "0", "N" or ""). Its contract: a LIST must never hand the
 * store a state older than the one it holds; it should stay cheap for the server (answerable from the
 * watch cache) whenever that is safe; and it must not ask again for what a LIST was refused because that
 * resourceVersion cannot be served. A LIST's outcome reaches you through {@link #onListed} (the store now
 * holds the collection at that resourceVersion, and the next watch starts there) or {@link #onListRefused}
 * (the Status kube-apiserver answered, the same JSON an ERROR event carries). Grade it with
 * {@code ./course grade 4 --exercise 4.3}; the specification is {@code ResourceVersionTrackerTest}.
 */
public final class ResourceVersionTracker {

    // tag::signature[]
    /**
     * A tracker for a watch started at {@code resourceVersion}, or for a reflector that has synced
     * nothing yet ({@code ""}).
     *
     * @param resourceVersion the watch's start: "" (unset), "0" (any), or a specific "N"
     * @param handler receives every event except bookmarks, in the order they came
     */
    public ResourceVersionTracker(String resourceVersion, Consumer<WatchEvent> handler) {
        throw new UnsupportedOperationException("TODO exercise 4.3");
    }

    /** Takes the watch's next event: hands it on (or not) and records progress (or not). */
    public void onEvent(WatchEvent event) {
        throw new UnsupportedOperationException("TODO exercise 4.3");
    }

    /** Where a new watch would resume: the start resourceVersion until there has been progress. */
    public String lastSyncResourceVersion() {
        throw new UnsupportedOperationException("TODO exercise 4.3");
    }

    /** The resourceVersion the next LIST asks for: "0", "" or a specific "N". */
    public String relistResourceVersion() {
        throw new UnsupportedOperationException("TODO exercise 4.3");
    }

    /** A LIST succeeded: it answered the collection at {@code resourceVersion} (its metadata.resourceVersion). */
    public void onListed(String resourceVersion) {
        throw new UnsupportedOperationException("TODO exercise 4.3");
    }

    /** A LIST was refused; {@code status} is the Status object kube-apiserver answered (code, reason, details). */
    public void onListRefused(JsonNode status) {
        throw new UnsupportedOperationException("TODO exercise 4.3");
    }
    // end::signature[]
}
