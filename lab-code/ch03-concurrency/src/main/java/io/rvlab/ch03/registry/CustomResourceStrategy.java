package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.registry.CreateStrategy;
import io.rvlab.ch02.storage.DnsNames;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The strategy of a custom resource with a /status subresource (apiextensions-apiserver's
 * customResourceStrategy and its statusStrategy), for create and update alike:
 * <ul>
 *   <li>a PUT must carry a resourceVersion: without one (or with "0") it is a 422, never a
 *       last-writer-wins update ({@code AllowUnconditionalUpdate} is false, unlike most built-in
 *       kinds);</li>
 *   <li>a PUT never creates ({@code AllowCreateOnUpdate} false: 404, as for every kind here);</li>
 *   <li>status is written only through /status: a create drops it, the main resource keeps the old
 *       one;</li>
 *   <li>generation starts at 1 and goes up on any change outside {@code metadata} (status cannot
 *       change there, so: spec, or any other top-level field); labels and annotations never move it;</li>
 *   <li>through /status, everything but status is the old object's, metadata included.</li>
 * </ul>
 */
public class CustomResourceStrategy implements CreateStrategy, UpdateStrategy {

    // tag::unconditional[]
    /** Custom resources refuse a PUT without a resourceVersion: a 422 "must be specified for an update". */
    @Override
    public boolean allowUnconditionalUpdate() {
        return false;
    }
    // end::unconditional[]

    @Override
    public void prepareForCreate(ObjectNode object) {
        object.remove("status"); // create cannot set status
        ObjectMeta.setGeneration(object, 1);
    }

    @Override
    public List<String> nameErrors(String name) {
        return DnsNames.subdomainErrors(name);
    }

    @Override
    public void prepareForUpdate(ObjectNode updated, ObjectNode old) {
        if (old.has("status")) {
            updated.set("status", old.get("status").deepCopy());
        } else {
            updated.remove("status");
        }
        if (!withoutMetadata(updated).equals(withoutMetadata(old))) {
            ObjectMeta.setGeneration(updated, ObjectMeta.generation(old) + 1);
        }
    }

    @Override
    public void prepareForStatusUpdate(ObjectNode updated, ObjectNode old) {
        JsonNode status = updated.get("status");
        updated.removeAll();
        updated.setAll(old.deepCopy());
        if (status == null) {
            updated.remove("status");
        } else {
            updated.set("status", status);
        }
    }

    /**
     * The object's top-level fields other than metadata: the part whose change is a new generation.
     * Nulls are left out, as Kubernetes prunes them from a custom resource before it compares.
     */
    private static ObjectNode withoutMetadata(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        copy.remove("metadata");
        pruneNulls(copy);
        return copy;
    }

    private static void pruneNulls(JsonNode node) {
        for (Iterator<JsonNode> values = node.elements(); values.hasNext(); ) {
            pruneNulls(values.next());
        }
        if (node instanceof ObjectNode object) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
                if (fields.next().getValue().isNull()) {
                    fields.remove();
                }
            }
        }
    }
}
