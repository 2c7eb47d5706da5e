package io.rvlab.exercises.ch05;

import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ListAndWatch;
import io.rvlab.ch05.cache.ListPager;
import io.rvlab.ch05.cache.Store;
import java.io.IOException;

/**
 * <b>Exercise 5.1 (capstone): the reflector's ListAndWatch loop.</b> Reference answer.
 *
 * <p>Two pieces of state: how far the store is ({@code synced}) and whether the server has said that
 * this resourceVersion cannot be served ({@code unavailable}). Everything else is the choice of the
 * next request after each answer. Unlike the chapter's reflector, which relists after any failed
 * watch but a 429, only a 410 costs a LIST here: a 500 on a watch is waited out and the watch resumed,
 * as client-go does for the API server's own watch cache (tools/cache/reflector.go,
 * {@code MaxInternalErrorRetryDuration}).
 */
public final class ReflectorLoop implements ListAndWatch {

    // tag::solution[]
    @Override
    public void run(Server server, Store store) throws InterruptedException {
        String synced = "";          // the resourceVersion the store is at ("" before the first list)
        boolean unavailable = false;  // the server said `synced` is gone (410) or ahead of it (504)
        while (!server.stopped()) {
            // the state: "0" first (any cached state, nothing to go back from), then not older than
            // the store, and "" (the present, through etcd) once `synced` cannot be served
            String asked = unavailable ? "" : synced.isEmpty() ? "0" : synced;
            try {
                ListPager.Result list = server.list(asked);
                store.replace(list.items(), list.resourceVersion());
                synced = list.resourceVersion();
                unavailable = false;
            } catch (StatusException e) {
                int code = e.status().code();
                if ((code == 410 || code == 504) && !asked.isEmpty()) {
                    unavailable = true; // asking again for it would loop: list the present, at once
                } else {
                    server.pause(e);
                }
                continue;
            } catch (IOException e) {
                server.pause(e);
                continue;
            }
            synced = watchUntilRelist(server, store, synced);
        }
    }

    /** Watches from {@code synced} again and again; returns how far it got when only a LIST can go on. */
    private static String watchUntilRelist(Server server, Store store, String synced) throws InterruptedException {
        while (!server.stopped()) {
            Watch watch;
            try {
                watch = server.watch(synced);
            } catch (StatusException e) {
                server.pause(e);
                if (e.status().code() == 410) {
                    return synced; // 410 Expired: the resume point is gone, only a relist goes on
                }
                continue; // 429, 500...: the server's passing trouble, the same watch again, later
            } catch (IOException e) {
                server.pause(e); // the server is away: wait, then watch again, no list needed
                continue;
            }
            try (watch) {
                WatchEvent event;
                while ((event = watch.next()) != null) {
                    switch (event.type()) {
                        case ADDED -> store.add(event.object());
                        case MODIFIED -> store.update(event.object());
                        case DELETED -> store.delete(event.object());
                        case BOOKMARK -> { } // nothing to store: only progress
                        case ERROR -> throw StreamWatcher.error(event);
                    }
                    if (!event.resourceVersion().isEmpty()) {
                        synced = event.resourceVersion(); // a bookmark's too: everything up to here was sent
                    }
                }
                // the server ended the watch (its timeout): watch again from where we are
            } catch (StatusException e) {
                server.pause(e); // an ERROR event: wait before anything else
                if (e.status().code() == 410) {
                    return synced; // 410 Expired: the window moved past us, relist
                }
                // 500 (etcd's watch broke under the server), 429...: the resume point still holds
            } catch (IOException e) {
                // the connection dropped mid-stream: resume at once from the last resourceVersion seen
            }
        }
        return synced;
    }
    // end::solution[]
}
