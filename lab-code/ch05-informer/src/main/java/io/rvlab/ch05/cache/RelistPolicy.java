package io.rvlab.ch05.cache;

/**
 * Which resourceVersion the reflector lists at (client-go's {@code relistResourceVersion}). A small
 * replaceable policy: a bug lab swaps in one that always lists at "" (exercise 5.1, the capstone, takes
 * this decision inside its own ListAndWatch loop).
 */
@FunctionalInterface
public interface RelistPolicy {

    /** The resourceVersion of the next LIST: "0" first, the last synced rv after, "" once it is unavailable (410 / too large). */
    String listResourceVersion(String lastSyncResourceVersion, boolean lastSyncUnavailable);

    // tag::relist-decision[]
    /**
     * client-go: "" once the last synced rv is unavailable (a consistent read from etcd, the only
     * answer that cannot be older); "0" at the very first list (whatever the watch cache has: cheap,
     * and nothing to go back from); otherwise not older than what the store already holds, which
     * the watch cache can serve and which never takes the store back in time.
     */
    RelistPolicy CLIENT_GO = (lastSync, unavailable) -> {
        if (unavailable) {
            return "";
        }
        if (lastSync == null || lastSync.isEmpty()) {
            return "0";
        }
        return lastSync; // the fix of kubernetes/kubernetes#83520: a relist never at "0" again, so never back in time
    };
    // end::relist-decision[]
}
