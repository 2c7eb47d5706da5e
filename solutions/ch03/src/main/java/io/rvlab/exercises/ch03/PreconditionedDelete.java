package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import io.rvlab.ch02.storage.Versioner;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 3.5: a DELETE with preconditions, and finalizers.
 *
 * <p>etcd cannot look inside a value, so the uid is checked here, on the object just read; the
 * transaction's compare on mod_revision is what makes that check still true when the write happens.
 * The write is a delete, or, when the object has finalizers, a put that only marks it as being
 * deleted, as kube-apiserver's generic registry does (k8s.io/apiserver
 * pkg/registry/generic/registry/store.go: Delete, updateForGracefulDeletionAndFinalizers,
 * markAsDeleting). Which of the two it is is decided again on every look: a racing writer may add or
 * remove finalizers, or mark the object first. As in exercise 3.1, the transaction's {@code Else}
 * branch reads the key, so a lost race hands over the fresh object without another round trip.
 */
public final class PreconditionedDelete {

    private static final StoredObjects STORED = new StoredObjects(new Versioner());

    private PreconditionedDelete() {
    }

    public record Target(String group, String kind, String resource, String name) {
    }

    public record Preconditions(String uid, String resourceVersion) {
        public static final Preconditions NONE = new Preconditions("", "");
    }

    public sealed interface Outcome {
        record Deleted(long revision, String uid) implements Outcome {
        }

        record Kept(ObjectNode object) implements Outcome {
        }

        record NotFound(String message) implements Outcome {
        }

        record Conflict(String message) implements Outcome {
        }
    }

    public static Outcome delete(KV kv, String key, Target target, Preconditions preconditions) {
        ByteSequence keyBytes = ByteSequence.from(key, StandardCharsets.UTF_8);
        List<KeyValue> kvs = await(kv.get(keyBytes), key).getKvs();
        while (true) {
            if (kvs.isEmpty()) {
                return new Outcome.NotFound(qualified(target.resource(), target.group()) + " \"" + target.name() + "\" not found");
            }
            KeyValue current = kvs.get(0);
            ObjectNode object = STORED.decode(current);
            String uid = object.path("metadata").path("uid").asText("");
            String resourceVersion = Long.toString(current.getModRevision());
            String onKind = "Operation cannot be fulfilled on " + qualified(target.kind(), target.group()) + " \"" + target.name() + "\": ";
            if (!preconditions.uid().isEmpty() && !preconditions.uid().equals(uid)) {
                return new Outcome.Conflict(onKind + "the UID in the precondition (" + preconditions.uid()
                        + ") does not match the UID in record (" + uid + "). The object might have been deleted and then recreated");
            }
            if (!preconditions.resourceVersion().isEmpty() && !preconditions.resourceVersion().equals(resourceVersion)) {
                return new Outcome.Conflict(onKind + "the ResourceVersion in the precondition (" + preconditions.resourceVersion()
                        + ") does not match the ResourceVersion in record (" + resourceVersion + "). The object might have been modified");
            }
            Op write;
            ObjectNode marked = null;
            if (hasFinalizers(object)) {
                marked = markAsDeleting(object.deepCopy());
                ByteSequence bytes = STORED.encode(marked);
                if (bytes.equals(STORED.encode(object))) {
                    return new Outcome.Kept(object); // already being deleted: like GuaranteedUpdate, same bytes, no write
                }
                write = Op.put(keyBytes, bytes, PutOption.DEFAULT);
            } else {
                write = Op.delete(keyBytes, DeleteOption.DEFAULT);
            }
            if (Thread.currentThread().isInterrupted()) {
                // A read that had already completed returns even to an interrupted thread; a stopped request must not write.
                throw new IllegalStateException("interrupted before deleting " + key);
            }
            TxnResponse txn = await(kv.txn()
                    .If(new Cmp(keyBytes, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(write)
                    .Else(Op.get(keyBytes, GetOption.DEFAULT))
                    .commit(), key);
            if (txn.isSucceeded()) {
                long revision = txn.getHeader().getRevision();
                return marked == null ? new Outcome.Deleted(revision, uid) : new Outcome.Kept(STORED.asWrittenAt(marked, revision));
            }
            kvs = txn.getGetResponses().get(0).getKvs(); // changed since the read: look again, and decide again
        }
    }

    /** A finalizer left in metadata.finalizers keeps the object; an empty list keeps nothing. */
    private static boolean hasFinalizers(ObjectNode object) {
        JsonNode finalizers = object.path("metadata").path("finalizers");
        return finalizers.isArray() && !finalizers.isEmpty();
    }

    /**
     * store.go's markAsDeleting for a kind without graceful deletion: the first DELETE stamps
     * deletionTimestamp (metav1.Time: RFC 3339, whole seconds, UTC), every DELETE leaves a grace
     * period of 0, so a second DELETE changes nothing. (Upstream also bumps a non-zero generation and
     * pulls a future deletionTimestamp back to now; a ConfigMap has no generation, and only graceful
     * deletion sets a future one, so neither is part of this exercise.)
     */
    private static ObjectNode markAsDeleting(ObjectNode object) {
        ObjectNode metadata = (ObjectNode) object.get("metadata"); // there: it has finalizers
        if (!metadata.hasNonNull("deletionTimestamp")) {
            metadata.put("deletionTimestamp", Instant.now().truncatedTo(ChronoUnit.SECONDS).toString());
        }
        metadata.put("deletionGracePeriodSeconds", 0);
        return object;
    }

    /** Kubernetes' {@code GroupResource.String()}: {@code configmaps}, {@code deployments.apps}. */
    private static String qualified(String name, String group) {
        return group.isEmpty() ? name : name + "." + group;
    }

    private static <T> T await(CompletableFuture<T> future, String key) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while deleting " + key, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("deleting " + key + " failed: " + e.getCause(), e.getCause());
        }
    }
}
