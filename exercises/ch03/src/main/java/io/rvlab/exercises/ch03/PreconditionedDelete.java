package io.rvlab.exercises.ch03;

import io.etcd.jetcd.KV;

/**
 * <b>Exercise 3.5: a DELETE with preconditions, as one etcd transaction.</b>
 *
 * <p>A client can attach preconditions to a DELETE ({@code DeleteOptions.preconditions}): "delete it
 * only if its uid is still U" (it is the very object I mean, not a new one with the same name) and
 * "only if its resourceVersion is still R" (nobody changed it since I looked). A garbage collector
 * deleting an owner's dependents, or a controller cleaning up what it created, relies on them: the
 * promise is that the object deleted is the very object the preconditions held for. Other writers
 * are busy on the same etcd at the same time: a check that was true a moment ago is worth nothing
 * if the object can change (or be deleted and recreated) before the delete lands, and a write by
 * someone else must not turn into an error when the preconditions still hold for what is stored.
 *
 * <p>The answers, from GOLD c2 (a ConfigMap {@code cm-del} with uid {@code e169eed2-...}):
 * <ul>
 *   <li>no such key: 404, {@code configmaps "cm-del" not found} (c2.4); the resource, lower-case
 *       plural, with its group after a dot when it has one ({@code deployments.apps "web" not found});</li>
 *   <li>the uid differs (checked first): 409, {@code Operation cannot be fulfilled on ConfigMap
 *       "cm-del": the UID in the precondition (00000000-0000-0000-0000-000000000000) does not match
 *       the UID in record (e169eed2-dbe3-4f8e-802f-8862742d0406). The object might have been deleted
 *       and then recreated} (c2.2);</li>
 *   <li>the resourceVersion differs: 409, {@code Operation cannot be fulfilled on ConfigMap "cm-del":
 *       the ResourceVersion in the precondition (95) does not match the ResourceVersion in record
 *       (96). The object might have been modified} (c2.1);</li>
 *   <li>both hold (or none was given): 200, the key is deleted (c2.3).</li>
 * </ul>
 * Note the conflict names the <em>Kind</em> ({@code ConfigMap}, {@code Deployment.apps}), the
 * not-found the <em>resource</em> ({@code configmaps}). The resourceVersion is compared as text,
 * as Kubernetes compares it: the record's is the key's mod_revision in decimal. A conflict or a
 * not-found writes nothing. (When a precondition fails only on a second look, after a concurrent
 * write, kube-apiserver words the 409 as a storage error; this exercise gives the same messages as
 * above.)
 *
 * <p>The object is stored as JSON; its uid is {@code metadata.uid}. You answer with this class's own
 * records ({@link Outcome}, and you are given {@link Target} and {@link Preconditions}: not chapter
 * 3's {@code io.rvlab.ch03.storage.Preconditions}); talk to etcd through the {@code KV} you are
 * given, nothing else (the tests race you through it). Grade it with
 * {@code ./course grade 3 --exercise 3.5}; the specification is {@code PreconditionedDeleteTest}.
 */
public final class PreconditionedDelete {

    private PreconditionedDelete() {
    }

    // tag::signature[]
    /** Who the object is: its kind and resource, with the API group ({@code ""} for the core group), and name. */
    public record Target(String group, String kind, String resource, String name) {
    }

    /** {@code DeleteOptions.preconditions}; an empty string means "no condition". */
    public record Preconditions(String uid, String resourceVersion) {
        public static final Preconditions NONE = new Preconditions("", "");
    }

    /** What the DELETE answers. */
    public sealed interface Outcome {
        /** 200: deleted by the etcd transaction at {@code revision}; {@code uid} is the deleted object's. */
        record Deleted(long revision, String uid) implements Outcome {
        }

        /** 404 NotFound with this message. */
        record NotFound(String message) implements Outcome {
        }

        /** 409 Conflict with this message: a precondition does not hold. */
        record Conflict(String message) implements Outcome {
        }
    }

    /**
     * Deletes the object stored under {@code key} if it meets the preconditions.
     *
     * @param key the registry key, e.g. {@code /registry/configmaps/lab/cm-del}
     */
    public static Outcome delete(KV kv, String key, Target target, Preconditions preconditions) {
        throw new UnsupportedOperationException("TODO exercise 3.5");
    }
    // end::signature[]
}
