package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.DeleteOption;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 3.5: a DELETE with preconditions.
 *
 * <p>etcd cannot look inside a value, so the uid is checked here, on the object just read; the
 * transaction's compare on mod_revision is what makes that check still true when the delete
 * happens. As in exercise 3.1, the transaction's {@code Else} branch reads the key, so a lost race
 * hands over the fresh object for the next look without another round trip.
 */
public final class PreconditionedDelete {

    private static final ObjectMapper JSON = new ObjectMapper();

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
            String uid = uidOf(current, key);
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
            TxnResponse txn = await(kv.txn()
                    .If(new Cmp(keyBytes, Cmp.Op.EQUAL, CmpTarget.modRevision(current.getModRevision())))
                    .Then(Op.delete(keyBytes, DeleteOption.DEFAULT))
                    .Else(Op.get(keyBytes, GetOption.DEFAULT))
                    .commit(), key);
            if (txn.isSucceeded()) {
                return new Outcome.Deleted(txn.getHeader().getRevision(), uid);
            }
            kvs = txn.getGetResponses().get(0).getKvs(); // changed since the read: look again
        }
    }

    /** Kubernetes' {@code GroupResource.String()}: {@code configmaps}, {@code deployments.apps}. */
    private static String qualified(String name, String group) {
        return group.isEmpty() ? name : name + "." + group;
    }

    private static String uidOf(KeyValue keyValue, String key) {
        try {
            JsonNode object = JSON.readTree(keyValue.getValue().getBytes());
            return object.path("metadata").path("uid").asText("");
        } catch (IOException e) {
            throw new IllegalStateException("the value of " + key + " is not JSON: " + e.getMessage(), e);
        }
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
