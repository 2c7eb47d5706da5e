package io.rvlab.ch01;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.CompactOption;

/**
 * Discards history. After {@code compact(R)} etcd keeps, for every key, only its versions from
 * revision R on (and the one that was current at R); reads at revisions below R fail.
 *
 * <p>Without compaction an MVCC store grows forever. A Kubernetes API server compacts etcd on a
 * timer (every five minutes by default), which is why old resourceVersions stop working after a
 * while.
 */
public final class Compactor {

    private final Client client;

    public Compactor(Client client) {
        this.client = client;
    }

    // tag::compact[]
    /** Forgets every revision older than {@code revision}, and waits until etcd has done so. */
    public void compact(long revision) {
        CompactOption physical = CompactOption.builder().withCompactPhysical(true).build();
        try {
            Await.result(client.getKVClient().compact(revision, physical));
        } catch (RuntimeException e) {
            // already compacted that far, or a revision in the future
            throw RevisionErrors.explain(client, e, revision);
        }
    }
    // end::compact[]
}
