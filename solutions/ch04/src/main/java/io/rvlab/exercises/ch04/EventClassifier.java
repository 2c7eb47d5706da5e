package io.rvlab.exercises.ch04;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KeyValue;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.etcd.jetcd.watch.WatchResponse;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Reference answer to exercise 4.1: etcd events as Kubernetes watch events.
 *
 * <p>The revision that goes on the object is always the event's own {@code mod_revision}: for a
 * DELETE that is the revision of the delete, not the previous value's mod_revision, so a watcher
 * that resumes from the last resourceVersion it saw does not get the DELETE again.
 *
 * <p>A whole response, as kube-apiserver's etcd3 watcher reads it (staging/src/k8s.io/apiserver/pkg/
 * storage/etcd3/watcher.go): each event at its own revision (a response of a watch catching up carries
 * many revisions, and its header names etcd's current one, which none of them may claim), and a progress
 * notification becomes a BOOKMARK at the header's revision, an empty object of the watched kind.
 *
 * <p>With a selector, as the etcd3 watcher's {@code transform} does for a watch with a label or field
 * selector: the type is no longer etcd's alone but says how the change moves the object across the
 * selector's boundary (starts matching: ADDED; stops matching: DELETED with the last state that matched,
 * at this change's revision; never matched: nothing). An update says nothing about the previous state's
 * labels without prev_kv, so it is refused (kube-apiserver's event.go refuses any such event: "etcd event
 * received with PrevKv=nil").
 */
public final class EventClassifier {

    private static final ObjectMapper JSON = new ObjectMapper();

    private EventClassifier() {
    }

    public static WatchEvent classify(io.etcd.jetcd.watch.WatchEvent event) {
        KeyValue kv = event.getKeyValue();
        long revision = kv.getModRevision();
        return switch (event.getEventType()) {
            case PUT -> new WatchEvent(kv.getCreateRevision() == kv.getModRevision()
                    ? WatchEvent.Type.ADDED : WatchEvent.Type.MODIFIED, object(kv, revision));
            case DELETE -> {
                KeyValue previous = event.getPrevKV();
                if (previous == null || previous.getKey().isEmpty()) {
                    throw new IllegalArgumentException("DELETE of " + key(kv)
                            + " arrived without its previous value: the etcd watch needs prev_kv");
                }
                yield new WatchEvent(WatchEvent.Type.DELETED, object(previous, revision));
            }
            default -> throw new IllegalArgumentException("unknown etcd event type for " + key(kv));
        };
    }

    public static List<WatchEvent> classify(WatchResponse response, String apiVersion, String kind) {
        if (response.isProgressNotify()) {
            ObjectNode object = JsonNodeFactory.instance.objectNode();
            object.put("kind", kind).put("apiVersion", apiVersion).putObject("metadata")
                    .put("resourceVersion", Long.toString(response.getHeader().getRevision()));
            return List.of(new WatchEvent(WatchEvent.Type.BOOKMARK, object));
        }
        List<WatchEvent> events = new ArrayList<>();
        for (io.etcd.jetcd.watch.WatchEvent event : response.getEvents()) {
            events.add(classify(event));
        }
        return events;
    }

    public static List<WatchEvent> classify(WatchResponse response, String apiVersion, String kind,
            Predicate<ObjectNode> selector) {
        if (response.isProgressNotify()) {
            return classify(response, apiVersion, kind);   // progress is about revisions, not objects
        }
        List<WatchEvent> events = new ArrayList<>();
        for (io.etcd.jetcd.watch.WatchEvent event : response.getEvents()) {
            WatchEvent seen = classify(event, selector);
            if (seen != null) {
                events.add(seen);
            }
        }
        return events;
    }

    /** The event a watcher with this selector sees for one etcd event, or null if none. */
    private static WatchEvent classify(io.etcd.jetcd.watch.WatchEvent event, Predicate<ObjectNode> selector) {
        KeyValue kv = event.getKeyValue();
        long revision = kv.getModRevision();
        KeyValue previous = event.getPrevKV();
        boolean hasPrevious = previous != null && !previous.getKey().isEmpty();
        boolean created = event.getEventType() == io.etcd.jetcd.watch.WatchEvent.EventType.PUT
                && kv.getCreateRevision() == kv.getModRevision();
        if (!created && !hasPrevious) {
            throw new IllegalArgumentException(event.getEventType() + " of " + key(kv)
                    + " arrived without its previous value: a watch with a selector needs prev_kv");
        }
        boolean deleted = event.getEventType() == io.etcd.jetcd.watch.WatchEvent.EventType.DELETE;
        ObjectNode now = deleted ? null : object(kv, revision);
        ObjectNode before = created ? null : object(previous, revision);
        boolean matchesNow = now != null && selector.test(now);
        boolean matchedBefore = before != null && selector.test(before);
        if (matchesNow) {
            return new WatchEvent(matchedBefore ? WatchEvent.Type.MODIFIED : WatchEvent.Type.ADDED, now);
        }
        return matchedBefore ? new WatchEvent(WatchEvent.Type.DELETED, before) : null;
    }

    private static ObjectNode object(KeyValue kv, long resourceVersion) {
        try {
            JsonNode node = JSON.readTree(kv.getValue().getBytes());
            if (!(node instanceof ObjectNode object)) {
                throw new IllegalArgumentException(key(kv) + " does not hold a JSON object");
            }
            object.withObjectProperty("metadata").put("resourceVersion", Long.toString(resourceVersion));
            return object;
        } catch (IOException e) {
            throw new IllegalArgumentException(key(kv) + " does not hold JSON: " + e.getMessage(), e);
        }
    }

    private static String key(KeyValue kv) {
        return kv.getKey().toString(StandardCharsets.UTF_8);
    }
}
