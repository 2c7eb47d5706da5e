package io.rvlab.ch04.guarantees;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * etcd's own account of a workload's keys, collected independently of any watch: each write's
 * revision as etcd's response stated it, and the object that write left (for a delete, the last
 * state stamped with the delete's revision, which is exactly what a DELETED event must carry).
 * It starts from a known state at {@link #startRevision()} (usually an empty namespace) and, if
 * every write to the prefix was recorded, replays to etcd's state at any later revision.
 *
 * <p>Objects are keyed as client-go keys them ({@code MetaNamespaceKeyFunc}): "namespace/name".
 */
public final class EtcdHistory {

    /** One write: the event type a watcher must see for it, and the object it must carry. */
    public record Change(long revision, String key, WatchEvent.Type type, ObjectNode object) {

        @Override
        public String toString() {
            return type + " " + key + " at rv " + revision;
        }
    }

    private final long startRevision;
    private final Map<String, ObjectNode> initialState;
    private final NavigableMap<Long, Change> changes = new ConcurrentSkipListMap<>();
    private final List<Long> compactions = new ArrayList<>();
    private final java.util.Set<Long> outside = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** A history from {@code startRevision}, when the prefix held {@code initialState} (key to object). */
    public EtcdHistory(long startRevision, Map<String, ObjectNode> initialState) {
        this.startRevision = startRevision;
        this.initialState = Map.copyOf(initialState);
    }

    /** The client-go key of an object: "namespace/name". */
    public static String key(ObjectNode object) {
        String namespace = object.path("metadata").path("namespace").asText("");
        String name = object.path("metadata").path("name").asText("");
        return namespace.isEmpty() ? name : namespace + "/" + name;
    }

    /** The revision of an object's resourceVersion, or -1 if it has none. */
    static long revision(ObjectNode object) {
        String rv = object.path("metadata").path("resourceVersion").asText("");
        return rv.isEmpty() ? -1 : Long.parseLong(rv);
    }

    /** Records the write that etcd answered with {@code result} (which carries its revision). */
    public Change record(WatchEvent.Type type, ObjectNode result) {
        long revision = revision(result);
        if (revision <= startRevision) {
            throw new IllegalArgumentException("revision " + revision + " is not after the history's start " + startRevision);
        }
        Change change = new Change(revision, key(result), type, result.deepCopy());
        Change earlier = changes.putIfAbsent(revision, change);
        if (earlier != null) {
            throw new IllegalStateException("two writes at revision " + revision + ": " + earlier + " and " + change);
        }
        return change;
    }

    /**
     * Records a write the workload made outside the watched prefix (another namespace): no
     * watcher of the prefix may see it, but it explains a revision.
     */
    public void recordOutside(long revision) {
        outside.add(revision);
    }

    /** Notes that etcd was compacted at {@code revision} (for the report: what a 410 was about). */
    public synchronized void compacted(long revision) {
        compactions.add(revision);
    }

    public synchronized List<Long> compactions() {
        return List.copyOf(compactions);
    }

    public long startRevision() {
        return startRevision;
    }

    /** The newest recorded revision, or the start if nothing was written. */
    public long lastRevision() {
        return changes.isEmpty() ? startRevision : changes.lastKey();
    }

    /** The write at {@code revision}, or null if none to this prefix was recorded there. */
    public Change at(long revision) {
        return changes.get(revision);
    }

    /** The writes after {@code after} up to and including {@code upTo}, in revision order. */
    public List<Change> between(long after, long upTo) {
        if (upTo <= after) {
            return List.of();
        }
        return List.copyOf(changes.subMap(after, false, upTo, true).values());
    }

    public int size() {
        return changes.size();
    }

    /** The prefix at {@code revision} (not before the start): key to object, with resourceVersions. */
    public Map<String, ObjectNode> stateAt(long revision) {
        if (revision < startRevision) {
            throw new IllegalArgumentException("revision " + revision + " is before the history's start " + startRevision);
        }
        Map<String, ObjectNode> state = new TreeMap<>(initialState);
        for (Change change : between(startRevision, revision)) {
            if (change.type() == WatchEvent.Type.DELETED) {
                state.remove(change.key());
            } else {
                state.put(change.key(), change.object());
            }
        }
        return state;
    }

    /**
     * Revisions after the start, up to the last one, that no recorded write (inside the prefix or
     * {@linkplain #recordOutside outside} it) explains. On an etcd
     * that only the workload writes to, any such revision is a write whose outcome was lost (a
     * timeout that had in fact been applied), and the history cannot judge gaps.
     */
    public List<Long> unexplainedRevisions() {
        List<Long> missing = new ArrayList<>();
        for (long r = startRevision + 1; r <= lastRevision(); r++) {
            if (!changes.containsKey(r) && !outside.contains(r)) {
                missing.add(r);
            }
        }
        return missing;
    }
}
