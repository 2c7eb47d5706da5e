package io.rvlab.ch02.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.storage.DnsNames;
import java.util.List;

/**
 * Namespaces: cluster-scoped, named by a DNS-1123 label (they become part of other objects' keys
 * and of DNS names). On create the server sets the phase to Active, the finalizer "kubernetes", and
 * the label {@code kubernetes.io/metadata.name}, as kube-apiserver does.
 */
public class NamespaceStrategy implements CreateStrategy {

    /** The label every namespace carries with its own name, so selectors can pick namespaces by name. */
    public static final String NAME_LABEL = "kubernetes.io/metadata.name";

    @Override
    public void prepareForCreate(ObjectNode object) {
        // The finalizer "kubernetes" makes a later delete wait until the namespace's contents are gone.
        ObjectNode spec = object.get("spec") instanceof ObjectNode given ? given : JsonNodeFactory.instance.objectNode();
        ArrayNode finalizers = spec.get("finalizers") instanceof ArrayNode given ? given : spec.putArray("finalizers");
        boolean present = false;
        for (JsonNode finalizer : finalizers) {
            present |= "kubernetes".equals(finalizer.asText());
        }
        if (!present) {
            finalizers.add("kubernetes");
        }
        object.remove("spec");
        object.remove("status");
        object.set("spec", spec);
        object.putObject("status").put("phase", "Active");
        if (!ObjectMeta.name(object).isEmpty()) {
            ObjectMeta.setLabel(object, NAME_LABEL, ObjectMeta.name(object));
        }
    }

    @Override
    public List<String> nameErrors(String name) {
        return DnsNames.labelErrors(name);
    }
}
