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
 * <p>Writing must give kube-apiserver's bytes, key order included. Reading must accept any key order, skip a
 * key of a kind it does not know (a newer server may write new kinds), and refuse what kube-apiserver refuses,
 * with its error. Why it matters: {@code kubectl get --show-managed-fields} shows these bytes, every client that
 * reads managedFields parses them, and the server compares them to know whether an apply changed anything (a
 * no-op apply must not write a new resourceVersion).
 *
 * <p>Given: {@code io.rvlab.ch06.fieldpath.FieldSet}, {@code FieldPath} and the records of {@code PathElement}
 * ({@code Field}, {@code Key}, {@code Value}, {@code Index}, {@code Comparable} in structured-merge-diff's order);
 * {@code io.rvlab.ch02.wire.gojson.GoJson} writes JSON as Go does. Refused by the tests: the course's own encoder,
 * {@code io.rvlab.ch06.fieldpath.FieldsV1}, and {@code PathElement}'s {@code encode()} and {@code decode(String)}:
 * a path element's key is yours to write and to read. Grade it with {@code ./course grade 6 --exercise 6.1};
 * the specification is {@code FieldsV1EncodingTest} (golden bytes of a real kube-apiserver 1.26, then the sets
 * this chapter's server records on etcd).
 */
public final class FieldsV1Encoding {

    private FieldsV1Encoding() {
    }

    // tag::signature[]
    /** The {@code fieldsV1} object for {@code set}, byte for byte as kube-apiserver writes it. */
    public static ObjectNode encode(FieldSet set) {
        throw new UnsupportedOperationException("TODO exercise 6.1");
    }

    /**
     * The field set a {@code fieldsV1} object describes, whatever the order of its keys. A well-formed key of
     * a kind this version does not know is skipped; a value that is not an object, or a malformed key, is an
     * {@link IllegalArgumentException} whose message names the key or carries structured-merge-diff's error
     * for it (as kube-apiserver's answer does).
     */
    public static FieldSet decode(JsonNode fieldsV1) {
        throw new UnsupportedOperationException("TODO exercise 6.1");
    }
    // end::signature[]
}
