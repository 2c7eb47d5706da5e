package io.rvlab.ch02.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.storage.DnsNames;
import java.util.List;

/**
 * Deployments: a spec (desired state, written by users) and a status (observed state, written by
 * the deployment controller through the /status subresource). On create the server empties the
 * status, whatever the client sent, and starts {@code metadata.generation} at 1; chapter 3 bumps
 * it when the spec changes. This server stores Deployments; nothing reconciles them.
 */
public class DeploymentStrategy implements CreateStrategy {

    @Override
    public void prepareForCreate(ObjectNode object) {
        object.putObject("status"); // {} : clients do not get to write status on create
        ObjectMeta.setGeneration(object, 1);
    }

    @Override
    public List<String> nameErrors(String name) {
        return DnsNames.subdomainErrors(name);
    }
}
