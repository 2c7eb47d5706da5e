package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * <b>Exercise 3.4: a three-way merge, the "merge" answer to a conflict, and kubectl apply's patch.</b>
 *
 * <p>You read an object (<i>base</i>), changed it (<i>mine</i>), and your PUT got 409 Conflict:
 * someone else wrote first, and the server now holds <i>theirs</i>. Retrying your whole object
 * would throw their change away; giving up would throw yours away. A merge keeps both, the way
 * {@code kubectl edit} does: turn your change into a JSON merge patch (RFC 7386, what Kubernetes
 * accepts as {@code application/merge-patch+json}) and apply it to the latest object. The patch
 * mentions only what you changed, so it carries neither base's resourceVersion nor anything you did
 * not touch. A merge must not hide a real disagreement: when you and they changed the same field to
 * different results, nothing is merged and every such field is reported, as deep as the
 * disagreement goes. "No value" and {@code null} are the same thing here.
 *
 * <p>{@code kubectl apply} has a third input instead of a conflict: the configuration it applied
 * last time, kept in the object's {@code kubectl.kubernetes.io/last-applied-configuration}
 * annotation. Its patch makes the live object say what your configuration says, removes what you
 * applied before and no longer apply, and leaves alone every field you never applied: what the
 * server defaulted, what a controller or another client added. It never renames or retypes an
 * object.
 *
 * <p>Given (this package): throw {@link io.rvlab.exercises.ch03.MergeConflictException} with the
 * conflicting fields' paths, and {@link io.rvlab.exercises.ch03.PreconditionFailedException} for an
 * apply that would change the object's identity. Objects are Jackson's {@code JsonNode}/{@code
 * ObjectNode}; the chapter 3 server's own merge patch ({@code io.rvlab.ch03.registry.MergePatch}) is
 * not for you to call: a grading test checks that your class does not. Grade it with
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

    /**
     * The merge patch {@code kubectl apply} sends for a type the client has no strategic schema for
     * (a custom resource): applied to {@code live}, it gives an object that agrees with
     * {@code config} on every field config states, lacks what {@code lastApplied} had and config no
     * longer has, and keeps everything else live holds. It sets no field to the value live already
     * has. None of the arguments is changed.
     *
     * @param lastApplied the configuration applied last time; {@code null} on the first apply
     * @param config the configuration applied now
     * @param live the object the server holds now
     * @throws PreconditionFailedException when the patch would change apiVersion, kind or
     *     metadata.name; its {@code path()} names that field, as {@code .kind}
     */
    public static ObjectNode createThreeWayMergePatch(ObjectNode lastApplied, ObjectNode config, ObjectNode live) {
        throw new UnsupportedOperationException("TODO exercise 3.4");
    }
    // end::signature[]
}
