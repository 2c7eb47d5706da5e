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
 * cache instead, whenever the cache can be shown to be fresh enough.
 *
 * <p>{@link #list} answers such a list for one namespace, and keeps three promises:
 * <ul>
 *   <li><em>most recent</em>: whoever answers, the answer holds every write etcd acknowledged before the
 *       request came, and never an older state presented as the newest;</li>
 *   <li><em>cheap</em>: while the cache follows etcd closely, the cache answers and {@code fromEtcd} is not
 *       called;</li>
 *   <li><em>bounded</em>: the request is answered, or fails, within about {@code wait}. When the cache cannot
 *       be shown fresh in that time, {@code fromEtcd} (a list read from etcd) answers. When this replica's
 *       member has lost its peers, nothing it can read is provably fresh: the list throws (etcd's error or a
 *       {@link java.util.concurrent.TimeoutException}), and neither the cache nor {@code fromEtcd} answers.</li>
 * </ul>
 * {@code quorum} is a client of this replica's etcd member; its reads are linearizable unless asked otherwise.
 * {@code cache} is chapter 4's {@code io.rvlab.ch04.cache.WatchCache}: {@link WatchCache#resourceVersion} is
 * how far it has followed etcd, {@link WatchCache#list} with {@code io.rvlab.ch02.storage.ObjectFilter.EVERYTHING}
 * its state of the namespace as a List object.
 *
 * <p>Grade it with {@code ./course grade 7 --exercise 7.3}; the specification is {@code ConsistentListTest}:
 * writes through the leader of a real three-member etcd cluster, lists through a watch cache that follows a
 * follower, then that follower frozen, then a replica whose only member is cut off from its peers.
 */
public final class ConsistentList {

    private ConsistentList() {
    }

    // tag::signature[]
    /** A list of {@code namespace} as {@code resourceVersion=""} promises it, from {@code cache} when it can prove it is fresh. */
    public static ObjectNode list(WatchCache cache, KV quorum, String namespace, Duration wait, Supplier<ObjectNode> fromEtcd)
            throws Exception {
        throw new UnsupportedOperationException("TODO exercise 7.3");
    }
    // end::signature[]
}
