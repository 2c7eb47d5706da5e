package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.Optional;

/**
 * <b>Exercise 1.1: read the four numbers.</b>
 *
 * <p>Every etcd response starts with a header that carries the store's {@code revision}: one
 * counter for the whole store, raised by one by every write transaction. Each key carries three
 * more numbers:
 * <ul>
 *   <li>{@code create_revision}: the revision of the write that created the key;</li>
 *   <li>{@code mod_revision}: the revision of the last write that changed it (this is what
 *       Kubernetes calls an object's resourceVersion);</li>
 *   <li>{@code version}: how many times the key has been written since it was created (1 after
 *       the first put). A delete ends the key's life: if it is created again, create_revision and
 *       version start over.</li>
 * </ul>
 *
 * <p>The same four numbers on the command line: {@code etcdctl get KEY -w json}.
 *
 * <p>Useful jetcd calls: {@code ByteSequence.from(key, StandardCharsets.UTF_8)} to make a key;
 * {@code kv.get(bytes).get()} for a {@code GetResponse}; {@code response.getHeader().getRevision()};
 * {@code response.getKvs()} (empty when the key does not exist); on a {@code KeyValue},
 * {@code getCreateRevision()}, {@code getModRevision()}, {@code getVersion()}.
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.1}; the specification is
 * {@code FourNumbersTest}.
 */
public final class FourNumbers {

    private FourNumbers() {
    }

    // tag::signature[]
    /** The three numbers etcd keeps for one key. */
    public record KeyRevisions(long createRevision, long modRevision, long version) {
    }

    /** What one read tells you: the store's revision, and the key's numbers if the key exists. */
    public record Reading(long revision, Optional<KeyRevisions> key) {
    }

    /**
     * Reads {@code key} (exactly that key, not a prefix) and returns the four numbers.
     *
     * @return {@code revision} is the revision in the response header (the store's, not the
     *     key's); {@code key} is empty when the key does not exist, and the revision is still
     *     filled in.
     */
    public static Reading read(KV kv, String key) {
        throw new UnsupportedOperationException(
                "TODO exercise 1.1: get the key with kv.get(...), then fill in the header revision"
                        + " and the key's create_revision, mod_revision and version");
    }
    // end::signature[]
}
