package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import java.util.Collection;

/**
 * <b>Exercise 6.4: the fields an apply removes.</b>
 *
 * <p>An applied configuration is a manager's whole intent, not a patch. There is no "delete" verb in
 * server-side apply: a manager removes a field by leaving it out of its next configuration. That is what
 * makes {@code kubectl apply --server-side -f dir/} converge: a container deleted from the file is deleted
 * from the cluster.
 *
 * <p>But fields are shared property. The value stays as long as <em>anyone</em> still wants it: the applier
 * itself (it still applies the field) or any other manager that owns it, by Apply or by Update. When the
 * last of its owners lets go, the field goes. A manager only ever gives up what it owned: a re-apply never
 * removes a field it did not apply before, however unowned that field is (fields nobody manages, such as
 * those written before managedFields existed, are not its to delete).
 *
 * <p>Removing a node removes what is under it: a container goes with its image and its ports, a map key with
 * its value. A path names a field of an object, the item of a keyed list whose key fields have the path's
 * values ({@code containers[name="nginx"]}, {@code ports[containerPort=53,protocol="UDP"]}), or the item of a
 * set equal to the path's value ({@code finalizers[="example.com/keep"]}).
 *
 * <p>Given: {@code io.rvlab.ch06.fieldpath.FieldSet}, {@code FieldPath} and {@code PathElement} (a keyed or set
 * element holds its values as Jackson nodes). Refused by the tests: the server's own pruning, {@code
 * io.rvlab.ch06.structured.RemoveItems}, {@code Updater} and {@code io.rvlab.ch06.managedfields.FieldManager}.
 * Grade it with {@code ./course grade 6 --exercise 6.4}; the specification is {@code FieldsToRemoveTest},
 * whose last tests re-apply configs on this chapter's server and compare the object it stores with the merged
 * object minus your removal.
 */
public final class FieldsToRemove {

    private FieldsToRemove() {
    }

    // tag::signature[]
    /**
     * The paths a re-apply removes from the object, as described above.
     *
     * @param previous what the applier owned before this apply (its managedFields entry)
     * @param applied what its new configuration sets
     * @param others every other manager's set, after this apply
     */
    public static FieldSet toRemove(FieldSet previous, FieldSet applied, Collection<FieldSet> others) {
        throw new UnsupportedOperationException("TODO exercise 6.4");
    }

    /**
     * A copy of {@code object} without the given paths (and whatever is under them); {@code object} is not
     * changed. Paths that are not in the object are ignored. A keyed item or a set item matches by value as
     * the path elements of managedFields compare values (so {@code 53} in a path names the port {@code 53}).
     * A path by index ({@code i:1}) removes nothing: a list addressed by position is atomic, owned whole.
     * The copy holds no map, list or object that the removal left empty: Kubernetes' typed objects omit an empty
     * field, so the server stores none (a Deployment whose last port goes has no {@code ports}). A node that was
     * empty already, or that lost nothing, stays as it was.
     */
    public static ObjectNode remove(JsonNode object, FieldSet paths) {
        throw new UnsupportedOperationException("TODO exercise 6.4");
    }
    // end::signature[]
}
