package io.rvlab.exercises.ch03;

import io.etcd.jetcd.KV;

/**
 * <b>Exercise 3.5: a DELETE with preconditions, as one etcd transaction.</b>
 *
 * <p>{@code DeleteOptions.preconditions} say "delete it only if its uid is still U" (the very object
 * I mean, not a new one with the same name) and "only if its resourceVersion is still R" (nobody
 * changed it since I looked). A garbage collector deleting an owner's dependents relies on them. The
 * guarantee: the object deleted is one the preconditions hold for, however other clients write,
 * delete or recreate the key meanwhile; and another client's write is never an error by itself.
 *
 * <p>The answers, from GOLD c2 (a ConfigMap {@code cm-del} with uid {@code e169eed2-...}):
 * <ul>
 *   <li>no such key: 404, {@code configmaps "cm-del" not found} (c2.4): the resource, lower-case
 *       plural, with its group after a dot when it has one ({@code deployments.apps "web" not found});</li>
 *   <li>the uid differs (its 409 wins when both differ): {@code Operation cannot be fulfilled on
 *       ConfigMap "cm-del": the UID in the precondition (00000000-0000-0000-0000-000000000000) does not
 *       match the UID in record (e169eed2-dbe3-4f8e-802f-8862742d0406). The object might have been
 *       deleted and then recreated} (c2.2);</li>
 *   <li>the resourceVersion differs: 409, {@code Operation cannot be fulfilled on ConfigMap "cm-del":
 *       the ResourceVersion in the precondition (95) does not match the ResourceVersion in record
 *       (96). The object might have been modified} (c2.1);</li>
 *   <li>both hold (or none was given): 200, the key is deleted (c2.3).</li>
 * </ul>
 * A 409 names the <em>Kind</em> ({@code Deployment.apps}), a 404 the <em>resource</em>. The
 * resourceVersion is compared as text; the record's is the key's mod_revision in decimal. A 409 or
 * 404 writes nothing, and keeps these messages also when it is found only after a concurrent write.
 *
 * <p>The uid is the stored JSON's {@code metadata.uid}. Answer with this class's records
 * ({@link Outcome}; {@link Target} and {@link Preconditions} are given, not chapter 3's
 * {@code io.rvlab.ch03.storage.Preconditions}); talk to etcd only through the {@code KV} given (the
 * tests race you through it). Grade: {@code ./course grade 3 --exercise 3.5}; spec: {@code PreconditionedDeleteTest}.
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
     * @throws IllegalStateException if the calling thread is interrupted while waiting for etcd, with the
     *     thread's interrupt flag still set (a request's thread is stopped that way; the interrupt must not be lost)
     */
    public static Outcome delete(KV kv, String key, Target target, Preconditions preconditions) {
        throw new UnsupportedOperationException("TODO exercise 3.5");
    }
    // end::signature[]
}
