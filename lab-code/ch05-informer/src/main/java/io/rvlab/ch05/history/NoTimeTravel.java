package io.rvlab.ch05.history;

import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.ch05.history.InformerChecker.Violation;
import io.rvlab.ch05.history.InformerHistory.Entry;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The informer history checker's first promise, no time travel (kubernetes #83520): the store's
 * resourceVersion never goes back (a list that replaces the store is never older than what the
 * reflector had already synced), and no handler is told of an object older than one it was already
 * told of, nor of one it was told was deleted.
 */
final class NoTimeTravel {

    private NoTimeTravel() {
    }

    /**
     * (a) The store's resourceVersion and every object's never decrease. The reflector's account and
     * the handlers' are judged apart: handlers run behind the reflector (a queue lies between them).
     */
    static void check(List<Entry> entries, List<Violation> found) {
        long synced = -1;                              // the newest rv the reflector had synced to (list, event, bookmark)
        Map<String, Long> told = new HashMap<>();      // per key: the newest version a handler was given
        Map<String, Long> deleted = new HashMap<>();   // per key: the last state a handler was told was deleted
        for (Entry e : entries) {
            long rv = number(e.resourceVersion());
            switch (e.kind()) {
                case REPLACED -> {
                    if (rv >= 0 && rv < synced) {
                        found.add(new Violation(Check.TIME_TRAVEL, e.resourceVersion(), "", "a LIST (" + e.detail()
                                + ") replaced the store with the state at rv " + rv + ", but the reflector had already synced to rv "
                                + synced + ": the store went back in time"));
                    }
                    synced = Math.max(synced, rv);
                }
                case EVENT -> synced = Math.max(synced, rv);
                case ON_ADD, ON_UPDATE -> {
                    Long before = told.get(e.key());
                    Long gone = deleted.get(e.key());
                    if (rv >= 0 && before != null && rv < before) {
                        found.add(new Violation(Check.TIME_TRAVEL, e.resourceVersion(), e.key(), "a handler was given "
                                + e.key() + " at rv " + rv + " (" + e.kind() + ") after it had been given rv " + before
                                + ": an older version"));
                    } else if (rv >= 0 && gone != null && rv <= gone) {
                        found.add(new Violation(Check.TIME_TRAVEL, e.resourceVersion(), e.key(), "a handler was given "
                                + e.key() + " at rv " + rv + " (" + e.kind() + ") after it had been told it was deleted at rv "
                                + gone + ": a deleted object came back"));
                    }
                    if (rv >= 0) {
                        told.merge(e.key(), rv, Math::max);
                    }
                }
                case ON_DELETE -> {
                    if (rv >= 0) {
                        deleted.merge(e.key(), rv, Math::max);
                    }
                }
                default -> { }
            }
        }
    }

    private static long number(String rv) {
        try {
            return rv.isEmpty() ? -1 : Long.parseLong(rv);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
