package io.rvlab.ch02.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.DnsNames;
import java.util.List;

/**
 * ConfigMaps: plain data. Nothing is reset on create, and there is no {@code generation}: a
 * ConfigMap has no spec/status split, so there is no "desired state" to count.
 */
public class ConfigMapStrategy implements CreateStrategy {

    @Override
    public void prepareForCreate(ObjectNode object) {
        // nothing is server-owned in a ConfigMap
    }

    @Override
    public List<String> nameErrors(String name) {
        return DnsNames.subdomainErrors(name);
    }
}
