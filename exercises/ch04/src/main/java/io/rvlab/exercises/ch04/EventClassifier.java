package io.rvlab.exercises.ch04;

import io.rvlab.ch04.watch.WatchEvent;

/**
 * <b>Exercise 4.1: classify etcd events into Kubernetes watch events.</b>
 *
 * <p>etcd knows two kinds of change, PUT and DELETE. A Kubernetes watch speaks of three: ADDED,
 * MODIFIED and DELETED, and every event carries the object with its {@code metadata.resourceVersion}.
 * kube-apiserver's etcd3 watcher makes the three out of the two with nothing but what etcd sends
 * along with each event; no second read of etcd is allowed (it would race later writes). The contract:
 * <ul>
 *   <li><b>ADDED</b> for the write that brought the key into existence, also when the key is created
 *       again after a delete; <b>MODIFIED</b> for any other PUT, even one that wrote the very same bytes
 *       (etcd reports every PUT); <b>DELETED</b> for a DELETE;</li>
 *   <li>the object is the stored JSON with {@code metadata.resourceVersion} set, as a decimal string,
 *       to the revision at which this change happened (etcd's bytes never hold a trustworthy
 *       resourceVersion: one that is there is stale, replace it). Several keys written by one
 *       transaction share that revision;</li>
 *   <li>a DELETED event carries the object as it was just before the delete, stamped with the
 *       delete's revision: that is how far the watcher has got, and where it will resume. When etcd
 *       did not send what a DELETE needs (the watch was opened without asking for it), refuse with an
 *       {@link IllegalArgumentException} that names the key and says {@code prev_kv}: a watch never
 *       guesses. Stored bytes that are not a JSON object are refused the same way (naming the key).</li>
 * </ul>
 * etcd delivers events in responses, and kube-apiserver reads a response at a time:
 * {@link #classify(io.etcd.jetcd.watch.WatchResponse, String, String)} gives the watch events one response
 * stands for, in etcd's order, each at the revision a client may resume from (claim one it has not reached,
 * and its resume misses changes forever). A progress notification (no change; etcd promises everything up
 * to its header's revision has been sent) stands for a BOOKMARK: an object of the watched kind holding
 * only {@code metadata.resourceVersion}. The watch may or may not have been opened with {@code prev_kv}.
 * Last, the same for a watch with a label selector, as kube-apiserver's etcd3 watcher serves it.
 * Refused by the tests: lab-code's {@code io.rvlab.ch04.watch.EtcdEventTranslator} and the watch cache's
 * {@code io.rvlab.ch04.cache.CacheWatcher}; the classification is yours to write. Grade it with
 * {@code ./course grade 4 --exercise 4.1}; the specification is {@code EventClassifierTest}.
 */
public final class EventClassifier {

    private EventClassifier() {
    }

    // tag::signature[]
    /**
     * The Kubernetes watch event for one etcd watch event.
     *
     * @param event an event of an etcd watch on a collection of JSON objects
     * @return ADDED, MODIFIED or DELETED, with the object's {@code metadata.resourceVersion} set to
     *     the event's revision (for DELETED: the previous object, at the delete's revision)
     * @throws IllegalArgumentException for a DELETE without its previous value (the message names
     *     the key and says {@code prev_kv}), or for a value that is not a JSON object (naming the key)
     */
    public static WatchEvent classify(io.etcd.jetcd.watch.WatchEvent event) {
        throw new UnsupportedOperationException("TODO exercise 4.1");
    }

    /**
     * The Kubernetes watch events for one response of an etcd watch, in etcd's order.
     *
     * @param response a response of an etcd watch on a collection of JSON objects (jetcd's
     *     {@code io.etcd.jetcd.watch.WatchResponse}), as its listener receives it
     * @param apiVersion the watched resource's apiVersion, such as {@code v1}
     * @param kind the watched resource's kind, such as {@code ConfigMap}
     * @return the events it stands for (possibly none); a BOOKMARK for a progress notification
     * @throws IllegalArgumentException as {@link #classify(io.etcd.jetcd.watch.WatchEvent)}, for any of its events
     */
    public static java.util.List<WatchEvent> classify(io.etcd.jetcd.watch.WatchResponse response, String apiVersion,
            String kind) {
        throw new UnsupportedOperationException("TODO exercise 4.1");
    }

    /**
     * The events one response stands for, for a watcher that sees only the objects {@code selector}
     * accepts (a label selector such as {@code ?labelSelector=app=web}). Such a watcher keeps a copy of
     * "the objects that match": what it is told must keep that copy right, also when a change moves an
     * object across the selector's boundary, and it never hears of an object it was not meant to see.
     * Every event is at its change's revision; a progress notification is a BOOKMARK, as above.
     *
     * @param selector whether an object (the stored JSON, with its resourceVersion set) matches
     * @return the events this watcher sees, in etcd's order (possibly none)
     * @throws IllegalArgumentException when etcd did not send what is needed to know what this watcher
     *     sees (the message names the key and says {@code prev_kv}), or as the other {@code classify}
     */
    public static java.util.List<WatchEvent> classify(io.etcd.jetcd.watch.WatchResponse response, String apiVersion,
            String kind, java.util.function.Predicate<com.fasterxml.jackson.databind.node.ObjectNode> selector) {
        throw new UnsupportedOperationException("TODO exercise 4.1");
    }
    // end::signature[]
}
