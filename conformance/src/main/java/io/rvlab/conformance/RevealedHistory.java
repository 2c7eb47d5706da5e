package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.conformance.RecordedStream.StreamEvent;
import io.rvlab.conformance.Transcript.Entry;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Note;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The configmap writes of the real run that no transcript records as a request, as far as the
 * transcripts reveal them: other clients' writes that a watch stream shows as events (e1's cm-w,
 * e2's patch of cm-b, n2's cm-nw), objects that first appear in a later answer (cm-wake, created at
 * 102 between d1 and e1, and seen from e3 on), the results of requests of later chapters (g1's
 * server-side applies of cm-ssa), and the writes a note describes (e2 (D)'s "PATCH cm-c -> RV 274",
 * (E)'s "CREATES configmap kube-public/cm-other-ns (RV 281)").
 *
 * <p>Chapter 4's replay reproduces each of them at its revision, through the server under test, instead
 * of an unrelated write: a watch then sees the same objects change in the same order as the real one
 * did, and a list holds the same items. A revision no transcript explains stays an unrelated write.
 */
public final class RevealedHistory {

    /**
     * One revealed write.
     *
     * @param revision the real run's revision of the write
     * @param delete true for a delete (a DELETED event carries the delete's revision)
     * @param object the object as it was after the write (for a delete: before it); null when only
     *        the object's name is known (a note's "PATCH cm-c -> RV 274")
     * @param source where the transcripts show it, for the report
     */
    public record Write(long revision, boolean delete, String namespace, String name, ObjectNode object, String source) {
    }

    /** A note's write made before the watch that follows it: "(PATCH cm-c -> RV 274)". */
    static final Pattern NOTE_UPDATE = Pattern.compile("\\((?:PATCH|PUT) ([a-z0-9.-]+) -> RV (\\d+)\\)");

    /** A note's write made while the watch after it was open: "at t~5s another client CREATES configmap ns/name (RV 281)". */
    static final Pattern NOTE_TIMED_CREATE = Pattern.compile(
            "at t~([0-9.]+)s another client CREATES configmap ([a-z0-9.-]+)/([a-z0-9.-]+) \\(RV (\\d+)\\)");

    /** The namespace of every scenario's configmaps. */
    private static final String SCENARIO_NAMESPACE = "lab";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final TreeMap<Long, Write> writes = new TreeMap<>();

    /** Reads every configmap state and note-described write in {@code transcripts}. */
    public static RevealedHistory of(Collection<Transcript> transcripts) {
        RevealedHistory history = new RevealedHistory();
        for (Transcript transcript : transcripts) {
            for (Entry entry : transcript.entries()) {
                if (entry instanceof Note note) {
                    history.fromNote(transcript.scenario(), note.text());
                } else if (entry instanceof Exchange exchange) {
                    history.fromExchange(transcript.scenario(), exchange);
                }
            }
        }
        return history;
    }

    public Optional<Write> at(long revision) {
        return Optional.ofNullable(writes.get(revision));
    }

    public Map<Long, Write> all() {
        return java.util.Collections.unmodifiableMap(writes);
    }

    private void fromNote(String scenario, String note) {
        Matcher update = NOTE_UPDATE.matcher(note);
        while (update.find()) {
            long revision = Long.parseLong(update.group(2));
            writes.putIfAbsent(revision, new Write(revision, false, SCENARIO_NAMESPACE, update.group(1), null,
                    scenario + "'s note \"" + update.group() + "\""));
        }
        Matcher create = NOTE_TIMED_CREATE.matcher(note);
        while (create.find()) {
            long revision = Long.parseLong(create.group(4));
            ObjectNode object = JSON.createObjectNode();
            object.put("kind", "ConfigMap").put("apiVersion", "v1");
            object.putObject("metadata").put("name", create.group(3)).put("namespace", create.group(2));
            writes.putIfAbsent(revision, new Write(revision, false, create.group(2), create.group(3), object,
                    scenario + "'s note \"" + create.group() + "\""));
        }
    }

    private void fromExchange(String scenario, Exchange exchange) {
        if (exchange.isStream()) {
            for (StreamEvent event : exchange.stream().events()) {
                JsonNode json = parse(event.line());
                if (json == null) {
                    continue;
                }
                String type = json.path("type").asText();
                if (List.of("ADDED", "MODIFIED", "DELETED").contains(type)) {
                    add(json.path("object"), type.equals("DELETED"), scenario + " " + exchange.id() + ": a " + type + " event");
                }
            }
            return;
        }
        JsonNode body = parse(exchange.response().body());
        if (body == null) {
            return;
        }
        if ("ConfigMap".equals(body.path("kind").asText())) {
            add(body, false, scenario + " " + exchange.id() + ": the answer to " + exchange.request().method());
        } else if ("ConfigMapList".equals(body.path("kind").asText())) {
            body.path("items").forEach(item -> add(item, false, scenario + " " + exchange.id() + ": a list item"));
        }
    }

    private void add(JsonNode object, boolean delete, String source) {
        if (!(object instanceof ObjectNode node)) {
            return;
        }
        String text = node.path("metadata").path("resourceVersion").asText("");
        if (!text.matches("[1-9][0-9]*")) {
            return;
        }
        long revision = Long.parseLong(text);
        writes.putIfAbsent(revision, new Write(revision, delete, node.path("metadata").path("namespace").asText(),
                node.path("metadata").path("name").asText(), node, source));
    }

    /** The body to send for a revealed create or update: what a client would write, no server-set fields. */
    static ObjectNode body(ObjectNode object) {
        ObjectNode body = JSON.createObjectNode();
        body.put("apiVersion", "v1");
        body.put("kind", "ConfigMap");
        ObjectNode metadata = body.putObject("metadata");
        JsonNode source = object.path("metadata");
        metadata.put("name", source.path("name").asText());
        for (String field : List.of("labels", "annotations")) {
            if (source.has(field)) {
                metadata.set(field, source.get(field).deepCopy());
            }
        }
        for (String field : List.of("data", "binaryData", "immutable")) {
            if (object.has(field)) {
                body.set(field, object.get(field).deepCopy());
            }
        }
        return body;
    }

    private static JsonNode parse(String text) {
        try {
            return text.isBlank() ? null : JSON.readTree(text);
        } catch (IOException e) {
            return null;
        }
    }

    /** The revealed writes, oldest first, for the report. */
    public List<Write> list() {
        return new ArrayList<>(writes.values());
    }
}
