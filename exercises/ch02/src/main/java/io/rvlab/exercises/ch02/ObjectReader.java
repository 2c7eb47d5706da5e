package io.rvlab.exercises.ch02;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * <b>Exercise 2.5: resourceVersion is mod_revision.</b>
 *
 * <p>kube-apiserver stores each object as the value of its registry key, and it never stores the
 * object's resourceVersion in it: before every write it clears {@code metadata.resourceVersion}.
 * etcd already keeps the number next to the value, and a copy inside the value would be stale the
 * moment the key changed again. On every read, the server writes it back in:
 * <ul>
 *   <li>an object's {@code metadata.resourceVersion} is its key's {@code mod_revision}, the
 *       revision of the last write to that key (GOLD a1: a ConfigMap created at revision 79 has
 *       resourceVersion "79"; after an update at 80, "80");</li>
 *   <li>a list's {@code metadata.resourceVersion} is the revision of the whole store the list was
 *       read at, and <i>not</i> the newest item's (GOLD b1: items at 80, 82 and 83 in a list at 84,
 *       because some other key was written at 84).</li>
 * </ul>
 * Both are strings in JSON, decimal numbers a client must not do arithmetic on.
 *
 * <p>A variation of this course, not a kube-apiserver request: {@link #listEach} lists several
 * prefixes (say two namespaces) as <em>one</em> snapshot, all with one resourceVersion R, each list
 * exactly what {@code etcdctl get --prefix --rev=R} shows, however busy the store is meanwhile, and
 * even when etcd compacts its history while {@code listEach} is at work (kube-apiserver has it compact
 * every five minutes, whoever is reading). The chapter's server reads one prefix per request; etcd
 * itself offers more than that.
 *
 * <p>Grade it with {@code ./course grade 2 --exercise 2.5}; the
 * specification is {@code ObjectReaderTest}, which writes the objects straight into etcd.
 */
public final class ObjectReader {

    private ObjectReader() {
    }

    // tag::signature[]
    /**
     * A list as the API returns it.
     *
     * @param resourceVersion the list's {@code metadata.resourceVersion}
     * @param items the objects under the prefix, in key order, each with its own resourceVersion
     */
    public record ObjectList(String resourceVersion, List<ObjectNode> items) {
    }

    /**
     * Turns one etcd key-value into the object the API returns: its value parsed as a JSON
     * object, with {@code metadata.resourceVersion} set to the key's {@code mod_revision} as a
     * decimal string. {@link #get}, {@link #list} and exercise 2.6 all need this.
     *
     * @throws IllegalStateException if the value is not a JSON object (a corrupt object); the
     *     message names the key
     */
    public static ObjectNode toObject(KeyValue keyValue) {
        throw new UnsupportedOperationException("TODO exercise 2.5");
    }

    /**
     * Reads one object.
     *
     * @param key the registry key, e.g. {@code /registry/configmaps/lab/cm-a}
     * @return the object as {@link #toObject} makes it; empty if there is no such key
     * @throws IllegalStateException as {@link #toObject}, or if the calling thread is interrupted while
     *     waiting for etcd (caused by the {@code InterruptedException}, with the thread's interrupt flag set again)
     */
    public static Optional<ObjectNode> get(KV kv, String key) {
        throw new UnsupportedOperationException("TODO exercise 2.5");
    }

    /**
     * Reads every object under a prefix in one etcd read.
     *
     * @param prefix a prefix ending in '/', e.g. {@code /registry/configmaps/lab/}
     * @return the objects as {@link #toObject} makes them, and the list's resourceVersion: the
     *     revision the read was made at, even when there are no items
     * @throws IllegalStateException as {@link #toObject}, or if the calling thread is interrupted while
     *     waiting for etcd (caused by the {@code InterruptedException}, with the thread's interrupt flag set again)
     */
    public static ObjectList list(KV kv, String prefix) {
        throw new UnsupportedOperationException("TODO exercise 2.5");
    }

    /**
     * Reads every object under each of several prefixes, all at one revision of the store.
     *
     * @param prefixes distinct prefixes, each ending in '/', e.g. {@code /registry/configmaps/a/}
     *     and {@code /registry/configmaps/b/}
     * @return one list per prefix, in the order given, each as {@link #list} makes it; every list
     *     has the same resourceVersion R, and its items are exactly those under its prefix at R
     * @throws IllegalStateException as {@link #toObject}, or if the calling thread is interrupted while
     *     waiting for etcd (caused by the {@code InterruptedException}, with the thread's interrupt flag set again)
     */
    public static Map<String, ObjectList> listEach(KV kv, List<String> prefixes) {
        throw new UnsupportedOperationException("TODO exercise 2.5");
    }
    // end::signature[]
}
