package io.rvlab.support.etcd;

/**
 * One member of an {@link EtcdCluster} the harness started, and the faults an operator meets with
 * it: a clean stop, a crash, a freeze (a stalled machine or a long GC-like pause), a cut from its
 * peers. Either a container ({@link EtcdMemberContainer}) or a process of the etcd binary
 * ({@link EtcdMemberProcess}, where no container engine is reachable): the same etcd either way.
 */
interface ClusterMember {

    /** The client URL; it stays the same across a stop and a start. */
    String clientEndpoint();

    /** SIGTERM: etcd stops cleanly; its data is kept. */
    void terminate();

    /** SIGKILL, as a crashed machine; its data is kept. */
    void kill();

    /** Starts a stopped or killed member again, with its data, at the same endpoints; returns before it answers. */
    void startAgain();

    /** Stops every process of the member where it is: it neither answers nor notices that time passes. */
    void freeze();

    void thaw();

    /** Cuts the member off from its peers (raft's traffic, both ways); clients still reach it. */
    void cutFromPeers();

    /** Heals {@link #cutFromPeers()} (nothing if it is not cut). */
    void rejoinPeers();

    /** Stops the member for good and removes it with its data. */
    void remove();
}
