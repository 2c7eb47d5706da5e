package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KV;

/**
 * <b>Exercise 3.5: a DELETE with preconditions, and finalizers.</b>
 *
 * <p>{@code DeleteOptions.preconditions} say "only if its uid is still U" (the very object I mean, not
 * a new one with the same name) and "only if its resourceVersion is still R" (nobody changed it since I
 * looked); a garbage collector relies on them. An object whose {@code metadata.finalizers} is not empty
 * is not removed: kube-apiserver marks it as being deleted ({@code metadata.deletionTimestamp}, once;
 * {@code deletionGracePeriodSeconds} 0) and keeps it until its controllers remove their finalizers.
 * Guarantees, however others write, mark, delete or recreate the key meanwhile: what this DELETE removes
 * or marks is an object the preconditions hold for as stored at that moment; marking loses no one's
 * write; a DELETE of an object already being deleted writes nothing; a concurrent write is no error.
 *
 * <p>The answers, from GOLD c2 (a ConfigMap {@code cm-del} with uid {@code e169eed2-...}):
 * <ul>
 *   <li>no such key: 404, {@code configmaps "cm-del" not found} (c2.4): the resource, lower-case
 *       plural, with its group after a dot when it has one ({@code deployments.apps "web" not found});</li>
 *   <li>the uid differs (its 409 wins when both differ): {@code Operation cannot be fulfilled on
 *       ConfigMap "cm-del": the UID in the precondition (00000000-0000-0000-0000-000000000000) does not
 *       match the UID in record (e169eed2-dbe3-4f8e-802f-8862742d0406). The object might have been
 *       deleted and then recreated} (c2.2); the resourceVersion differs: 409, {@code ... on ConfigMap
 *       "cm-del": the ResourceVersion in the precondition (95) does not match the ResourceVersion in
 *       record (96). The object might have been modified} (c2.1);</li>
 *   <li>both hold (or none was given): 200, {@link Outcome.Deleted} (c2.3) or {@link Outcome.Kept}.</li>
 * </ul>
 * A 409 names the <em>Kind</em> ({@code Deployment.apps}), a 404 the <em>resource</em>. A resourceVersion
 * is compared as text; the record's is the key's mod_revision in decimal. A 409 or 404 writes nothing.
 * Use only the {@code KV} given (the tests race you through it); the given {@code io.rvlab.exercises.ch03.StoredObjects}
 * (with {@code io.rvlab.ch02.storage.Versioner}) decodes and encodes stored JSON, which holds no resourceVersion. {@link Target} and
 * {@link Preconditions} are this class's, not {@code io.rvlab.ch03.storage.Preconditions}. Grade: {@code ./course grade 3 --exercise 3.5}.
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

        /**
         * 200 with the object, which stays in etcd because it has finalizers: {@code object} as stored
         * after this DELETE (its {@code metadata.deletionTimestamp} a metav1.Time: RFC 3339, UTC, whole
         * seconds; {@code deletionGracePeriodSeconds} 0), its {@code metadata.resourceVersion} the key's
         * mod_revision.
         */
        record Kept(ObjectNode object) implements Outcome {
        }

        /** 404 NotFound with this message. */
        record NotFound(String message) implements Outcome {
        }

        /** 409 Conflict with this message: a precondition does not hold. */
        record Conflict(String message) implements Outcome {
        }
    }

    /**
     * Deletes the object stored under {@code key} if it meets the preconditions, or, if it has
     * finalizers, marks it as being deleted.
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
