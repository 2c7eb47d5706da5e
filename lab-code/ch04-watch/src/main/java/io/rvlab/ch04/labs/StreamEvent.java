package io.rvlab.ch04.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * One line of a watch stream, {@code {"type":...,"object":{...}}}, and what the labs print of it.
 *
 * @param line the line exactly as the server sent it
 */
record StreamEvent(String line, String type, JsonNode object) {

    static StreamEvent parse(String line) {
        try {
            JsonNode json = GoJson.read(line.getBytes(StandardCharsets.UTF_8));
            return new StreamEvent(line, json.path("type").asText(), json.path("object"));
        } catch (IOException e) {
            throw new UncheckedIOException("not a watch event: " + line, e);
        }
    }

    String name() {
        return object.path("metadata").path("name").asText();
    }

    long resourceVersion() {
        String rv = object.path("metadata").path("resourceVersion").asText("");
        return rv.isEmpty() ? 0 : Long.parseLong(rv);
    }

    Map<String, String> data() {
        return LabObjects.data(object);
    }

    /** The ERROR event's Status code (410), or 0. */
    int code() {
        return object.path("code").asInt(0);
    }

    String message() {
        return object.path("message").asText();
    }

    /**
     * The line as sent, with the uid and creationTimestamp values (which differ on every run, and
     * which the docs must not carry) replaced by "...".
     */
    String redacted() {
        return line.replaceAll("\"uid\":\"[^\"]*\"", "\"uid\":\"...\"")
                .replaceAll("\"creationTimestamp\":\"[^\"]*\"", "\"creationTimestamp\":\"...\"");
    }

    /** {@code MODIFIED demo  resourceVersion 9  data {k=v2}}, or for a BOOKMARK or ERROR what it carries. */
    String summary() {
        return switch (type) {
            case "BOOKMARK" -> "BOOKMARK  resourceVersion " + resourceVersion();
            case "ERROR" -> "ERROR  " + code() + " " + object.path("reason").asText() + ": " + message();
            default -> String.format("%-8s %s  resourceVersion %d  data %s", type, name(), resourceVersion(), data());
        };
    }
}
