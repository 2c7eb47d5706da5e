package io.rvlab.ch02.registry;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates the namespaces every cluster has, if they are missing, as kube-apiserver's bootstrap
 * controller does at start-up: objects can only be created in a namespace that exists.
 */
public final class NamespaceBootstrap {

    /** The system namespaces, in the order they are created. */
    public static final List<String> SYSTEM_NAMESPACES = List.of("default", "kube-system", "kube-public");

    private NamespaceBootstrap() {
    }

    /** Creates each missing namespace; returns the ones it created. Already existing ones are left alone. */
    public static List<String> ensure(RegistryStore namespaces, List<String> names) {
        List<String> created = new ArrayList<>();
        for (String name : names) {
            ObjectNode namespace = JsonNodeFactory.instance.objectNode();
            namespace.put("apiVersion", "v1");
            namespace.put("kind", "Namespace");
            namespace.putObject("metadata").put("name", name);
            try {
                namespaces.create("", namespace);
                created.add(name);
            } catch (StatusException e) {
                if (e.status().code() != 409) {
                    throw e;
                }
            }
        }
        return created;
    }
}
