package io.rvlab.ch05.history;

import io.rvlab.ch05.cache.RelistPolicy;

/**
 * Bug lab: a reflector that, told its resourceVersion is too large ("Too large resource version",
 * 504), asks for the same one again, and again: client-go before kubernetes #92537/#94316, whose
 * reflector only dropped an expired resourceVersion (kubernetes #91073; #100745 and #107133 describe
 * the same loop between two API servers). The replica that answers has a watch cache behind the
 * resourceVersion the client learnt from another replica; when nothing changes, the cache never
 * catches up and the client lists forever. The checker reports LIST_LOOP and LIST_STORM, and the store
 * stays behind etcd.
 *
 * <p>The fix is to read {@code lastSyncUnavailable}: once the server has said the last synced
 * resourceVersion cannot be served, list at "" (a consistent read, which any replica serves).
 */
// tag::too-large-loop[]
public final class TooLargeLoop implements RelistPolicy {

    @Override
    public String listResourceVersion(String lastSyncResourceVersion, boolean lastSyncUnavailable) {
        // BUG: lastSyncUnavailable is ignored, so a resourceVersion the server cannot serve is asked for forever
        return lastSyncResourceVersion.isEmpty() ? "0" : lastSyncResourceVersion;
    }
}
// end::too-large-loop[]
