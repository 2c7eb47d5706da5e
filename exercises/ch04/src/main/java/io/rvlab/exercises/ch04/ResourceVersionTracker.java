package io.rvlab.exercises.ch04;

import io.rvlab.ch04.watch.WatchEvent;
import java.util.function.Consumer;

/**
 * <b>Exercise 4.3: bookmarks, initial events and the last synced resourceVersion.</b>
 *
 * <p>A watch consumer such as client-go's reflector remembers one number, the last resourceVersion it
 * has fully caught up with ({@code lastSyncResourceVersion}). When the watch breaks it watches again
 * from there (exercise 4.2), so that number is a promise: <em>every change up to it has reached the
 * handler, or never needs to</em>. Too high, and a resume loses objects; too low, and it only costs a
 * few repeats. Which events justify moving it is the exercise; what each kind of event means is a fact
 * of Kubernetes:
 * <ul>
 *   <li><b>ADDED, MODIFIED, DELETED</b> of a running watch come in resourceVersion order;</li>
 *   <li>a <b>BOOKMARK</b> says "everything up to this resourceVersion has been sent to you". Its object
 *       is empty but for {@code metadata.resourceVersion}, which may be higher than any event you
 *       saw (other collections moved etcd's revision meanwhile);</li>
 *   <li>an <b>ERROR</b> carries a Status (for example 410 Expired), which has no resourceVersion;</li>
 *   <li>a watch started at resourceVersion <b>"0" or unset ("")</b> begins with synthetic ADDED events,
 *       one per existing object, each with its own object's resourceVersion, in key order, not
 *       resourceVersion order. No event promises to be the last of them in every case (kube-apiserver
 *       may end them with a bookmark annotated {@code k8s.io/initial-events-end}); what the other
 *       events tell you about the batch is for you to work out.</li>
 * </ul>
 * The handler receives every event except bookmarks, in the order they came, and decides what to do
 * with an ERROR itself (exercise 4.4). Grade it with {@code ./course grade 4 --exercise 4.3}; the
 * specification is {@code ResourceVersionTrackerTest}.
 */
public final class ResourceVersionTracker {

    // tag::signature[]
    /**
     * A tracker for a watch started at {@code resourceVersion}.
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
    // end::signature[]
}
