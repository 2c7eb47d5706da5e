package io.rvlab.exercises.ch04;

import io.rvlab.ch04.watch.WatchEvent;
import java.util.function.Consumer;

/**
 * <b>Exercise 4.3: bookmarks, initial events and the last synced resourceVersion.</b>
 *
 * <p>A watch consumer such as client-go's reflector remembers one number, the last resourceVersion
 * it has fully caught up with ({@code lastSyncResourceVersion}). When the watch breaks it watches
 * again from there (exercise 4.2). Which events may move that number is the whole exercise:
 * <ul>
 *   <li><b>ADDED, MODIFIED, DELETED</b> go to the handler, and their resourceVersion is progress:
 *       events of a watch come in resourceVersion order, so everything up to it has been seen;</li>
 *   <li><b>BOOKMARK</b> is progress and nothing else: "everything up to this resourceVersion has
 *       been sent to you". Its object is empty but for {@code metadata.resourceVersion}, so it never
 *       reaches the handler. Its resourceVersion may be higher than any event you saw: other
 *       collections moved etcd's revision meanwhile;</li>
 *   <li><b>ERROR</b> (a Status, for example 410 Expired) goes to the handler, which decides what to
 *       do (exercise 4.4), and is not progress: it has no resourceVersion to offer;</li>
 *   <li>a watch started at resourceVersion <b>"0" or unset ("")</b> begins with synthetic ADDED
 *       events, one per existing object, each carrying its own object's resourceVersion, in no
 *       particular order. They go to the handler but are <em>not</em> progress: if the stream broke
 *       after some of them, the objects not yet sent would be lost by a resume from their highest
 *       resourceVersion. The initial batch ends with the first event that is not ADDED (a BOOKMARK,
 *       MODIFIED or DELETED; kube-apiserver may mark that bookmark with the annotation
 *       {@code k8s.io/initial-events-end}); from then on ADDED counts like any event. Until then the
 *       last synced resourceVersion stays what the watch started from (client-go's reflector, see
 *       {@code chapters/04-watch}).</li>
 * </ul>
 *
 * <p>Useful calls: {@code event.type()}, {@code event.resourceVersion()}. Grade it with
 * {@code ./course grade 4 --exercise 4.3}; the specification is {@code ResourceVersionTrackerTest}.
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
        throw new UnsupportedOperationException("TODO exercise 4.3: remember the start resourceVersion and the handler;"
                + " is this a watch that starts with an initial batch (\"\" or \"0\")?");
    }

    /** Takes the watch's next event: hands it on (or not) and records progress (or not). */
    public void onEvent(WatchEvent event) {
        throw new UnsupportedOperationException("TODO exercise 4.3: BOOKMARK -> progress only; ERROR -> handler only;"
                + " ADDED during the initial batch -> handler only; anything else -> handler and progress");
    }

    /** Where a new watch would resume: the start resourceVersion until there has been progress. */
    public String lastSyncResourceVersion() {
        throw new UnsupportedOperationException("TODO exercise 4.3: the last resourceVersion that counted as progress");
    }
    // end::signature[]
}
