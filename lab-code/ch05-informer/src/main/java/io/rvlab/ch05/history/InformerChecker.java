package io.rvlab.ch05.history;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.guarantees.WatchGuarantees;
import io.rvlab.ch05.history.InformerHistory.Entry;
import io.rvlab.ch05.history.InformerHistory.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Judges an informer's {@link InformerHistory} against etcd: the promises client-go's reflector keeps
 * and that real clients broke.
 * <ol>
 *   <li><b>No time travel</b> (kubernetes #83520): the store's resourceVersion never goes back (a list
 *       that replaces the store is never older than what the reflector had already synced), and no
 *       handler is told of an object older than one it was already told of.</li>
 *   <li><b>410 is control flow</b> (fabric8io/kubernetes-client #1961): after a watch or list ends in 410 Expired, the
 *       reflector lists again, and watches again.</li>
 *   <li><b>No list storm</b> (kubernetes #91073, #107133): a resourceVersion the server called too large
 *       or expired is not asked for again, and a watch follows a few lists, not dozens.</li>
 *   <li><b>Resync is not relist</b>: a resync sends no request to the server, and re-delivers what the
 *       store holds as updates whose old and new objects are the same version.</li>
 *   <li><b>Same final state</b>: the store, and the handlers' last word on every object, equal etcd's
 *       state read at the end.</li>
 * </ol>
 * Each broken promise is one readable {@link Violation} line. The first promise is {@link NoTimeTravel}'s
 * to check, the last {@link SameFinalState}'s.
 */
public final class InformerChecker {

    /** Which promise was broken. */
    public enum Check { TIME_TRAVEL, GAVE_UP, LIST_LOOP, LIST_STORM, RESYNC_LISTED, RESYNC_SILENT, FINAL_STATE, HANDLERS }

    /** At most this many LIST answers between two watch starts: one at the last synced rv, one at "" (and a spare). */
    public static final int MAX_LISTS_PER_WATCH = 3;

    /** One broken promise, readable on its own. */
    public record Violation(Check kind, String resourceVersion, String key, String message) {

        @Override
        public String toString() {
            return kind + (resourceVersion.isEmpty() ? "" : " at rv " + resourceVersion)
                    + (key.isEmpty() ? "" : ", key " + key) + ": " + message;
        }
    }

    /** What was checked, and what failed. */
    public record Report(List<Violation> violations, long lists, long watches, long events, long resyncs,
            long handlerCalls, int objects) {

        public boolean ok() {
            return violations.isEmpty();
        }

        public boolean has(Check kind) {
            return violations.stream().anyMatch(v -> v.kind() == kind);
        }

        /** One line of counts, then the violations (the first 40), one per line. */
        @Override
        public String toString() {
            return WatchGuarantees.withViolations(String.format(
                    "%d LISTs, %d watches, %d events, %d resyncs, %d handler calls, %d objects in etcd: %s",
                    lists, watches, events, resyncs, handlerCalls, objects,
                    ok() ? "every check held" : violations.size() + " violations"), violations);
        }
    }

    private final EtcdState etcd;

    /** @param etcd the watched collection as etcd holds it at the end, read after the informer caught up (or gave up) */
    public InformerChecker(EtcdState etcd) {
        this.etcd = etcd;
    }

    // tag::checker[]
    /**
     * @param history what the informer did
     * @param store the informer's store at the end ({@code informer.indexer().list()})
     */
    public Report check(InformerHistory history, List<ObjectNode> store) {
        List<Entry> entries = history.entries();
        List<Violation> violations = new ArrayList<>();
        NoTimeTravel.check(entries, violations);
        relistsAfter410(entries, violations);
        noListStorm(entries, violations);
        resyncIsNotRelist(entries, violations);
        new SameFinalState(etcd).check(store, history.handlerView(), violations);
        return new Report(collapsed(violations), history.count(Kind.LIST_ASKED), history.count(Kind.WATCH_STARTED),
                history.count(Kind.EVENT), history.count(Kind.RESYNC),
                history.count(Kind.ON_ADD) + history.count(Kind.ON_UPDATE) + history.count(Kind.ON_DELETE),
                etcd.objects().size());
    }
    // end::checker[]

    /** The same violation again and again (a relist loop repeats itself) is one line, with its count. */
    private static List<Violation> collapsed(List<Violation> violations) {
        Map<Violation, Integer> counts = new java.util.LinkedHashMap<>();
        violations.forEach(v -> counts.merge(v, 1, Integer::sum));
        List<Violation> lines = new ArrayList<>();
        counts.forEach((v, n) -> lines.add(n == 1 ? v
                : new Violation(v.kind(), v.resourceVersion(), v.key(), v.message() + " (" + n + " times)")));
        return List.copyOf(lines);
    }

    /** (b) After a 410 (a watch or a list expired), a LIST that succeeds, then a watch. */
    private static void relistsAfter410(List<Entry> entries, List<Violation> found) {
        for (int i = 0; i < entries.size(); i++) {
            Entry e = entries.get(i);
            boolean expired = e.code() == 410
                    && (e.kind() == Kind.EVENT || e.kind() == Kind.WATCH_ENDED || e.kind() == Kind.LIST_FAILED
                            || e.kind() == Kind.WATCH_FAILED);
            if (!expired) {
                continue;
            }
            int listed = -1;
            int asked = 0;
            for (int j = i + 1; j < entries.size() && listed < 0; j++) {
                if (entries.get(j).kind() == Kind.REPLACED) {
                    listed = j;
                }
                asked += entries.get(j).kind() == Kind.LIST_ASKED ? 1 : 0;
            }
            boolean watched = false;
            for (int j = Math.max(listed, i) + 1; listed >= 0 && j < entries.size() && !watched; j++) {
                watched = entries.get(j).kind() == Kind.WATCH_STARTED;
            }
            if (listed < 0 || !watched) {
                found.add(new Violation(Check.GAVE_UP, "", "", "after " + e + " the reflector "
                        + (listed < 0 && asked == 0 ? "never listed again"
                                : listed < 0 ? "asked " + asked + " LISTs, none of which synced the store"
                                : "listed but never watched again")
                        + ": a 410 must be answered by a relist, not by stopping"));
                return; // one is enough: every later 410 is the same story
            }
        }
    }

    /** (c) No resourceVersion asked again after the server said it is unavailable; a few lists per watch, not a storm. */
    private static void noListStorm(List<Entry> entries, List<Violation> found) {
        Set<String> unavailable = new TreeSet<>();
        int answeredSinceWatch = 0;
        boolean stormReported = false;
        for (Entry e : entries) {
            switch (e.kind()) {
                case LIST_FAILED -> {
                    if (e.code() == 410 || e.code() == 504) {
                        answeredSinceWatch++;
                        if (!unavailable.add(e.resourceVersion()) && !e.resourceVersion().isEmpty()) {
                            if (found.stream().noneMatch(v -> v.kind() == Check.LIST_LOOP && v.resourceVersion().equals(e.resourceVersion()))) {
                                found.add(new Violation(Check.LIST_LOOP, e.resourceVersion(), "", "LIST at resourceVersion "
                                        + e.resourceVersion() + " again, after the server had answered " + e.code()
                                        + " for it (" + e.detail() + "): an unavailable resourceVersion must be dropped for \"\""));
                            }
                        }
                    }
                }
                case LIST_ANSWERED -> answeredSinceWatch++;
                case WATCH_STARTED -> {
                    answeredSinceWatch = 0;
                    unavailable.clear(); // a new sync: the store moved on
                }
                default -> { }
            }
            if (answeredSinceWatch > MAX_LISTS_PER_WATCH && !stormReported) {
                stormReported = true;
                found.add(new Violation(Check.LIST_STORM, e.resourceVersion(), "", answeredSinceWatch
                        + " LISTs answered in a row without a watch in between (" + e + "): a list storm"));
            }
        }
        if (answeredSinceWatch > MAX_LISTS_PER_WATCH && !stormReported) {
            found.add(new Violation(Check.LIST_STORM, "", "", answeredSinceWatch + " LISTs answered since the last watch"));
        }
    }

    /** (d) No LIST between a resync and the next watch failure; resync re-delivers as same-version updates. */
    private static void resyncIsNotRelist(List<Entry> entries, List<Violation> found) {
        boolean afterResync = false;
        boolean anyResync = false;
        boolean sameVersionUpdate = false;
        int resyncListed = 0;
        String firstListed = null;
        for (Entry e : entries) {
            switch (e.kind()) {
                case RESYNC -> {
                    afterResync = true;
                    anyResync = true;
                }
                case LIST_ASKED -> {
                    if (afterResync) {
                        resyncListed++;
                        firstListed = firstListed == null ? e.toString() : firstListed;
                    }
                }
                case WATCH_ENDED, WATCH_FAILED, LIST_FAILED -> afterResync = false; // a real reason to (re)list
                case ON_UPDATE -> sameVersionUpdate |= anyResync && e.resourceVersion().equals(e.detail());
                default -> { }
            }
        }
        if (resyncListed > 0) {
            found.add(new Violation(Check.RESYNC_LISTED, "", "", resyncListed + " LIST requests after a resync with no watch failure"
                    + " in between (first: " + firstListed + "): resync must re-deliver the store, never ask the server"));
        }
        boolean hadObjects = entries.stream().anyMatch(e -> e.kind() == Kind.ON_ADD);
        if (anyResync && hadObjects && !sameVersionUpdate && resyncListed == 0) {
            found.add(new Violation(Check.RESYNC_SILENT, "", "", "resyncs happened but no handler got an update whose old and new"
                    + " objects have the same resourceVersion: resync must re-deliver what the store holds"));
        }
    }

    /** Same content; kind and apiVersion left out (a list's items carry none), field order never matters: chapter 4's rule. */
    static boolean same(ObjectNode a, ObjectNode b) {
        return WatchGuarantees.same(a, b);
    }
}
