package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** ConfigMaps: any update goes, with or without a resourceVersion (golden c1.3); no generation. */
public class ConfigMapUpdateStrategy implements UpdateStrategy {

    @Override
    public boolean allowUnconditionalUpdate() {
        return true;
    }

    @Override
    public void prepareForUpdate(ObjectNode updated, ObjectNode old) {
        // nothing is server-owned in a ConfigMap
    }
}
