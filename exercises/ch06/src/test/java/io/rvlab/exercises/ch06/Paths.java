package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Field sets as the path strings of conflict messages, so that an assertion failure reads like a 409. */
final class Paths {

    private Paths() {
    }

    /** manager -> its paths, printed (".data.color"), sorted. */
    static Map<String, TreeSet<String>> printed(Map<String, FieldSet> sets) {
        Map<String, TreeSet<String>> out = new TreeMap<>();
        sets.forEach((manager, set) -> out.put(manager, printed(set)));
        return out;
    }

    static TreeSet<String> printed(FieldSet set) {
        TreeSet<String> out = new TreeSet<>();
        for (FieldPath path : set.paths()) {
            out.add(path.toString());
        }
        return out;
    }

    /** The causes of a 409 from an apply, grouped the same way: "\"alice\"" -> {".data.color"}. */
    static Map<String, TreeSet<String>> causes(JsonNode status) {
        Map<String, TreeSet<String>> out = new TreeMap<>();
        for (JsonNode cause : status.path("details").path("causes")) {
            String manager = cause.path("message").asText().substring("conflict with ".length());
            out.computeIfAbsent(manager, m -> new TreeSet<>()).add(cause.path("field").asText());
        }
        return out;
    }
}
