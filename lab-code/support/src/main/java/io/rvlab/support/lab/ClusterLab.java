package io.rvlab.support.lab;

/**
 * A lab that starts an etcd cluster of its own (chapter 7), so the runner starts no single etcd for
 * it and its {@link LabContext#etcd()} is null. Its runs differ in what a cluster decides for
 * itself (which member wins an election, how many writes fail while it runs), so two runs are
 * held to the same checked claims, numbers aside, not to the same bytes; and "an etcd with other
 * history" does not apply, since each run's cluster is new.
 */
public interface ClusterLab extends Lab {
}
