/**
 * The informer history checker, and the reflector bugs it catches (chapter 5's bug labs).
 *
 * <ul>
 *   <li>{@link io.rvlab.ch05.history.InformerHistory}: records what a reflector did (every LIST asked
 *       and answered, watch start, event, resync, its last synced resourceVersion) and what the
 *       informer's handlers were told.</li>
 *   <li>{@link io.rvlab.ch05.history.InformerChecker}: judges a history against etcd's state, read at
 *       the end with jetcd ({@link io.rvlab.ch05.history.EtcdState}): the store never goes back in
 *       time ({@link io.rvlab.ch05.history.NoTimeTravel}), a 410 is followed by a relist, no list storm,
 *       resync never lists, and the store and the handlers end where etcd is
 *       ({@link io.rvlab.ch05.history.SameFinalState}).</li>
 *   <li>The bugs real clients shipped, each a policy or a small wrapper plugged into the real
 *       reflector: {@link io.rvlab.ch05.history.RelistFromCache} (kubernetes #83520),
 *       {@link io.rvlab.ch05.history.GiveUpOn410} (fabric8io/kubernetes-client #1961),
 *       {@link io.rvlab.ch05.history.TooLargeLoop} (kubernetes #91073, #100745, #107133),
 *       {@link io.rvlab.ch05.history.ResyncAsRelist}.</li>
 *   <li>What makes them show, deterministically, on one real etcd: a second API server whose watch
 *       cache has stalled ({@link io.rvlab.ch05.history.LaggingReplica}), a load balancer that sends
 *       lists to it ({@link io.rvlab.ch05.history.TwoReplicas}), and a network cut under the watch
 *       ({@link io.rvlab.ch05.history.Partition}).</li>
 * </ul>
 */
package io.rvlab.ch05.history;
