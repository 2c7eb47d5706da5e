package io.rvlab.ch05.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch04.cache.Bookmarks;
import io.rvlab.ch04.cache.EncodedEvent;
import io.rvlab.ch04.cache.EventFeed;
import io.rvlab.ch04.watch.WatchEvent;
import java.time.Duration;

/**
 * A watcher's events with one BOOKMARK put in where its initial events end: the marker a
 * streaming list's client waits for before it treats its store as synced (apiserver cacher's
 * {@code initialEventsEndBookmark}). The bookmark carries the resourceVersion C of the state the
 * initial events showed and the annotation {@code k8s.io/initial-events-end: "true"}.
 *
 * <p>Where do the initial events end? They were queued before the watcher was registered, so they
 * are all ready at once, and each ADDED carries its own object's resourceVersion, at most C. The
 * first event after C (a live change, or a periodic bookmark) or the first moment nothing is
 * ready means the state has been sent.
 */
public final class InitialEventsEndBookmark implements EventFeed {

    /** metav1.InitialEventsAnnotationKey. */
    public static final String ANNOTATION = "k8s.io/initial-events-end";

    private final EventFeed watcher;
    private final long stateResourceVersion;
    private final EncodedEvent bookmark;
    private boolean bookmarkPending = true;
    private EncodedEvent held; // the first event after the state, taken out to look at its resourceVersion

    public InitialEventsEndBookmark(EventFeed watcher, ResourceType type, long stateResourceVersion) {
        this.watcher = watcher;
        this.stateResourceVersion = stateResourceVersion;
        this.bookmark = new EncodedEvent(new WatchEvent(WatchEvent.Type.BOOKMARK, object(type, stateResourceVersion)));
    }

    // tag::initial-events-end[]
    /** The BOOKMARK's object: the kind's empty object, as chapter 4's bookmarks, annotated. */
    static ObjectNode object(ResourceType type, long resourceVersion) {
        ObjectNode object = Bookmarks.object(type, resourceVersion);
        ((ObjectNode) object.get("metadata")).putObject("annotations").put(ANNOTATION, "true");
        return object;
    }

    @Override
    public synchronized EncodedEvent nextEncoded(Duration wait) throws InterruptedException {
        if (bookmarkPending) {
            EncodedEvent next = watcher.hasReadyEvent() ? watcher.nextEncoded(Duration.ZERO) : null;
            if (next != null && isInitial(next)) {
                return next;                   // still the state
            }
            held = next;                       // null, or the first event after the state
            bookmarkPending = false;
            return bookmark;
        }
        if (held != null) {
            EncodedEvent next = held;
            held = null;
            return next;
        }
        return watcher.nextEncoded(wait);
    }

    /** An initial event: an ADDED for an object at or before the state's resourceVersion. */
    private boolean isInitial(EncodedEvent event) {
        WatchEvent e = event.event();
        return e.type() == WatchEvent.Type.ADDED && Long.parseLong(e.resourceVersion()) <= stateResourceVersion;
    }
    // end::initial-events-end[]

    @Override
    public synchronized boolean hasReadyEvent() {
        return bookmarkPending || held != null || watcher.hasReadyEvent();
    }

    @Override
    public synchronized boolean ended() {
        return !bookmarkPending && held == null && watcher.ended();
    }

    /** The bookmark is ready at once; after it, the watcher's own events wake the reader. */
    @Override
    public void onReady(Runnable wake) {
        watcher.onReady(wake);
        wake.run();
    }

    /** The resourceVersion the bookmark announces: the state's. */
    public long stateResourceVersion() {
        return stateResourceVersion;
    }

    @Override
    public void close() {
        watcher.close();
    }
}
