package io.rvlab.ch05.history;

import io.rvlab.ch05.cache.RelistPolicy;

/**
 * Bug lab: a reflector that relists at resourceVersion "0" every time, as client-go did before
 * kubernetes #83520. "0" means "any": the API server that happens to answer may serve the list from a
 * watch cache that is behind, so after a relist the store can hold an older state than it already
 * had: deleted objects come back, updates are undone, and the handlers are told so. (The issue's
 * wording, a relist "from empty", names the same mistake: a relist that does not say "not older than
 * what I have". A relist at "" is a consistent read and never goes back; one at "0" can.)
 *
 * <p>On one etcd the stale answer is made deterministic by a {@link LaggingReplica}: the lists land on
 * a replica whose cache has stalled, the watches on a healthy one ({@link TwoReplicas}). The checker
 * reports TIME_TRAVEL. The fix is {@link RelistPolicy#CLIENT_GO}: "0" only for the very first list,
 * then the last synced resourceVersion (the replica must wait until it has it, or answer 504), then ""
 * once that is unavailable.
 */
// tag::relist-from-cache[]
public final class RelistFromCache implements RelistPolicy {

    @Override
    public String listResourceVersion(String lastSyncResourceVersion, boolean lastSyncUnavailable) {
        return "0"; // BUG: "any" state, from whichever cache answers, however old
    }
}
// end::relist-from-cache[]
