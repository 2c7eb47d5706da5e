package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ObjectMeta;

/**
 * Deployments (Kubernetes' pkg/registry/apps/deployment/strategy.go): status is written only
 * through /status; generation goes up when the spec or the annotations change (annotations are
 * copied to ReplicaSets, so they are desired state too), never for labels or status. The server
 * never sets {@code status.observedGeneration}: that is the controller's answer (golden h1).
 */
public class DeploymentUpdateStrategy implements UpdateStrategy {

    @Override
    public boolean allowUnconditionalUpdate() {
        return true;
    }

    /** apps/v1's defaults, pod template included ({@link DeploymentDefaults}). */
    @Override
    public void applyDefaults(ObjectNode object) {
        DeploymentDefaults.apply(object);
    }

    // tag::generation[]
    @Override
    public void prepareForUpdate(ObjectNode updated, ObjectNode old) {
        // Status sent to the main resource is ignored: the old status stays (golden h.7).
        updated.set("status", old.has("status") ? old.get("status").deepCopy() : updated.objectNode());
        boolean specChanged = !UpdateStrategy.same(updated.get("spec"), old.get("spec"));
        boolean annotationsChanged = !UpdateStrategy.same(annotations(updated), annotations(old));
        if (specChanged || annotationsChanged) {
            ObjectMeta.setGeneration(updated, ObjectMeta.generation(old) + 1);
        }
    }

    @Override
    public void prepareForStatusUpdate(ObjectNode updated, ObjectNode old) {
        // Through /status only status changes: spec and labels come from the old object (golden h.8).
        UpdateStrategy.super.prepareForStatusUpdate(updated, old);
        ObjectNode metadata = ObjectMeta.of(updated);
        if (ObjectMeta.of(old).get("labels") != null) {
            metadata.set("labels", ObjectMeta.of(old).get("labels").deepCopy());
        } else {
            metadata.remove("labels");
        }
    }
    // end::generation[]

    private static com.fasterxml.jackson.databind.JsonNode annotations(ObjectNode object) {
        com.fasterxml.jackson.databind.JsonNode annotations = ObjectMeta.of(object).get("annotations");
        return annotations == null || annotations.isEmpty() ? null : annotations;
    }
}
