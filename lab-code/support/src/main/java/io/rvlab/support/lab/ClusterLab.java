package io.rvlab.support.lab;

/**
 * A lab that starts an etcd cluster of its own (chapter 7), so the runner starts no single etcd for
 * it and its {@link LabContext#etcd()} is null. Its runs differ in what a cluster decides for
 * itself (which member wins an election, how long a timeout took), so its transcript is not held to
 * be the same from run to run (the build runs it once; its checked claims hold on every run), and
 * "an etcd with other history" does not apply, since each run's cluster is new.
 */
public interface ClusterLab extends Lab {
}
