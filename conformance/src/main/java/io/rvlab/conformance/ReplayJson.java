package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/** The replay's reading of JSON bodies: lenient (a body that is not JSON reads as null). */
final class ReplayJson {

    static final ObjectMapper JSON = new ObjectMapper();

    private ReplayJson() {
    }

    static JsonNode json(String body) {
        try {
            return body.isBlank() ? null : JSON.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    /** An object body's numeric metadata.resourceVersion. */
    static Optional<Long> objectRv(String body) {
        JsonNode json = json(body);
        String text = json == null ? "" : json.path("metadata").path("resourceVersion").asText("");
        return text.matches("[0-9]+") ? Optional.of(Long.parseLong(text)) : Optional.empty();
    }
}
