package io.rvlab.ch05.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.labs.LabObjects;
import java.util.Map;
import java.util.TreeMap;

/** Short text for objects in transcripts. */
final class GoJsonText {

    private GoJsonText() {
    }

    /** "name@rv k=v" for each object, sorted by name: a store or a list, in one line. */
    static String objects(Iterable<? extends JsonNode> objects) {
        Map<String, String> sorted = new TreeMap<>();
        for (JsonNode o : objects) {
            sorted.put(o.path("metadata").path("name").asText(), o.path("metadata").path("resourceVersion").asText()
                    + (o.has("data") ? " " + LabObjects.data(o) : ""));
        }
        StringBuilder text = new StringBuilder();
        sorted.forEach((name, rest) -> text.append(text.length() == 0 ? "" : ", ").append(name).append('@').append(rest));
        return text.length() == 0 ? "(empty)" : text.toString();
    }
}
