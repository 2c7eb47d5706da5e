package io.rvlab.exercises.ch07;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KV;
import io.rvlab.ch04.cache.WatchCache;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * <b>Exercise 7.3: a consistent list from the watch cache, and when it must fail.</b>
 *
 * <p>A LIST with {@code resourceVersion=""} promises the most recent data: every write acknowledged before
 * the request, by any replica, must be in the answer. A replica's watch cache follows etcd through its own
 * etcd member, a little behind, sometimes far behind; so kube-apiserver 1.26 sends every such list to etcd,
 * the heaviest read a cluster knows. KEP-2340 (ConsistentListFromCache, Kubernetes 1.31) serves it from the
 * cache instead, whenever the cache can be shown to be fresh enough, and the answer is one it can give.
 *
 * <p>{@link #list} answers such a list for one namespace, as kube-apiserver 1.31 does, keeping three promises:
 * <ul>
 *   <li><em>most recent</em>: whoever answers, the answer holds every write etcd acknowledged before the
 *       request came, and never an older state presented as the newest;</li>
 *   <li><em>cheap</em>: while the cache follows etcd closely, every list the cache can answer is answered by it,
 *       and {@code fromEtcd} is not called;</li>
 *   <li><em>bounded</em>: the request is answered, or fails, within about {@code wait}, and waits on the cache only
 *       for an answer the cache can give. When the cache cannot be shown fresh in that time, {@code fromEtcd}
 *       answers. When this replica's member has lost its peers, nothing it can read is provably fresh: the list
 *       throws (etcd's error or a {@link java.util.concurrent.TimeoutException}), and neither source answers.</li>
 * </ul>
 * {@code limit} &gt; 0 asks for one page: at most {@code limit} items and, when more remain, a {@code metadata.continue}
 * token with which the client reads the rest of the same list, at the first page's revision, in later requests; 0 asks
 * for the whole list. {@code fromEtcd} is this very request, limit included, sent to etcd.
 * {@code quorum} is a client of this replica's etcd member; its reads are linearizable unless asked otherwise.
 * {@code cache} is chapter 4's {@code io.rvlab.ch04.cache.WatchCache}: {@link WatchCache#resourceVersion} is
 * how far it has followed etcd, {@link WatchCache#list} with {@code io.rvlab.ch02.storage.ObjectFilter.EVERYTHING}
 * its present state of the namespace as a List object, every item, no continue token.
 *
 * <p>Grade it with {@code ./course grade 7 --exercise 7.3} (tests: {@code ConsistentListTest}, on a real three-member
 * etcd cluster: a cache that follows a follower, that follower frozen, a replica whose member is cut off).
 */
public final class ConsistentList {

    private ConsistentList() {
    }

    // tag::signature[]
    /** A list of {@code namespace} as {@code resourceVersion=""} promises it, from {@code cache} when it can prove it is fresh. */
    public static ObjectNode list(WatchCache cache, KV quorum, String namespace, long limit, Duration wait,
            Supplier<ObjectNode> fromEtcd) throws Exception {
        throw new UnsupportedOperationException("TODO exercise 7.3");
    }
    // end::signature[]
}
