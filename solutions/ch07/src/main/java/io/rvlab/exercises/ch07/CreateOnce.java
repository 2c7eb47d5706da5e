package io.rvlab.exercises.ch07;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * <b>Exercise 7.2: a create that is safe to retry after a leader change.</b>
 *
 * <p>With one etcd, a write is answered or not. With a cluster, a write can be applied and its answer lost:
 * the leader changes while the write is in flight (etcd's "leader changed"), the member the client talks to
 * dies, the call times out. The outcome is <em>unknown</em>, and giving up loses a write the client was
 * never told about, while retrying blindly may apply it twice or overwrite someone else's object.
 *
 * <p>Kubernetes makes a create safe to retry because a create never writes over anything: where the key
 * already holds an object, it stores nothing. The price is the question a retry must then answer: the key
 * is taken, but by whom? An object's bytes here are unique to one create (as its {@code metadata.uid} is):
 * if the stored object is this create's own, an earlier attempt was applied and only its answer was lost,
 * and the create succeeded; otherwise it is 409 AlreadyExists.
 *
 * <p>{@link #create} stores {@code object} at {@code key} at most once and says which of the two happened.
 * It keeps trying while outcomes are unknown, until {@code deadline} has passed (then it throws); no single
 * attempt may wait more than {@link #ATTEMPT}, since a member that is frozen, cut off or dead may never
 * answer, with no error either. An attempt it has moved on from no longer occupies the member, and it asks
 * again as a well-behaved client of a cluster in trouble does. It never writes over an object that is not
 * its own, and never stores its own twice. jetcd's {@code KV} answers with futures; etcd's failures arrive
 * as their {@link java.util.concurrent.ExecutionException}.
 *
 * <p>Grade it with {@code ./course grade 7 --exercise 7.2}; the specification is {@code CreateOnceTest},
 * on a real three-member etcd cluster: creates through a member that never answers (what each attempt leaves
 * behind, and when the next one comes), then through one silent for a while; last, the leader killed in the
 * middle of a stream of creates.
 */
public final class CreateOnce {

    /** The longest one attempt may wait for etcd's answer. */
    public static final Duration ATTEMPT = Duration.ofSeconds(2);

    /** What a create ended as, in Kubernetes' terms. */
    public enum Outcome {
        /** 201 Created: this create's object is stored, by this call (by one of its attempts). */
        CREATED,
        /** 409 AlreadyExists: another writer's object holds the key; nothing was written. */
        ALREADY_EXISTS
    }

    private CreateOnce() {
    }

    // tag::signature[]
    /** Creates {@code object} at {@code key} (through any member {@code kv} reaches), retrying unknown outcomes until {@code deadline}. */
    public static Outcome create(KV kv, ByteSequence key, ByteSequence object, Duration deadline) throws Exception {
        long end = System.nanoTime() + deadline.toNanos();
        while (true) {
            try {
                // Conditional, so that a retry can never overwrite: kube-apiserver's create is the same transaction
                // (staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go, Create: If mod_revision == 0).
                CompletableFuture<TxnResponse> call = kv.txn()
                        .If(new Cmp(key, Cmp.Op.EQUAL, CmpTarget.createRevision(0)))
                        .Then(Op.put(key, object, PutOption.DEFAULT))
                        .Else(Op.get(key, GetOption.DEFAULT))
                        .commit();
                TxnResponse answer;
                try {
                    answer = call.get(ATTEMPT.toMillis(), TimeUnit.MILLISECONDS);
                } catch (TimeoutException late) {
                    call.cancel(true); // called off, as a request's context cancels kube-apiserver's etcd call
                    throw late;
                }
                if (answer.isSucceeded()) {
                    return Outcome.CREATED;
                }
                var holder = answer.getGetResponses().get(0).getKvs();
                if (!holder.isEmpty()) {
                    // Taken: by an earlier attempt of ours whose answer was lost, or by someone else.
                    return holder.get(0).getValue().equals(object) ? Outcome.CREATED : Outcome.ALREADY_EXISTS;
                }
                // Deleted between the compare and the read: try again.
            } catch (ExecutionException | TimeoutException unknown) {
                // Leader changed, member gone, no answer in time: the write may or may not be applied.
                if (System.nanoTime() > end) {
                    throw unknown;
                }
                Thread.sleep(100); // a pause first: a member that did not answer is no readier at once
            }
        }
    }
    // end::signature[]
}
