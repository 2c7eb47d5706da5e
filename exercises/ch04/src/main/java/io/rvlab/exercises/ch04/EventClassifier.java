package io.rvlab.exercises.ch04;

import io.rvlab.ch04.watch.WatchEvent;

/**
 * <b>Exercise 4.1: classify etcd events into Kubernetes watch events.</b>
 *
 * <p>etcd knows two kinds of change, PUT and DELETE. A Kubernetes watch speaks of three: ADDED,
 * MODIFIED and DELETED. kube-apiserver's etcd3 watcher makes the third out of the first two with
 * the revisions etcd sends along with every key-value:
 * <ul>
 *   <li>a PUT whose {@code create_revision} equals its {@code mod_revision} is the write that
 *       created the key: <b>ADDED</b> (also for a key created again after a delete);</li>
 *   <li>any other PUT is <b>MODIFIED</b>, even one that wrote the very same bytes;</li>
 *   <li>a DELETE is <b>DELETED</b>. etcd's DELETE event holds only the key and the revision of the
 *       delete, no value; the object is the <em>previous</em> value ({@code prev_kv}, which the
 *       watch must ask for), stamped with the <em>delete's</em> revision: that is how far the
 *       watcher has got and where it would resume. A DELETE without {@code prev_kv} cannot be
 *       turned into an event; refuse it rather than guess.</li>
 * </ul>
 * The object is the stored JSON with {@code metadata.resourceVersion} set to the event's
 * {@code mod_revision} as a decimal string: etcd's bytes never hold a resourceVersion (and one
 * that is there is stale: replace it).
 *
 * <p>Useful calls: {@code event.getEventType()} (PUT, DELETE), {@code event.getKeyValue()} and
 * {@code event.getPrevKV()} (jetcd hands an empty key-value, {@code getKey().isEmpty()}, when etcd
 * sent no previous value), {@code KeyValue.getCreateRevision()}, {@code getModRevision()},
 * {@code getValue().getBytes()}; Jackson's {@code new ObjectMapper().readTree(bytes)} and
 * {@code ObjectNode.withObjectProperty("metadata").put(...)}. Grade it with
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
     * @throws IllegalArgumentException for a DELETE without its previous value; the message names
     *     the key and says {@code prev_kv}
     */
    public static WatchEvent classify(io.etcd.jetcd.watch.WatchEvent event) {
        throw new UnsupportedOperationException(
                "TODO exercise 4.1: PUT with create_revision == mod_revision -> ADDED, other PUT -> MODIFIED,"
                        + " DELETE -> DELETED(prev_kv's object); metadata.resourceVersion = the event's mod_revision");
    }
    // end::signature[]
}
