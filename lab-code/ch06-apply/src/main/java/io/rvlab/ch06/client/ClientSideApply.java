package io.rvlab.ch06.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.wire.openapi.Schema;
import java.util.Iterator;
import java.util.Map;

/**
 * kubectl's client-side apply ({@code kubectl apply} without {@code --server-side}), the way SSA's
 * predecessor worked: the client remembers what it applied last in the annotation {@value
 * #LAST_APPLIED} of the object itself, and each apply sends a strategic merge patch it computed from
 * three objects:
 *
 * <ul>
 *   <li>the <em>original</em>: the last-applied configuration read back from the annotation,</li>
 *   <li>the <em>modified</em>: the new configuration (carrying its own annotation),</li>
 *   <li>the <em>current</em>: the live object.</li>
 * </ul>
 *
 * The patch deletes what the original had and the modified no longer has, and sets whatever in the
 * modified differs from the current. Nothing records who else wrote a field: a field another writer
 * changed is set back without a word when the configuration names it, and deleted when the
 * configuration stops naming it. That blindness is what server-side apply's managedFields fix.
 *
 * <p>Not modelled: kubectl's {@code $setElementOrder} directives (they only keep list order) and
 * its retries on a conflict.
 */
public final class ClientSideApply {

    /** The annotation kubectl keeps the last applied configuration in (JSON, ending with a newline). */
    public static final String LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
    /** The field manager kubectl's client-side apply writes as (its Update entries in managedFields). */
    public static final String MANAGER = "kubectl-client-side-apply";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final String PATCH = "$patch";
    private static final String DELETE_FROM_PRIMITIVE_LIST = "$deleteFromPrimitiveList/";

    private final Schema kind;

    /** Client-side apply of objects of {@code type}: the type's schema says which lists merge by key. */
    public ClientSideApply(ResourceType type) {
        this.kind = Definitions.of(type);
    }

    /** What one apply did: the request it sent (POST of the object, or the patch) and the server's answer. */
    public record Result(boolean created, ObjectNode sent, ObjectNode object) {
    }

    // tag::csa-apply[]
    /**
     * {@code kubectl apply -f config}: create the object with the annotation when it does not exist,
     * else send the three-way patch (from the annotation, the config, the live object).
     */
    public Result apply(ApplyClient client, String collectionPath, ObjectNode config) {
        String name = config.path("metadata").path("name").asText();
        ObjectNode modified = withLastApplied(config);
        ObjectNode current;
        try {
            current = client.get(collectionPath, name);
        } catch (StatusException e) {
            if (e.status().code() != 404) {
                throw e;
            }
            return new Result(true, modified, client.create(collectionPath, modified, MANAGER));
        }
        ObjectNode original = lastApplied(current);
        ObjectNode patch = threeWayPatch(original, modified, current);
        return new Result(false, patch, client.strategicMergePatch(collectionPath, name, GoJson.compact(patch), MANAGER));
    }
    // end::csa-apply[]

    /**
     * The config as kubectl sends it: a copy with the annotation set to the config's own JSON (the
     * config without that annotation), newline-terminated as kubectl's encoder writes it.
     */
    public static ObjectNode withLastApplied(ObjectNode config) {
        ObjectNode bare = config.deepCopy();
        JsonNode annotations = bare.path("metadata").path("annotations");
        if (annotations instanceof ObjectNode map) {
            map.remove(LAST_APPLIED);
            if (map.isEmpty()) {
                ((ObjectNode) bare.get("metadata")).remove("annotations");
            }
        }
        String text = GoJson.compact(bare) + "\n";
        ObjectNode modified = config.deepCopy();
        ObjectNode metadata = modified.has("metadata") ? (ObjectNode) modified.get("metadata") : modified.putObject("metadata");
        ObjectNode map = metadata.has("annotations") ? (ObjectNode) metadata.get("annotations") : metadata.putObject("annotations");
        map.put(LAST_APPLIED, text);
        return modified;
    }

    /** The last-applied configuration an object carries, or null when it has none (never applied client-side). */
    public static ObjectNode lastApplied(JsonNode object) {
        JsonNode text = object.path("metadata").path("annotations").path(LAST_APPLIED);
        if (!text.isTextual()) {
            return null;
        }
        try {
            return (ObjectNode) GoJson.read(text.asText().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } catch (Exception e) {
            throw new IllegalArgumentException("the " + LAST_APPLIED + " annotation is not a JSON object", e);
        }
    }

    // tag::three-way[]
    /**
     * kubectl's three-way strategic merge patch: deletions are what {@code original} had and
     * {@code modified} does not (the live object is not asked); changes are what {@code modified}
     * has and {@code current} does not have with the same value. Neither looks at who wrote what.
     */
    public ObjectNode threeWayPatch(ObjectNode original, ObjectNode modified, ObjectNode current) {
        ObjectNode deletions = original == null ? JSON.objectNode() : deletions(original, modified, kind);
        ObjectNode changes = changes(current, modified, kind);
        return merge(deletions, changes, kind);
    }
    // end::three-way[]

    /** Fields of {@code original} that {@code modified} dropped: null, a {@code $patch: delete} item, or a set item to delete. */
    private static ObjectNode deletions(JsonNode original, JsonNode modified, Schema declared) {
        ObjectNode patch = JSON.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = original.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            Schema schema = child(declared, name);
            JsonNode was = field.getValue();
            JsonNode now = modified.get(name);
            if (now == null) {
                patch.putNull(name);
            } else if (was.isObject() && now.isObject()) {
                ObjectNode inner = deletions(was, now, schema);
                if (!inner.isEmpty()) {
                    patch.set(name, inner);
                }
            } else if (was.isArray() && now.isArray() && schema != null && schema.mergeKey() != null) {
                String key = schema.mergeKey();
                ArrayNode items = JSON.arrayNode();
                for (JsonNode item : was) {
                    JsonNode kept = find(now, key, item.get(key));
                    if (kept == null) {
                        items.addObject().put(PATCH, "delete").set(key, item.get(key));
                    } else if (item.isObject() && kept.isObject()) {
                        ObjectNode inner = deletions(item, kept, schema.elements());
                        if (!inner.isEmpty()) {
                            ObjectNode keyed = JSON.objectNode();
                            keyed.set(key, item.get(key));
                            keyed.setAll(inner);
                            items.add(keyed);
                        }
                    }
                }
                if (!items.isEmpty()) {
                    patch.set(name, items);
                }
            } else if (was.isArray() && now.isArray() && schema != null && schema.mergesPrimitives()) {
                ArrayNode gone = JSON.arrayNode();
                for (JsonNode item : was) {
                    if (!contains(now, item)) {
                        gone.add(item);
                    }
                }
                if (!gone.isEmpty()) {
                    patch.set(DELETE_FROM_PRIMITIVE_LIST + name, gone);
                }
            }
        }
        return patch;
    }

    /** Fields of {@code modified} that {@code current} lacks or holds with another value (deletions ignored). */
    private static ObjectNode changes(JsonNode current, JsonNode modified, Schema declared) {
        ObjectNode patch = JSON.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = modified.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            Schema schema = child(declared, name);
            JsonNode want = field.getValue();
            JsonNode live = current == null ? null : current.get(name);
            if (want.equals(live)) {
                continue;
            }
            if (live != null && want.isObject() && live.isObject()) {
                ObjectNode inner = changes(live, want, schema);
                if (!inner.isEmpty()) {
                    patch.set(name, inner);
                }
            } else if (live != null && want.isArray() && live.isArray() && schema != null && schema.mergeKey() != null) {
                String key = schema.mergeKey();
                ArrayNode items = JSON.arrayNode();
                for (JsonNode item : want) {
                    JsonNode was = find(live, key, item.get(key));
                    if (was == null || !item.isObject() || !was.isObject()) {
                        items.add(item);
                    } else if (!item.equals(was)) {
                        ObjectNode inner = changes(was, item, schema.elements());
                        if (!inner.isEmpty()) {
                            ObjectNode keyed = JSON.objectNode();
                            keyed.set(key, item.get(key));
                            keyed.setAll(inner);
                            items.add(keyed);
                        }
                    }
                }
                if (!items.isEmpty()) {
                    patch.set(name, items);
                }
            } else if (live != null && want.isArray() && live.isArray() && schema != null && schema.mergesPrimitives()) {
                ArrayNode added = JSON.arrayNode();
                for (JsonNode item : want) {
                    if (!contains(live, item)) {
                        added.add(item);
                    }
                }
                if (!added.isEmpty()) {
                    patch.set(name, added);
                }
            } else {
                patch.set(name, want.deepCopy());
            }
        }
        return patch;
    }

    /** Deletions and changes in one patch: objects merge, keyed list items with the same key merge. */
    private static ObjectNode merge(ObjectNode deletions, ObjectNode changes, Schema declared) {
        ObjectNode patch = deletions.deepCopy();
        for (Iterator<Map.Entry<String, JsonNode>> it = changes.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String name = field.getKey();
            Schema schema = child(declared, name);
            JsonNode mine = patch.get(name);
            JsonNode theirs = field.getValue();
            if (mine instanceof ObjectNode a && theirs instanceof ObjectNode b) {
                patch.set(name, merge(a, b, schema));
            } else if (mine instanceof ArrayNode a && theirs instanceof ArrayNode b && schema != null && schema.mergeKey() != null) {
                String key = schema.mergeKey();
                ArrayNode items = a.deepCopy();
                for (JsonNode item : b) {
                    JsonNode same = find(items, key, item.get(key));
                    if (same instanceof ObjectNode target && !"delete".equals(target.path(PATCH).asText())) {
                        target.setAll(merge(target, (ObjectNode) item, schema.elements()));
                    } else {
                        items.add(item);
                    }
                }
                patch.set(name, items);
            } else {
                patch.set(name, theirs);
            }
        }
        return patch;
    }

    /** The schema of field {@code name} (or a map's values); null where the schema does not describe it. */
    private static Schema child(Schema declared, String name) {
        Schema schema = Definitions.resolve(declared);
        if (schema == null) {
            return null;
        }
        return switch (schema.type()) {
            case STRUCT -> schema.fields().get(name);
            case MAP -> schema.elements();
            default -> null;
        };
    }

    private static JsonNode find(JsonNode list, String key, JsonNode value) {
        for (JsonNode item : list) {
            if (item.isObject() && value != null && value.equals(item.get(key))) {
                return item;
            }
        }
        return null;
    }

    private static boolean contains(JsonNode list, JsonNode value) {
        for (JsonNode item : list) {
            if (item.equals(value)) {
                return true;
            }
        }
        return false;
    }
}
