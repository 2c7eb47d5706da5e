package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reference answer to exercise 3.4: a three-way merge.
 *
 * <p>The conflict check walks the patch, not the objects: only what I changed can conflict. At
 * each key it compares three values, base's, theirs' and the one my patch would leave there; they
 * changed it when theirs differs from base, and it is a conflict only if they also differ from
 * mine. Where my patch and theirs are both objects, the walk goes one level down instead, because
 * applying the patch there merges key by key as well.
 *
 * <p>{@link #createThreeWayMergePatch} is kubectl apply's patch for a type without a strategic
 * schema (CreateThreeWayJSONMergePatch in k8s.io/apimachinery/pkg/util/jsonmergepatch/patch.go):
 * two two-way patches with different bases, each trusted for one thing only. From live to the
 * config it takes what to set (its nulls would remove what others added); from the last-applied
 * configuration to the config it takes what to remove (only what I once applied is mine to remove).
 */
public final class ThreeWayMerge {

    private ThreeWayMerge() {
    }

    public static ObjectNode createMergePatch(ObjectNode base, ObjectNode mine) {
        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = mine.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode old = base.get(field.getKey());
            JsonNode now = field.getValue();
            if (old != null && old.isObject() && now.isObject()) {
                ObjectNode nested = createMergePatch((ObjectNode) old, (ObjectNode) now);
                if (!nested.isEmpty()) {
                    patch.set(field.getKey(), nested);
                }
            } else if (!now.equals(old)) {
                patch.set(field.getKey(), now.deepCopy());
            }
        }
        for (Iterator<String> it = base.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!mine.has(key)) {
                patch.putNull(key);
            }
        }
        return patch;
    }

    public static JsonNode applyMergePatch(JsonNode target, JsonNode patch) {
        if (!patch.isObject()) {
            return patch.deepCopy();
        }
        ObjectNode result = target != null && target.isObject() ? ((ObjectNode) target).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getValue().isNull()) {
                result.remove(field.getKey());
            } else {
                result.set(field.getKey(), applyMergePatch(result.get(field.getKey()), field.getValue()));
            }
        }
        return result;
    }

    public static ObjectNode merge(ObjectNode base, ObjectNode mine, ObjectNode theirs) {
        ObjectNode patch = createMergePatch(base, mine);
        List<String> conflicts = new ArrayList<>();
        findConflicts(patch, base, theirs, "", conflicts);
        if (!conflicts.isEmpty()) {
            throw new MergeConflictException(conflicts);
        }
        return (ObjectNode) applyMergePatch(theirs, patch);
    }

    public static ObjectNode createThreeWayMergePatch(ObjectNode lastApplied, ObjectNode config, ObjectNode live) {
        ObjectNode original = lastApplied == null ? JsonNodeFactory.instance.objectNode() : lastApplied;
        ObjectNode setting = keep(createMergePatch(live, config), false);
        ObjectNode removing = keep(createMergePatch(original, config), true);
        // The two cannot disagree on a key: a null in one means config lacks it, a value in the other that it has it
        // (upstream's mergepatch.HasConflicts check is for that reason never true here).
        ObjectNode patch = (ObjectNode) applyMergePatch(removing, setting);
        // kubectl apply's preconditions (k8s.io/kubectl/pkg/cmd/apply/patcher.go): the patch, not the config, decides;
        // a removal of kind counts as much as a new kind.
        for (String key : List.of("apiVersion", "kind")) {
            if (patch.has(key)) {
                throw new PreconditionFailedException("." + key);
            }
        }
        JsonNode metadata = patch.get("metadata");
        if (metadata != null && metadata.isObject() && metadata.has("name")) {
            throw new PreconditionFailedException(".metadata.name");
        }
        return patch;
    }

    /**
     * keepOrDeleteNullInObj of jsonmergepatch/patch.go: only the removals ({@code nulls}) or only the rest, down
     * the objects; an object left empty by the filter says nothing and goes, while an empty object the patch sets
     * on purpose is a value.
     */
    private static ObjectNode keep(ObjectNode patch, boolean nulls) {
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            if (value.isNull()) {
                if (nulls) {
                    kept.putNull(field.getKey());
                }
            } else if (value.isObject() && !value.isEmpty()) {
                ObjectNode nested = keep((ObjectNode) value, nulls);
                if (!nested.isEmpty()) {
                    kept.set(field.getKey(), nested);
                }
            } else if (!nulls) {
                kept.set(field.getKey(), value.deepCopy());
            }
        }
        return kept;
    }

    private static void findConflicts(JsonNode patch, JsonNode base, JsonNode theirs, String path, List<String> conflicts) {
        for (Iterator<Map.Entry<String, JsonNode>> it = patch.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String here = path + "." + field.getKey();
            JsonNode baseValue = base == null ? null : base.get(field.getKey());
            JsonNode theirValue = theirs == null ? null : theirs.get(field.getKey());
            if (field.getValue().isObject() && theirValue != null && theirValue.isObject()) {
                findConflicts(field.getValue(), baseValue != null && baseValue.isObject() ? baseValue : null,
                        theirValue, here, conflicts);
                continue;
            }
            JsonNode myValue = field.getValue().isNull() ? null : applyMergePatch(baseValue, field.getValue());
            if (!same(theirValue, baseValue) && !same(theirValue, myValue)) {
                conflicts.add(here);
            }
        }
    }

    /** Equal values; absent and JSON null are both "no value". */
    private static boolean same(JsonNode a, JsonNode b) {
        boolean aNone = a == null || a.isNull();
        boolean bNone = b == null || b.isNull();
        return aNone || bNone ? aNone == bNone : Objects.equals(a, b);
    }
}
