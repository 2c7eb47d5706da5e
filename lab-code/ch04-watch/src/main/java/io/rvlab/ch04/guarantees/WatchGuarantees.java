package io.rvlab.ch04.guarantees;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch04.guarantees.EtcdHistory.Change;
import io.rvlab.ch04.guarantees.WatchRecord.Segment;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Judges what watchers received against etcd's own history: the promises a Kubernetes watch
 * makes, and that client-go's reflector relies on to keep an informer's store equal to the
 * server's.
 * <ol>
 *   <li><b>Order</b>: within a watcher's life every event is newer than the last resourceVersion
 *       it saw (strictly; a BOOKMARK may repeat it). Nothing arrives late.</li>
 *   <li><b>No duplicates</b>: no change is delivered twice, across resumes included (a watch
 *       from N is exclusive).</li>
 *   <li><b>No gaps</b>: between two things a watcher saw, every change etcd made in the watched
 *       prefix arrived, as the right event type with the object etcd stored. The one allowed
 *       jump: a watch that ended in ERROR 410 (Expired), after which the watcher relisted; the
 *       list must then equal etcd's state at the list's resourceVersion.</li>
 *   <li><b>Same final state</b>: the state a watcher builds from its lists and events (an
 *       informer's store) equals etcd's state read at the end.</li>
 * </ol>
 * Each broken promise is a {@link Violation} naming the watcher, the revision and the key.
 */
public final class WatchGuarantees {

    /** Which promise was broken. */
    public enum Kind { ORDER, DUPLICATE, GAP, CONTENT, RELIST, FINAL_STATE, HISTORY, WATCHER }

    /** One broken promise, readable on its own. */
    public record Violation(String watcher, Kind kind, long revision, String key, String message) {

        @Override
        public String toString() {
            return watcher + ": " + kind + " at rv " + revision + (key.isEmpty() ? "" : ", key " + key) + ": " + message;
        }
    }

    /** What was checked, and what failed. */
    public record Report(List<Violation> violations, int watchers, int events, int resumes, int relists,
            int expired, int bookmarks) {

        public boolean ok() {
            return violations.isEmpty();
        }

        /** One line of counts, then the violations (the first 40), one per line. */
        @Override
        public String toString() {
            return withViolations(String.format(
                    "%d watchers, %d events checked, %d resumes, %d relists after 410 (%d ERROR 410 events), %d bookmarks: %s",
                    watchers, events, resumes, relists, expired, bookmarks,
                    ok() ? "every guarantee held" : violations.size() + " violations"), violations);
        }
    }

    /**
     * A checker's report as text: its line of counts, then the first 40 violations, one per line (a broken
     * run may have thousands; the first ones name the cause). Chapter 5's informer checker reports so too.
     */
    public static String withViolations(String counts, List<?> violations) {
        StringBuilder text = new StringBuilder(counts);
        violations.stream().limit(40).forEach(v -> text.append("\n  ").append(v));
        if (violations.size() > 40) {
            text.append("\n  ... and ").append(violations.size() - 40).append(" more");
        }
        return text.toString();
    }

    private final EtcdHistory history;
    private final Map<String, ObjectNode> etcdFinalState;
    private final long finalRevision;

    /**
     * @param history every write to the watched prefix since its start
     * @param etcdFinalState the prefix read from etcd at the end (key "namespace/name" to object)
     * @param finalRevision the revision of that read
     */
    public WatchGuarantees(EtcdHistory history, Map<String, ObjectNode> etcdFinalState, long finalRevision) {
        this.history = history;
        this.etcdFinalState = new TreeMap<>(etcdFinalState);
        this.finalRevision = finalRevision;
    }

    // tag::check[]
    public Report check(List<WatchRecord> records) {
        List<Violation> violations = new ArrayList<>(checkHistory());
        int events = 0, resumes = 0, relists = 0, expired = 0, bookmarks = 0;
        for (WatchRecord record : records) {
            StreamCheck stream = new StreamCheck(record.watcher(), violations);
            for (Segment segment : record.segments()) {
                if (stream.started) { // the first segment is the watcher's start, not a resume or relist
                    resumes += segment.start() == WatchRecord.Start.RESUME ? 1 : 0;
                    relists += segment.start() == WatchRecord.Start.LIST ? 1 : 0;
                }
                stream.begin(segment);
                for (WatchEvent event : segment.events()) {
                    stream.accept(event);
                    events++;
                    expired += StreamCheck.isExpired(event) ? 1 : 0;
                    bookmarks += event.type() == WatchEvent.Type.BOOKMARK ? 1 : 0;
                }
                stream.started = true;
            }
            stream.finish();
        }
        return new Report(List.copyOf(violations), records.size(), events, resumes, relists, expired, bookmarks);
    }
    // end::check[]

    /** The history itself must end where etcd ended, or it cannot judge anyone. */
    private List<Violation> checkHistory() {
        List<Violation> found = new ArrayList<>();
        Map<String, ObjectNode> replayed = history.stateAt(Math.max(history.startRevision(), finalRevision));
        for (String key : keys(replayed, etcdFinalState)) {
            if (!same(replayed.get(key), etcdFinalState.get(key))) {
                found.add(new Violation("history", Kind.HISTORY, finalRevision, key,
                        "the recorded writes leave " + describe(replayed.get(key)) + " but etcd holds "
                                + describe(etcdFinalState.get(key)) + ": a write went unrecorded"));
            }
        }
        return found;
    }

    /** One watcher's life, followed event by event: what it has seen and the state it built. */
    private final class StreamCheck {
        final String watcher;
        final List<Violation> violations;
        final Set<Long> seen = new HashSet<>();
        Map<String, ObjectNode> state = new TreeMap<>();
        long cursor = -1;          // the last resourceVersion the watcher saw (list, event or bookmark)
        boolean started;           // a first segment has been checked
        boolean expiredLast;       // the previous segment ended in ERROR 410
        Segment segment;

        StreamCheck(String watcher, List<Violation> violations) {
            this.watcher = watcher;
            this.violations = violations;
        }

        void begin(Segment next) {
            segment = next;
            long from = next.fromRevision();
            if (next.start() == WatchRecord.Start.LIST) {
                if (started && !expiredLast) {
                    report(Kind.RELIST, from, "", "relisted although its watch from " + cursor
                            + " had not ended in a 410; the changes in between were never checked as events");
                }
                Map<String, ObjectNode> listed = new TreeMap<>();
                next.listed().forEach(item -> listed.put(EtcdHistory.key(item), item));
                if (from >= history.startRevision()) {
                    Map<String, ObjectNode> etcd = history.stateAt(from);
                    for (String key : keys(listed, etcd)) {
                        if (!same(listed.get(key), etcd.get(key))) {
                            report(Kind.RELIST, from, key, "the list has " + describe(listed.get(key))
                                    + ", etcd at that revision had " + describe(etcd.get(key)));
                        }
                    }
                }
                state = listed;
                cursor = from;
            } else if (!started) {
                state = from >= history.startRevision() ? new TreeMap<>(history.stateAt(from)) : new TreeMap<>();
                cursor = from;
            } else if (from != cursor) {
                report(from < cursor ? Kind.DUPLICATE : Kind.GAP, from, "", "resumed from " + from
                        + " but the last resourceVersion it had seen was " + cursor);
            }
            expiredLast = false;
        }

        void accept(WatchEvent event) {
            if (expiredLast) {
                report(Kind.ORDER, cursor, "", "an event after the ERROR 410 that ended the watch: " + event);
            }
            if (event.type() == WatchEvent.Type.ERROR) {
                expiredLast = isExpired(event);
                return; // not a change; a non-410 ERROR ends the watch and the watcher resumes
            }
            String key = EtcdHistory.key(event.object());
            long rv;
            try {
                rv = Long.parseLong(event.resourceVersion());
            } catch (NumberFormatException e) {
                report(Kind.CONTENT, cursor, key, event.type() + " without a resourceVersion");
                return;
            }
            if (event.type() == WatchEvent.Type.BOOKMARK) {
                if (rv < cursor) {
                    report(Kind.ORDER, rv, "", "BOOKMARK " + rv + " after rv " + cursor);
                } else {
                    missed(rv, "the BOOKMARK at " + rv + " says it is up to date");
                    cursor = rv;
                }
                return;
            }
            if (rv <= cursor) {
                report(seen.contains(rv) ? Kind.DUPLICATE : Kind.ORDER, rv, key, event.type() + " rv " + rv
                        + (seen.contains(rv) ? " delivered again" : " arrived out of order")
                        + ", after rv " + cursor);
                return;
            }
            missed(rv - 1, event.type() + " rv " + rv + " arrived");
            Change change = history.at(rv);
            if (covered(rv)) {
                if (change == null) {
                    report(Kind.CONTENT, rv, key, event.type() + " for a revision at which etcd changed nothing in the prefix");
                } else if (change.type() != event.type() || !change.key().equals(key)
                        || !same(change.object(), event.object())) {
                    report(Kind.CONTENT, rv, key, "received " + event.type() + " " + describe(event.object())
                            + ", etcd's write was " + change.type() + " " + change.key() + " " + describe(change.object()));
                }
            }
            if (event.type() == WatchEvent.Type.DELETED) {
                state.remove(key);
            } else {
                state.put(key, event.object());
            }
            seen.add(rv);
            cursor = rv;
        }

        /** Every change after the cursor up to {@code upTo} that never arrived. */
        void missed(long upTo, String why) {
            for (Change change : history.between(Math.max(cursor, history.startRevision()), upTo)) {
                report(Kind.GAP, change.revision(), change.key(), change.type() + " never arrived (" + why
                        + "; the watcher was at rv " + cursor + ")");
            }
        }

        void finish() {
            if (!started) {
                return;
            }
            missed(finalRevision, "the watcher stopped at rv " + cursor + ", etcd ended at " + finalRevision);
            for (String key : keys(state, etcdFinalState)) {
                if (!same(state.get(key), etcdFinalState.get(key))) {
                    report(Kind.FINAL_STATE, finalRevision, key, "the watcher ended with " + describe(state.get(key))
                            + ", etcd with " + describe(etcdFinalState.get(key)));
                }
            }
        }

        void report(Kind kind, long revision, String key, String message) {
            violations.add(new Violation(watcher, kind, revision, key, message));
        }

        static boolean isExpired(WatchEvent event) {
            return event.type() == WatchEvent.Type.ERROR && event.object().path("code").asInt() == 410;
        }
    }

    private boolean covered(long revision) {
        return revision > history.startRevision();
    }

    private static Set<String> keys(Map<String, ObjectNode> a, Map<String, ObjectNode> b) {
        Set<String> all = new TreeSet<>(a.keySet());
        all.addAll(b.keySet());
        return all;
    }

    /**
     * Whether two objects hold the same content. The envelope is left out: a list's items carry
     * no kind or apiVersion in Kubernetes (the list names them once), and the wire format is the
     * conformance suite's business, not a watch guarantee. Field order never matters. Chapter 5's
     * informer checker compares a cache with etcd so too.
     */
    public static boolean same(ObjectNode a, ObjectNode b) {
        return a == null ? b == null : b != null && content(a).equals(content(b));
    }

    private static ObjectNode content(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        copy.remove("kind");
        copy.remove("apiVersion");
        return copy;
    }

    /** An object in a violation: its resourceVersion and content, cut short. */
    private static String describe(ObjectNode object) {
        if (object == null) {
            return "nothing";
        }
        String json = GoJson.compact(object);
        return "rv " + object.path("metadata").path("resourceVersion").asText("?") + " "
                + (json.length() > 160 ? json.substring(0, 160) + "..." : json);
    }
}
