package io.rvlab.ch03.controller;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The status this chapter's tiny controllers report for a Deployment. A real deployment controller
 * creates and scales ReplicaSets and counts their pods; these pretend every replica the spec asks
 * for is there and ready, because what they are about is when status is written, not what it says.
 */
public final class DeploymentStatus {

    private DeploymentStatus() {
    }

    // tag::desired-status[]
    /**
     * The status answering the Deployment's current spec: {@code observedGeneration} is the
     * generation this answer is for, so readers can tell a status that is up to date from one
     * that still describes an older spec.
     */
    public static ObjectNode desired(JsonNode deployment) {
        long generation = deployment.path("metadata").path("generation").asLong();
        long replicas = deployment.path("spec").path("replicas").asLong(1);
        ObjectNode status = JsonNodeFactory.instance.objectNode();
        status.put("observedGeneration", generation);
        status.put("replicas", replicas);
        status.put("updatedReplicas", replicas);
        status.put("readyReplicas", replicas);
        status.put("availableReplicas", replicas);
        return status;
    }
    // end::desired-status[]

    static long generation(JsonNode deployment) {
        return deployment.path("metadata").path("generation").asLong();
    }

    static long observedGeneration(JsonNode deployment) {
        return deployment.path("status").path("observedGeneration").asLong(0);
    }

    static long resourceVersion(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }
}
