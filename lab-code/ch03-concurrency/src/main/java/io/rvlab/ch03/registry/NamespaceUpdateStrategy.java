package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.registry.NamespaceStrategy;

/** Namespaces: spec.finalizers and status are the server's; the name label always follows the name. */
public class NamespaceUpdateStrategy implements UpdateStrategy {

    @Override
    public boolean allowUnconditionalUpdate() {
        return true;
    }

    @Override
    public void prepareForUpdate(ObjectNode updated, ObjectNode old) {
        if (old.get("spec") != null) {
            updated.set("spec", old.get("spec").deepCopy());
        }
        if (old.get("status") != null) {
            updated.set("status", old.get("status").deepCopy());
        }
        ObjectMeta.setLabel(updated, NamespaceStrategy.NAME_LABEL, ObjectMeta.name(updated));
    }
}
