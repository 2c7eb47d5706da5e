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
