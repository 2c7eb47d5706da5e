package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A PATCH body in one of Kubernetes' patch formats, parsed and ready to be applied to the object as
 * stored (apiserver's patcher). Applying it may run more than once, each time on a fresher object
 * (inside a guaranteed update), so it has no side effects.
 */
public interface Patch {

    /**
     * The patched object, as a new tree ({@code current} is left as it was).
     *
     * @throws io.rvlab.ch02.api.StatusException if the patch does not apply (a 422, or a 400 for a
     *         malformed one)
     */
    JsonNode apply(ObjectNode current);

    /**
     * The value a 422 about the patched object quotes ({@code patch: Invalid value: "..."}):
     * Kubernetes prints the patched JSON for JSON and merge patches, the patch itself (as a Go map)
     * for strategic merge patches.
     */
    String invalidValue(JsonNode patched);
}
