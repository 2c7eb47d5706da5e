package io.rvlab.exercises.ch05;

import io.rvlab.ch05.cache.RelistPolicy;

/**
 * <b>Exercise 5.1: the relist decision.</b> Reference answer.
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
        if (lastSyncUnavailable) {
            return ""; // consistent: the one answer every replica gives from etcd's present
        }
        if (lastSyncResourceVersion == null || lastSyncResourceVersion.isEmpty()) {
            return "0"; // the first list: any state will do, there is nothing to go back from
        }
        return lastSyncResourceVersion; // not older than the store: never back in time
    }
    // end::signature[]
}
