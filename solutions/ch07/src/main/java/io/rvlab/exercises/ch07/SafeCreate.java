package io.rvlab.exercises.ch07;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.client.AlreadyExistsException;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch02.api.StatusException;
import java.time.Duration;
import java.util.Set;

/**
 * <b>Exercise 7.4, capstone: a create that survives a leader change and a lost replica.</b>
 *
 * <p>Behind one address run several API server replicas over a three-member etcd. Between a client's POST
 * and its answer, etcd's leader may die (the replica answers with an error Status, or not before the client
 * gives up), or the replica itself may go away (the connection drops). In each case the client does not know
 * whether its object was stored. A controller that gives up loses work it believes undone; one that
 * retries blindly meets its own object and is told 409 AlreadyExists, and concludes that somebody else has
 * the name.
 *
 * <p>A Kubernetes create cannot be applied twice (the name is taken by the first), so retrying is safe; what
 * the retry must settle is whose object holds the name. The server assigns {@code metadata.uid}, so the
 * client cannot know it in advance; clients that need it carry an id of their own. Here every object to
 * create carries one, unique to this create, in its annotation {@link #CREATE_ID}.
 *
 * <p>{@link #create} POSTs {@code object} to {@code collectionPath} through {@code api} and returns the stored
 * object that is this create's (from the 201, or, when an earlier attempt was stored and its answer lost, as
 * the server has it now). If another client's object holds the name, it throws the
 * {@link AlreadyExistsException}. While a failure may pass, it is no verdict, whichever of the create's
 * requests met it: the create keeps trying until {@code deadline}, as a client that the control plane in
 * trouble can bear, and when the deadline has passed it throws the last failure. A refusal that the same
 * request would get again is thrown at once, after one POST. Which answers are which is yours to work out
 * (lab 7.1's output and the API's Status codes tell). {@link ApiClient} throws an answer of 400 or more as
 * the {@code io.rvlab.ch02.api.StatusException} of chapter 2 (its {@code status().code()} is the HTTP
 * code), a 409 AlreadyExists as its subclass {@code io.rvlab.ch03.client.AlreadyExistsException}, and no
 * answer at all (a dropped connection, a timeout) as an {@link IllegalStateException}.
 *
 * <p>Grade it with {@code ./course grade 7 --exercise 7.4}; the specification is {@code SafeCreateTest}: a
 * running control plane (three etcd members, two replicas behind one balancer), creates through the
 * balancer, then a stream of creates while etcd's leader is killed and a replica stopped, judged by what a
 * list through the balancer finds; and a stub replica answering chosen Status codes, judged by what you retry
 * and when.
 */
public final class SafeCreate {

    /** The annotation that names one create (a client's idempotency key; Kubernetes has no field of its own for it). */
    public static final String CREATE_ID = "rvlab.io/create-id";

    /** What may pass: too many requests, an internal error (etcd's "leader changed"), unavailable, a timeout. */
    private static final Set<Integer> TRANSIENT = Set.of(429, 500, 503, 504);

    private SafeCreate() {
    }

    // tag::signature[]
    /** Creates {@code object} in {@code collectionPath} once, whatever happens to its answers, until {@code deadline}. */
    public static ObjectNode create(ApiClient api, String collectionPath, ObjectNode object, Duration deadline)
            throws InterruptedException {
        String id = object.path("metadata").path("annotations").path(CREATE_ID).asText();
        String path = collectionPath + "/" + object.path("metadata").path("name").asText();
        long end = System.nanoTime() + deadline.toNanos();
        while (true) {
            RuntimeException failure;
            try {
                return api.create(collectionPath, object);
            } catch (AlreadyExistsException taken) {
                // Ours from an attempt whose answer was lost, or somebody else's: only the id can tell.
                ObjectNode holder;
                try {
                    holder = api.get(path);
                } catch (StatusException | IllegalStateException readFailed) {
                    if (readFailed instanceof StatusException status && !TRANSIENT.contains(status.status().code())
                            && status.status().code() != 404) {
                        throw status;
                    }
                    holder = null; // unknown again (or deleted since): try the create again
                }
                if (holder != null) {
                    if (id.equals(holder.path("metadata").path("annotations").path(CREATE_ID).asText())) {
                        return holder;
                    }
                    throw taken;
                }
                failure = taken;
            } catch (StatusException refused) {
                if (!TRANSIENT.contains(refused.status().code())) {
                    throw refused; // 400, 403, 422...: the same request gets the same answer
                }
                failure = refused;
            } catch (IllegalStateException noAnswer) {
                failure = noAnswer; // connection dropped or timed out: stored or not, nobody can say
            }
            if (System.nanoTime() >= end) {
                throw failure;
            }
            // A pause first, as client-go's retries wait (k8s.io/client-go/util/retry, rest.Request's Retry-After):
            // retrying at once turns a busy or electing control plane into a storm.
            Thread.sleep(200);
        }
    }
    // end::signature[]
}
