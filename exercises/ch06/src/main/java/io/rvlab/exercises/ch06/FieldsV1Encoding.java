package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldSet;

/**
 * <b>Exercise 6.1: the FieldsV1 encoding.</b>
 *
 * <p>Every {@code metadata.managedFields} entry carries the set of fields its manager owns, as {@code
 * fieldsV1}: a tree of nested JSON objects whose keys are path elements in their encoded form ({@code
 * "f:data"} a field, {@code "k:{\"name\":\"nginx\"}"} a keyed item, {@code "v:\"finalizer.x\""} a set item,
 * {@code "i:0"} an index). A path of the set ends at {@code {}}; a path that is in the set <em>and</em> has
 * paths of the set under it also gets the key {@code "."}:
 * <pre>
 * {"f:data":{".":{},"f:k":{}},"f:metadata":{"f:labels":{".":{},"f:app":{}}}}
 * </pre>
 * is {@code .data} (the map itself), {@code .data.k}, {@code .metadata.labels} and {@code .metadata.labels.app};
 * not {@code .metadata}, which is only on the way.
 *
 * <p>Writing must give kube-apiserver's bytes: in every object {@code "."} first, then the children in
 * structured-merge-diff's path-element order ({@code io.rvlab.ch06.fieldpath.PathElement} is {@code Comparable}
 * in exactly that order). Reading must accept any key order and skip keys of a kind it does not know (a newer
 * server may write new kinds). Why it matters: {@code kubectl get --show-managed-fields} shows these bytes,
 * every client that reads managedFields parses them, and the server compares them to know whether an apply
 * changed anything (a no-op apply must not write a new resourceVersion).
 *
 * <p>Given: {@code io.rvlab.ch06.fieldpath.FieldSet}, {@code FieldPath} and {@code PathElement} (its {@code
 * encode()} and {@code decode(String)}). Refused by the tests: the course's own encoder, {@code
 * io.rvlab.ch06.fieldpath.FieldsV1}. Grade it with {@code ./course grade 6 --exercise 6.1}; the specification
 * is {@code FieldsV1EncodingTest} (golden bytes of a real kube-apiserver 1.26, then the sets this chapter's
 * server records on etcd).
 */
public final class FieldsV1Encoding {

    private FieldsV1Encoding() {
    }

    // tag::signature[]
    /**
     * The {@code fieldsV1} object for {@code set}, key for key and in kube-apiserver's order: {@code "."}
     * first when the node is itself in the set and has children, then the children in {@code
     * PathElement} order; every path of the set that has no children is {@code {}}.
     */
    public static ObjectNode encode(FieldSet set) {
        throw new UnsupportedOperationException("TODO exercise 6.1");
    }

    /**
     * The field set a {@code fieldsV1} object describes, whatever the order of its keys. Keys with an
     * unknown prefix are skipped; a value that is not an object, or a malformed key, is an {@link
     * IllegalArgumentException}.
     */
    public static FieldSet decode(JsonNode fieldsV1) {
        throw new UnsupportedOperationException("TODO exercise 6.1");
    }
    // end::signature[]
}
