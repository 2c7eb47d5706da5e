package io.rvlab.exercises.ch04;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.function.Consumer;

/**
 * Reference answer to exercise 4.3: which events move a watcher's last synced resourceVersion, and
 * which resourceVersion its next LIST asks for.
 *
 * <p>Like client-go's reflector, progress is only taken from what proves that everything before
 * it was delivered: an event in the ordered part of the stream, or a bookmark. The initial ADDED
 * events of a watch from "" or "0" carry their objects' own resourceVersions, which prove nothing
 * about the objects still to come.
 *
 * <p>The relist follows client-go's {@code relistResourceVersion} (k8s.io/client-go
 * tools/cache/reflector.go): "0" while nothing is synced (any cached state will do, there is nothing
 * to go back from), then the last synced resourceVersion (not older than the store), and "" (a quorum
 * read from etcd) once a LIST at that resourceVersion was refused as expired (410) or too large (504
 * with the cause ResourceVersionTooLarge), until a LIST succeeds. A watch's 410 does not mark it: a
 * LIST at N means "not older than N", which the server may still serve (the reflector's comment
 * "Don't set LastSyncResourceVersionUnavailable").
 */
public final class ResourceVersionTracker {

    private final Consumer<WatchEvent> handler;
    private String lastSync;
    private boolean initialBatch;   // synthetic ADDED events may still be coming
    private boolean unavailable;    // a LIST at lastSync was refused: 410 Expired or too large

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

    public String relistResourceVersion() {
        if (unavailable) {
            return ""; // the present, read from etcd: the one answer that cannot be older or refused
        }
        if (lastSync.isEmpty()) {
            return "0"; // nothing synced yet: whatever the watch cache holds is fine
        }
        return lastSync; // not older than the store: never back in time (kubernetes#83520)
    }

    public void onListed(String resourceVersion) {
        lastSync = resourceVersion;
        unavailable = false;
        initialBatch = false; // the next watch starts from this list's resourceVersion: no initial events
    }

    public void onListRefused(JsonNode status) {
        if (status.path("code").asInt() == 410 || tooLarge(status)) {
            unavailable = true;
        }
        // anything else (429, a timeout, a 500) says nothing about the resourceVersion: ask again
    }

    /** client-go's isTooLargeResourceVersionError: servers since 1.18.6 name the cause. */
    private static boolean tooLarge(JsonNode status) {
        for (JsonNode cause : status.path("details").path("causes")) {
            if (cause.path("reason").asText().equals("ResourceVersionTooLarge")) {
                return true;
            }
        }
        return false;
    }
}
