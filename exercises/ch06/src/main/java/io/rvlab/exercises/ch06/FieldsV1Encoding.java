package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldSet;

/**
 * <b>Exercise 6.1: the FieldsV1 encoding.</b>
 *
 * <p>Every {@code metadata.managedFields} entry carries the set of fields its manager owns, as {@code
 * fieldsV1}: a tree of nested JSON objects. Each key is one step of a path, encoded with a prefix:
 * {@code "f:data"} (a field), {@code "k:{\"name\":\"nginx\"}"} (an item of a keyed list),
 * {@code "v:\"finalizer.x\""} (an item of a set), {@code "i:0"} (a list index). A path of the set ends
 * at an empty object {@code {}}. A path that is in the set <em>and</em> has paths of the set under it
 * gets the key {@code "."} (the node itself) before its children:
 *
 * <pre>
 * {"f:data":{".":{},"f:k":{}},"f:metadata":{"f:labels":{".":{},"f:app":{}}}}
 * </pre>
 *
 * says: the manager owns {@code .data} (the map itself), {@code .data.k}, {@code .metadata.labels} and
 * {@code .metadata.labels.app}; not {@code .metadata}, which is only on the way.
 *
 * <p>kube-apiserver writes the keys of every object in one order: {@code "."} first, then the children
 * sorted as path elements sort (fields, then keys, then values, then indices; {@link
 * io.rvlab.ch06.fieldpath.PathElement} is {@code Comparable} in exactly that order). Readers must accept
 * any order, and skip keys whose prefix they do not know (a newer server may write new kinds).
 *
 * <p>Given: {@link FieldSet} ({@code paths()}, {@code has}, {@code of}, {@code with}),
 * {@link io.rvlab.ch06.fieldpath.FieldPath} ({@code of()}, {@code child}, {@code elements()}) and
 * {@link io.rvlab.ch06.fieldpath.PathElement} ({@code encode()}, {@code decode(String)}, {@code compareTo}).
 * Why it matters: {@code kubectl get -o yaml --show-managed-fields} shows exactly these bytes, every
 * client that reads managedFields parses them, and the API server compares them byte for byte to know
 * whether an apply changed anything (a no-op apply must not write a new resourceVersion).
 *
 * <p>Grade it with {@code ./course grade 6 --exercise 6.1}; the specification is {@code
 * FieldsV1EncodingTest}: golden bytes written by a real kube-apiserver 1.26, then the field sets this
 * chapter's server records on a real etcd, which your encoding must reproduce byte for byte.
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
