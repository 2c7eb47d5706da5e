package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import java.util.List;

/**
 * <b>Exercise 1.4: walk a key's history.</b>
 *
 * <p>A key's mod_revision says when it last changed. Read the key at {@code mod_revision - 1}
 * and you see the value it had just before that change, with that older version's own
 * mod_revision; repeat, and you walk back through every version of the key. The walk ends at
 * {@code create_revision}: before it, the key did not exist, or belonged to an earlier life
 * that a delete ended.
 *
 * <p>On the command line: {@code etcdctl get KEY -w json}, then
 * {@code etcdctl get KEY --rev=<mod_revision - 1> -w json}, and so on.
 *
 * <p>Useful jetcd calls: {@code kv.get(bytes)} and
 * {@code kv.get(bytes, GetOption.builder().withRevision(r).build())}; on a {@code KeyValue},
 * {@code getValue()}, {@code getCreateRevision()}, {@code getModRevision()}, {@code getVersion()}.
 * Compaction errors look exactly as in exercise 1.2.
 *
 * <p>Grade it with {@code ./course grade 1 --exercise 1.4}; the specification is
 * {@code KeyHistoryTest}.
 */
public final class KeyHistory {

    private KeyHistory() {
    }

    // tag::signature[]
    /** One version of a key: its value (UTF-8), the revision that wrote it, and its version number. */
    public record Version(String value, long modRevision, long version) {
    }

    /**
     * Every version of {@code key} since it was last created, oldest first.
     *
     * @return versions 1, 2, ... up to the current one; only the current life of the key (nothing
     *     from before a delete); an empty list if the key does not exist now.
     * @throws RevisionCompactedException if part of that history has been compacted away (a
     *     partial history would silently lie).
     */
    public static List<Version> history(KV kv, String key) {
        throw new UnsupportedOperationException(
                "TODO exercise 1.4: get the key, then get it again at mod_revision - 1"
                        + " (GetOption.builder().withRevision(...)) until you reach create_revision");
    }
    // end::signature[]
}
