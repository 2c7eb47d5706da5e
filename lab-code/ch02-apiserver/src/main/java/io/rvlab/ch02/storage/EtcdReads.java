package io.rvlab.ch02.storage;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch01.CompactedRevisionException;
import io.rvlab.ch01.FutureRevisionException;
import io.rvlab.ch01.RevisionErrors;

/**
 * {@link EtcdStorage}'s reads of etcd at a revision, with etcd's revision errors turned into what they
 * mean in Kubernetes (k8s.io/apiserver pkg/storage/etcd3 store.go reads; errors.go's
 * interpretListError): a compacted revision is 410 Expired, with a continue token that goes on at the
 * latest revision when a paged list's snapshot is gone; a future revision is waited for, up to
 * {@link EtcdStorage#TOO_LARGE_WAIT}, then 504 "Too large resource version".
 */
final class EtcdReads {

    private final Client client;
    private final KV kv;
    private final RevisionWaiter waiter;

    EtcdReads(Client client, RevisionWaiter waiter) {
        this.client = client;
        this.kv = client.getKVClient();
        this.waiter = waiter;
    }

    /** One key at a revision (0: the latest). Kubernetes' own decision always reads a GET at the latest. */
    GetResponse key(RegistryKey key, long revision) {
        if (revision == 0) {
            return Await.result(kv.get(Bytes.bytes(key.path())));
        }
        GetOption at = GetOption.builder().withRevision(revision).build();
        try {
            return Await.result(kv.get(Bytes.bytes(key.path()), at));
        } catch (RuntimeException e) {
            RuntimeException explained = RevisionErrors.explain(client, e, revision);
            if (explained instanceof CompactedRevisionException) {
                throw new ResourceExpiredException(ResourceExpiredException.GET_TOO_OLD, revision, null);
            }
            if (explained instanceof FutureRevisionException) {
                waiter.awaitRevision(revision);
                return Await.result(kv.get(Bytes.bytes(key.path()), at));
            }
            throw e;
        }
    }

    /**
     * One etcd range read at a revision, with etcd's revision errors turned into Kubernetes'
     * meanings: compacted is 410 Expired; future means wait for it (or 504). {@code token}: the
     * continue token the list follows, or null.
     */
    GetResponse range(String from, String end, long limit, long revision, ContinueToken token) {
        GetOption.Builder option = GetOption.builder().withRange(Bytes.bytes(end));
        if (limit > 0) {
            option.withLimit(limit);
        }
        if (revision > 0) {
            option.withRevision(revision);
        }
        GetOption get = option.build();
        try {
            return Await.result(kv.get(Bytes.bytes(from), get));
        } catch (RuntimeException e) {
            RuntimeException explained = RevisionErrors.explain(client, e, revision);
            if (explained instanceof CompactedRevisionException) {
                throw expired(token, revision);
            }
            if (explained instanceof FutureRevisionException) {
                waiter.awaitRevision(revision); // 504 if etcd does not get there in time
                return Await.result(kv.get(Bytes.bytes(from), get));
            }
            throw e;
        }
    }

    // tag::expired[]
    private static ResourceExpiredException expired(ContinueToken token, long revision) {
        if (token == null) {
            return new ResourceExpiredException(ResourceExpiredException.LIST_TOO_OLD, revision, null);
        }
        // Offer to go on from the same key at the latest revision: consistent no more, but complete.
        String inconsistent = new ContinueToken(ContinueToken.LATEST, token.start()).encode();
        return new ResourceExpiredException(ResourceExpiredException.CONTINUE_TOO_OLD, revision, inconsistent);
    }
    // end::expired[]
}
