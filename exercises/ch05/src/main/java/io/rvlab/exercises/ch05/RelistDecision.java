package io.rvlab.exercises.ch05;

import io.rvlab.ch05.cache.RelistPolicy;

/**
 * <b>Exercise 5.1: the relist decision.</b>
 *
 * <p>A reflector LISTs at its start and again whenever a watch ends in a way a resume cannot repair
 * (410 Expired, an error). Which resourceVersion it asks for decides what the answer may be:
 * <ul>
 *   <li><b>"0"</b>: "any" state. The API server answers from its watch cache, cheaply, however far
 *       behind that cache is. Fine for the very first list: there is nothing to go back from.</li>
 *   <li><b>"N"</b>: not older than N. A replica whose cache is behind N waits a little, then answers
 *       504 "Too large resource version". Never older than what the store already has.</li>
 *   <li><b>""</b>: the present, a consistent read through etcd. Always possible, the most expensive.</li>
 * </ul>
 * Two real bugs live here: relisting at "0" every time let HA clients' caches go back in time
 * (kubernetes #83520), and asking again for a resourceVersion the server had just called too large
 * looped forever (kubernetes #91073, #107133). The reflector tells you whether the last synced
 * resourceVersion was found unavailable (410 or too large) since the last successful list.
 *
 * <p>Grade it with {@code ./course grade 5 --exercise 5.1}; the specification is
 * {@code RelistDecisionTest}, whose last test runs your decision in a real reflector against two API
 * servers on one etcd, one of them behind, and lets the history checker judge.
 */
public final class RelistDecision implements RelistPolicy {

    // tag::signature[]
    /**
     * The resourceVersion of the reflector's next LIST.
     *
     * @param lastSyncResourceVersion how far the store has synced ("" before the first list)
     * @param lastSyncUnavailable the server said that resourceVersion is gone (410) or ahead of it (504 too large)
     */
    @Override
    public String listResourceVersion(String lastSyncResourceVersion, boolean lastSyncUnavailable) {
        throw new UnsupportedOperationException("TODO exercise 5.1: \"\" once the last synced resourceVersion is unavailable,"
                + " \"0\" for the very first list, else the last synced resourceVersion");
    }
    // end::signature[]
}
