package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * <b>Exercise 3.4: a three-way merge, the "merge" answer to a conflict.</b>
 *
 * <p>You read an object (<i>base</i>), changed it (<i>mine</i>), and your PUT got 409 Conflict:
 * someone else wrote first, and the server now holds <i>theirs</i>. Retrying your whole object
 * would throw their change away; giving up would throw yours away. A merge keeps both, the way
 * {@code kubectl edit} and {@code kubectl apply} do: turn your change into a patch, and apply the
 * patch to the latest object.
 *
 * <p>The patch is a JSON merge patch (RFC 7386, what Kubernetes accepts as
 * {@code application/merge-patch+json}): an object that lists, key by key, what to set; {@code null}
 * means "remove this key"; nested objects are patched key by key; anything else, arrays included,
 * replaces the old value whole. The patch from base to mine mentions only what you changed, so it
 * carries neither base's resourceVersion nor anything you did not touch.
 *
 * <p>A merge must not hide a real disagreement. What only one side changed, and what both changed
 * to the same result, merges silently; when you and they changed the same field to different
 * results, nothing is merged and every such field is reported, as deep as the disagreement goes
 * (not the whole object that holds it). "No value" and {@code null} are the same thing here.
 *
 * <p>Given: throw {@link io.rvlab.exercises.ch03.MergeConflictException} (this package), with the
 * conflicting fields' paths. Objects are Jackson's {@code JsonNode}/{@code ObjectNode}; the chapter 3
 * server's own merge patch ({@code io.rvlab.ch03.registry.MergePatch}) is not for you to call: a
 * grading test checks that your class does not. Grade it with
 * {@code ./course grade 3 --exercise 3.4}; the specification is {@code ThreeWayMergeTest}.
 */
public final class ThreeWayMerge {

    private ThreeWayMerge() {
    }

    // tag::signature[]
    /**
     * The smallest JSON merge patch that turns {@code base} into {@code mine}: applied to base (see
     * {@link #applyMergePatch}) it gives mine, and it mentions nothing that did not change, down to
     * the deepest object (so neither the resourceVersion you read nor a field you left alone is
     * sent back). Neither argument is changed.
     */
    public static ObjectNode createMergePatch(ObjectNode base, ObjectNode mine) {
        throw new UnsupportedOperationException("TODO exercise 3.4");
    }

    /**
     * RFC 7386's MergePatch(target, patch) (its section 2 defines it, its appendix A gives examples):
     * the document Kubernetes stores when it receives {@code patch} as
     * {@code application/merge-patch+json} for {@code target}. Neither argument is changed.
     *
     * @param target the document to patch; may be {@code null} (no document)
     */
    public static JsonNode applyMergePatch(JsonNode target, JsonNode patch) {
        throw new UnsupportedOperationException("TODO exercise 3.4");
    }

    /**
     * Your change (base to mine) applied onto theirs, or a conflict.
     *
     * @return theirs with your merge patch applied (theirs' resourceVersion therefore stays, ready
     *     for the next conditional write); none of the arguments is changed
     * @throws MergeConflictException naming, in any order, every field both sides changed to
     *     different values, as {@code .a.b}
     */
    public static ObjectNode merge(ObjectNode base, ObjectNode mine, ObjectNode theirs) {
        throw new UnsupportedOperationException("TODO exercise 3.4");
    }
    // end::signature[]
}
