package io.rvlab.ch01;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import java.util.concurrent.CompletableFuture;

/**
 * Reads keys now or as they were at an earlier revision.
 *
 * <p>etcd is a multi-version store (MVCC): a write never overwrites a value in place, it adds a new
 * version of the key at the next revision. So a read can name a revision and see the whole store
 * as it was right after that revision's write, until compaction discards old versions.
 */
public final class RevisionReader {

    private final Client client;
    private final KV kv;

    public RevisionReader(Client client) {
        this.client = client;
        this.kv = client.getKVClient();
    }

    // tag::read-latest[]
    /** The key as it is now. */
    public FourNumbers latest(String key) {
        GetResponse response = Await.result(kv.get(Bytes.bytes(key)));
        return FourNumbers.of(key, response);
    }
    // end::read-latest[]

    // tag::read-at[]
    /** The key as it was right after the write that made {@code revision}. */
    public FourNumbers at(String key, long revision) {
        GetOption atRevision = GetOption.builder().withRevision(revision).build();
        CompletableFuture<GetResponse> answer = kv.get(Bytes.bytes(key), atRevision);
        try {
            return FourNumbers.of(key, Await.result(answer));
        } catch (RuntimeException e) {
            throw RevisionErrors.explain(client, e, revision); // compacted, or not yet written
        }
    }
    // end::read-at[]

    /**
     * The store's revision now. Any read carries it in its header; this one asks for a key's name
     * only, so it costs next to nothing.
     */
    public long currentRevision() {
        GetOption keysOnly = GetOption.builder().withKeysOnly(true).build();
        return Await.result(kv.get(Bytes.bytes("/"), keysOnly)).getHeader().getRevision();
    }
}
