package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import java.util.Objects;

/**
 * What differs between kinds when an object is updated (apiserver's RESTUpdateStrategy): whether a
 * PUT without a resourceVersion is allowed, what the server keeps from the old object, and when
 * {@code metadata.generation} goes up. Before {@link #prepareForUpdate} runs, the registry has
 * already copied the old generation into the new object: clients never set it.
 */
public interface UpdateStrategy {

    // tag::strategy[]
    /** Whether a PUT without resourceVersion (or "0") is a last-writer-wins update, or a 422. */
    boolean allowUnconditionalUpdate();

    /** Resets what a client may not change through the main resource, and bumps generation if needed. */
    void prepareForUpdate(ObjectNode updated, ObjectNode old);
    // end::strategy[]

    /**
     * Fills in the fields the kind defaults (Kubernetes' {@code SetDefaults_*}). Kubernetes runs them
     * as it decodes a body or reads an object from etcd, so the registry calls this on every decoded
     * body and on the stored object before the strategy compares old and new: a client that leaves
     * out a defaulted field changes nothing. Most kinds here have no defaults.
     */
    default void applyDefaults(ObjectNode object) {
    }

    /**
     * Through /status: the new object is the old one with the request's status (for kinds with a
     * status subresource). Generation never moves here.
     */
    default void prepareForStatusUpdate(ObjectNode updated, ObjectNode old) {
        updated.set("spec", old.get("spec") == null ? null : old.get("spec").deepCopy());
        if (old.get("spec") == null) {
            updated.remove("spec");
        }
    }

    /** The strategy of each of this server's kinds. */
    static UpdateStrategy of(ResourceType type) {
        if (type.strategy() instanceof UpdateStrategy both) {
            return both; // a strategy for create and update alike, such as a custom resource's
        }
        if (type.equals(ResourceTypes.DEPLOYMENTS)) {
            return new DeploymentUpdateStrategy();
        }
        if (type.equals(ResourceTypes.NAMESPACES)) {
            return new NamespaceUpdateStrategy();
        }
        return new ConfigMapUpdateStrategy();
    }

    /** Semantic equality of two optional JSON fields (absent = null = JSON null). */
    static boolean same(JsonNode a, JsonNode b) {
        boolean aEmpty = a == null || a.isNull();
        boolean bEmpty = b == null || b.isNull();
        return aEmpty || bEmpty ? aEmpty == bEmpty : Objects.equals(a, b);
    }
}
