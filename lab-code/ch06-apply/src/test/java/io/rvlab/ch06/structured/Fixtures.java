package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.FieldsV1;
import java.io.UncheckedIOException;
import java.util.Map;

/** Test helpers: JSON written with single quotes, FieldsV1 as text, and kube's stripping of metadata. */
final class Fixtures {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Fields kube's field manager never records (its stripmeta step), removed from every set. */
    static final FieldSet UNTRACKED = FieldSet.of(FieldPath.fields("apiVersion"), FieldPath.fields("kind"),
            FieldPath.fields("metadata"), FieldPath.fields("metadata", "name"), FieldPath.fields("metadata", "namespace"),
            FieldPath.fields("metadata", "uid"), FieldPath.fields("metadata", "resourceVersion"),
            FieldPath.fields("metadata", "creationTimestamp"), FieldPath.fields("metadata", "generation"),
            FieldPath.fields("metadata", "managedFields"), FieldPath.fields("metadata", "selfLink"));

    private Fixtures() {
    }

    static ObjectNode json(String singleQuoted) {
        try {
            return (ObjectNode) JSON.readTree(singleQuoted.replace('\'', '"'));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String fieldsV1(FieldSet set) {
        return GoJson.compact(FieldsV1.encode(set)).replace('"', '\'');
    }

    static ManagedFieldSets strip(ManagedFieldSets managers) {
        ManagedFieldSets out = managers;
        for (Map.Entry<String, VersionedSet> e : managers.asMap().entrySet()) {
            out = out.with(e.getKey(), e.getValue().withSet(e.getValue().set().difference(UNTRACKED)));
        }
        return out;
    }

    static String owned(ManagedFieldSets managers, String manager) {
        return managers.get(manager).map(v -> fieldsV1(v.set())).orElse("(none)");
    }
}
