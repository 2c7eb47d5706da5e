package io.rvlab.conformance;

import io.rvlab.conformance.Difference.Aspect;
import java.util.List;
import java.util.Set;

/**
 * Differences the server should NOT have, by the version policy (match kube-apiserver 1.26.1's wire
 * behaviour unless the fact sheet records that current Kubernetes differs, or 1.26 has a known
 * weakness worth doing better than). Each stays here, with the fix it needs, only until the server
 * is fixed or the difference is reviewed into {@link KnownDifferences}. They keep the suite
 * building; the report marks them OPEN, and they are not part of the chapter's table.
 */
public final class OpenDifferences {

    // tag::list[]
    public static final List<ListedDifference> LIST = List.of(
            new ListedDifference(4, "i1", List.of("i.1"), Set.of(Aspect.BODY),
                    "A watch with resourceVersionMatch and no resourceVersion: 422 whose causes (and message) list "
                            + "`resourceVersionMatch is forbidden for watch` first, then `resourceVersionMatch is forbidden "
                            + "unless resourceVersion is provided`.",
                    "The same two causes in the other order.",
                    "To fix in the server (io.rvlab.ch04.server.WatchingResourceHandler#watchOptions): report the "
                            + "watch-specific Forbidden before the general list-option errors, as 1.26's validation does."));
    // end::list[]

    private OpenDifferences() {
    }
}
