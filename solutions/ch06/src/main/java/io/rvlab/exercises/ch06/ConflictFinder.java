package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.Comparison;
import io.rvlab.ch06.structured.Merge;
import java.util.Map;
import java.util.TreeMap;

/** Exercise 6.2, a reference answer: the conflicts of an apply without force. */
public final class ConflictFinder {

    private ConflictFinder() {
    }

    public static Map<String, FieldSet> conflicts(JsonNode live, JsonNode config, String applier,
                                                  Map<String, FieldSet> owners, ApplySchema schema) {
        JsonNode merged = Merge.apply(live, config, schema);
        // What the apply would add or modify; a value applied equal to the live one is not in it (shared ownership).
        FieldSet changed = Comparison.of(live, merged, schema).changed();
        Map<String, FieldSet> conflicts = new TreeMap<>();
        owners.forEach((manager, owned) -> {
            if (manager.equals(applier)) {
                return;
            }
            FieldSet contested = owned.intersection(changed);
            if (!contested.isEmpty()) {
                conflicts.put(manager, contested);
            }
        });
        return conflicts;
    }
}
