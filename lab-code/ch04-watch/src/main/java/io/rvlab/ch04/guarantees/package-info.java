/**
 * Checking the promises of a Kubernetes watch against etcd, under disruption.
 *
 * <ul>
 *   <li>{@link io.rvlab.ch04.guarantees.WatchTarget} / {@link io.rvlab.ch04.guarantees.EventStream}: the
 *       watch under test (list, watch from a resourceVersion, close), pluggable;
 *       {@link io.rvlab.ch04.guarantees.StorageWatchTarget} is etcd without a cache.</li>
 *   <li>{@link io.rvlab.ch04.guarantees.ChaosWatcher}: the client, a reflector loop that resumes from
 *       the last resourceVersion it saw and relists after a 410; everything it receives goes to a
 *       {@link io.rvlab.ch04.guarantees.WatchRecord}.</li>
 *   <li>{@link io.rvlab.ch04.guarantees.EtcdHistory}: etcd's own revisions for the workload's writes, taken
 *       from etcd's answers to them, never from a watch.</li>
 *   <li>{@link io.rvlab.ch04.guarantees.WatchGuarantees}: the judge (order, no duplicates, no gaps except
 *       410-then-relist, final state equals etcd's).</li>
 *   <li>{@link io.rvlab.ch04.guarantees.RandomWorkload}: a seeded run with random disconnects, a compaction
 *       and an etcd restart; its writes are {@link io.rvlab.ch04.guarantees.WorkloadWrites}'.</li>
 * </ul>
 */
package io.rvlab.ch04.guarantees;
