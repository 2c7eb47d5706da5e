package io.rvlab.ch05.labs;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.Reflector;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.WatchListOptions;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.LabFailure;
import io.rvlab.support.lab.Narrator;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * What a reflector did, as lines a lab prints: each request it sent (as the curl line that sends the
 * same), each answer, and its own account ({@link ReflectorListener}: store replaced, event applied
 * with the lastSyncResourceVersion after it, watch ended, backoff).
 *
 * <p>The reflector runs on a thread of its own; it only queues lines here, and the lab's thread
 * prints them ({@link #printUntil}) between its own steps, so the transcript has one order.
 */
final class ReflectorLog implements ReflectorListener {

    /** One line of the log: what kind of step it was, and its text. */
    record Line(Kind kind, String text, WatchEvent event) {
        boolean is(Kind k) {
            return kind == k;
        }
    }

    enum Kind { LIST_SENT, LIST_ANSWER, WATCH_SENT, WATCH_ANSWER, REQUEST_FAILED, REPLACED, INITIAL_EVENTS_END,
        EVENT, WATCH_ENDED, BACKOFF, RESYNC }

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final LinkedBlockingQueue<Line> lines = new LinkedBlockingQueue<>();
    private final List<Line> all = new ArrayList<>();
    private final Duration minWatchTimeout;
    private volatile int eventsShown = Integer.MAX_VALUE;
    private int objectEventsPrinted;

    /** @param minWatchTimeout the reflector's option, to print its timeoutSeconds as the range it is drawn from */
    ReflectorLog(Duration minWatchTimeout) {
        this.minWatchTimeout = minWatchTimeout;
    }

    /** Only the first {@code shown} ADDED/MODIFIED/DELETED events are printed (200 of them in lab 5.4). */
    void showEvents(int shown) {
        this.eventsShown = shown;
    }

    /** The lister-watcher, with each request and answer written here (the reflector's view of the wire). */
    ListerWatcher around(ListerWatcher delegate, String collection) {
        return new ListerWatcher() {
            @Override
            public ObjectNode list(ListOptions options) throws IOException {
                add(Kind.LIST_SENT, CurlLine.of("GET", collection + listQuery(options), null, null), null);
                try {
                    ObjectNode list = delegate.list(options);
                    add(Kind.LIST_ANSWER, "    " + LabCluster.summary(200, list), null);
                    return list;
                } catch (StatusException e) {
                    add(Kind.REQUEST_FAILED, "    " + e.status().code() + " " + e.status().reason() + ": "
                            + e.status().message(), null);
                    throw e;
                }
            }

            @Override
            public StreamWatcher watch(WatchListOptions options) throws IOException {
                add(Kind.WATCH_SENT, "$ curl -sN \"" + CurlLine.SERVER + collection + watchQuery(options) + "\"", null);
                try {
                    StreamWatcher stream = delegate.watch(options);
                    add(Kind.WATCH_ANSWER, "    200, chunked: the watch is open", null);
                    return stream;
                } catch (StatusException e) {
                    add(Kind.REQUEST_FAILED, "    " + e.status().code() + " " + e.status().reason() + ": "
                            + e.status().message(), null);
                    throw e;
                }
            }
        };
    }

    // tag::listener[]
    @Override
    public void listed(ListOptions options, String resourceVersion, int items) {
        add(Kind.REPLACED, "  reflector: store replaced with the list's " + items + " item(s), lastSyncResourceVersion \""
                + resourceVersion + "\"", null);
    }

    @Override
    public void initialEventsEnded(String resourceVersion, int items) {
        add(Kind.INITIAL_EVENTS_END, "  reflector: initial events end; store replaced with " + items
                + " item(s), lastSyncResourceVersion \"" + resourceVersion + "\"", null);
    }

    @Override
    public void event(WatchEvent event, String lastSyncResourceVersion) {
        String text;
        if (event.type() == WatchEvent.Type.BOOKMARK) {
            boolean end = "true".equals(event.object().path("metadata").path("annotations")
                    .path(Reflector.INITIAL_EVENTS_END).asText());
            text = "    " + GoJson.compact(wire(event))
                    + (end ? "" : "\n  reflector: BOOKMARK, no object changed; lastSyncResourceVersion \""
                    + lastSyncResourceVersion + "\"");
        } else if (event.type() == WatchEvent.Type.ERROR) {
            text = "    " + GoJson.compact(wire(event));
        } else {
            ObjectNode o = event.object();
            text = "    " + event.type() + " " + o.path("metadata").path("name").asText() + "  resourceVersion "
                    + event.resourceVersion() + (o.has("data") ? "  data " + LabObjects.data(o) : "")
                    + "  -> lastSyncResourceVersion \"" + lastSyncResourceVersion + "\"";
        }
        add(Kind.EVENT, text, event);
    }

    @Override
    public void watchEnded(String reason) {
        String shown = reason.startsWith("connection") ? "connection lost" : reason;
        add(Kind.WATCH_ENDED, "  reflector: the watch ended (" + shown + ")", null);
    }

    @Override
    public void backoff(Duration pause, Throwable cause) {
        // the pause is jittered (client-go: 800 ms doubling to 30 s): its length is not printed
        add(Kind.BACKOFF, "  reflector: backs off before trying again", null);
    }

    @Override
    public void resynced() {
        add(Kind.RESYNC, "  reflector: resync period: store.resync()", null);
    }
    // end::listener[]

    private static ObjectNode wire(WatchEvent event) {
        ObjectNode line = com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode();
        line.put("type", event.type().name());
        line.set("object", event.object());
        return line;
    }

    private synchronized void add(Kind kind, String text, WatchEvent event) {
        Line line = new Line(kind, text, event);
        all.add(line);
        lines.add(line);
    }

    /** Everything so far, printed or not. */
    synchronized List<Line> all() {
        return List.copyOf(all);
    }

    /**
     * Prints the log's lines as they come, up to and including the first that {@code until} accepts;
     * returns it. Fails the lab if it does not come within 30 s.
     */
    Line printUntil(Narrator out, String what, Predicate<Line> until) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            Line line = lines.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new LabFailure("waited 30 s for the reflector: " + what);
            }
            boolean objectEvent = line.is(Kind.EVENT) && line.event().type() != WatchEvent.Type.BOOKMARK
                    && line.event().type() != WatchEvent.Type.ERROR;
            boolean quiet = objectEvent && objectEventsPrinted >= eventsShown;
            if (objectEvent && !quiet) {
                objectEventsPrinted++;
            }
            if (!quiet) {
                for (String text : line.text().split("\n")) {
                    if (text.startsWith("    ")) {
                        out.show("%s", text.substring(4));
                    } else if (text.startsWith("  ")) {
                        out.say(text.substring(2));
                    } else {
                        out.say(text);
                    }
                }
            }
            if (until.test(line)) {
                return line;
            }
        }
    }

    /** Drops what is queued and not printed (after the lab stops the reflector). */
    void discard() {
        lines.clear();
    }

    // ---- the query strings the HTTP lister-watcher sends, for the curl lines ----

    private static String listQuery(ListOptions options) {
        List<String> query = new ArrayList<>();
        param(query, "resourceVersion", options.resourceVersion());
        param(query, "resourceVersionMatch", options.resourceVersionMatch());
        if (options.limit() > 0) {
            query.add("limit=" + options.limit());
        }
        param(query, "continue", options.continueToken());
        return query.isEmpty() ? "" : "?" + String.join("&", query);
    }

    private String watchQuery(WatchListOptions options) {
        List<String> query = new ArrayList<>();
        query.add("watch=1");
        if (options.sendInitialEvents()) {
            query.add("sendInitialEvents=true");
            query.add("resourceVersionMatch=NotOlderThan");
        }
        query.add("resourceVersion=" + URLEncoder.encode(options.resourceVersion(), StandardCharsets.UTF_8));
        if (options.allowWatchBookmarks()) {
            query.add("allowWatchBookmarks=true");
        }
        if (options.timeoutSeconds() > 0) {
            query.add("timeoutSeconds=" + timeout(options.timeoutSeconds()));
        }
        return "?" + String.join("&", query);
    }

    /**
     * client-go draws each watch's timeoutSeconds at random from [min, 2*min), so that many clients'
     * watches do not all end together; printed as the shell expression that draws the same.
     */
    private String timeout(int seconds) {
        long min = Math.max(1, minWatchTimeout.toSeconds());
        if (seconds >= min && seconds < 2 * min) {
            return min == 1 ? "1" : "$((" + min + " + RANDOM % " + min + "))";
        }
        return seconds + " (outside [" + min + ", " + 2 * min + ")!)";
    }

    private static void param(List<String> query, String name, String value) {
        if (value != null && !value.isEmpty()) {
            query.add(name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
        }
    }
}
