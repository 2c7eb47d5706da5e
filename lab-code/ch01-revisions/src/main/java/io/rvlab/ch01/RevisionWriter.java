package io.rvlab.ch01;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.DeleteResponse;
import io.etcd.jetcd.kv.PutResponse;
import io.etcd.jetcd.options.DeleteOption;

/**
 * Puts and deletes single keys, and reports the revision each write made.
 *
 * <p>The header of a write's response carries the store's revision right after the write: that
 * is the revision the write created, and it becomes the key's {@code mod_revision}. This is how a
 * Kubernetes API server learns the new resourceVersion of an object it has just stored, without
 * reading it back.
 */
public final class RevisionWriter {

    private final KV kv;

    public RevisionWriter(Client client) {
        this.kv = client.getKVClient();
    }

    // tag::put[]
    /** Writes the key and returns the revision of this write. */
    public long put(String key, String value) {
        PutResponse response = Await.result(kv.put(Bytes.bytes(key), Bytes.bytes(value)));
        return response.getHeader().getRevision();
    }
    // end::put[]

    // tag::delete[]
    /**
     * Deletes the key and returns the revision of the delete. Deleting a key that does not exist
     * changes nothing, so etcd makes no new revision and this returns the current one.
     */
    public long delete(String key) {
        DeleteResponse response = Await.result(kv.delete(Bytes.bytes(key)));
        return response.getHeader().getRevision();
    }
    // end::delete[]

    /** Deletes every key under the prefix (one revision for all of them); returns how many went. */
    public long deletePrefix(String prefix) {
        DeleteOption underPrefix = DeleteOption.builder().isPrefix(true).build();
        return Await.result(kv.delete(Bytes.bytes(prefix), underPrefix)).getDeleted();
    }
}
