package io.rvlab.exercises.ch04;

import io.rvlab.ch04.watch.WatchEvent;
import java.util.function.Consumer;

/**
 * Reference answer to exercise 4.3: which events move a watcher's last synced resourceVersion.
 *
 * <p>Like client-go's reflector, progress is only taken from what proves that everything before
 * it was delivered: an event in the ordered part of the stream, or a bookmark. The initial ADDED
 * events of a watch from "" or "0" carry their objects' own resourceVersions, which prove nothing
 * about the objects still to come.
 */
public final class ResourceVersionTracker {

    private final Consumer<WatchEvent> handler;
    private String lastSync;
    private boolean initialBatch;   // synthetic ADDED events may still be coming

    public ResourceVersionTracker(String resourceVersion, Consumer<WatchEvent> handler) {
        this.handler = handler;
        this.lastSync = resourceVersion;
        this.initialBatch = resourceVersion.isEmpty() || resourceVersion.equals("0");
    }

    public void onEvent(WatchEvent event) {
        switch (event.type()) {
            case BOOKMARK -> {
                initialBatch = false;
                lastSync = event.resourceVersion();
            }
            case ERROR -> handler.accept(event); // no resourceVersion to offer: not progress
            case ADDED -> {
                handler.accept(event);
                if (!initialBatch) {
                    lastSync = event.resourceVersion();
                }
            }
            case MODIFIED, DELETED -> {
                handler.accept(event);
                initialBatch = false; // a real change: the initial batch is over
                lastSync = event.resourceVersion();
            }
        }
    }

    public String lastSyncResourceVersion() {
        return lastSync;
    }
}
