package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/** Ready-made index functions (client-go's {@code MetaNamespaceIndexFunc} and a by-label one). */
public final class Indexers {

    /** The name client-go gives the by-namespace index ({@code cache.NamespaceIndex}). */
    public static final String NAMESPACE = "namespace";

    private Indexers() {
    }

    /** An object's namespace; "" for a cluster-scoped object, as client-go indexes it. */
    public static IndexFunc byNamespace() {
        return object -> List.of(object.path("metadata").path("namespace").asText(""));
    }

    /** The value of label {@code labelKey}; no value (not indexed) if the label is absent. */
    public static IndexFunc byLabel(String labelKey) {
        return object -> {
            JsonNode value = object.path("metadata").path("labels").get(labelKey);
            return value == null || value.isNull() ? List.of() : List.of(value.asText());
        };
    }
}
