package io.rvlab.conformance;

import io.rvlab.conformance.Difference.Aspect;
import java.util.List;
import java.util.Set;

/**
 * A difference from kube-apiserver 1.26.1 that the suite expects, for named requests of one
 * scenario: the aspects it explains, what each side does, and why.
 *
 * <p>A listed difference must still occur: once the server changes so that one of these requests
 * no longer differs in every listed aspect, the suite fails until the entry is removed or corrected.
 *
 * @param scenario the transcript's short name, such as {@code b3}
 * @param requests the exchanges it covers, by their ids in the transcript (such as {@code b3.5})
 * @param aspects what differs
 * @param kubernetes what kube-apiserver 1.26.1 does (the transcript's answer)
 * @param rvlab what rvlab's server does
 * @param why the reason, with the fact-sheet or version-policy line that justifies it
 */
public record ListedDifference(String scenario, List<String> requests, Set<Aspect> aspects,
        String kubernetes, String rvlab, String why) {

    public ListedDifference {
        requests = List.copyOf(requests);
        aspects = Set.copyOf(aspects);
    }

    public boolean covers(String scenarioName, String requestId) {
        return scenario.equals(scenarioName) && requests.contains(requestId);
    }
}
