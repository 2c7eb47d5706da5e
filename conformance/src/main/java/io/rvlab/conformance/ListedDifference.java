package io.rvlab.conformance;

import io.rvlab.conformance.Difference.Aspect;
import java.util.List;
import java.util.Set;

/**
 * A difference from kube-apiserver 1.26.1 that the suite expects, for named requests of one
 * scenario, on the servers of some chapters: the aspects it explains, what each side does, and why.
 *
 * <p>A listed difference must still occur: once a server it applies to changes so that one of these
 * requests no longer differs in every listed aspect, the suite fails until the entry is removed or
 * corrected. A later chapter's server inherits the differences of the earlier ones ({@code until} is
 * {@link #STILL}) until it does better; then the entry's {@code until} names the last chapter that
 * still shows it.
 *
 * @param since the first chapter whose server shows it: that chapter's table lists it
 * @param until the last chapter whose server shows it ({@link #STILL}: every later one too, so far)
 * @param scenario the transcript's short name, such as {@code b3}
 * @param requests the exchanges it covers, by their ids in the transcript (such as {@code b3.5})
 * @param aspects what differs
 * @param kubernetes what kube-apiserver 1.26.1 does (the transcript's answer)
 * @param rvlab what rvlab's server does
 * @param why the reason, with the fact-sheet or version-policy line that justifies it
 * @param causedBy null, or the request (same scenario) whose own difference this one follows from:
 *        an earlier write this server refused leaves the object a step behind. Such an entry is
 *        accepted only while that request still differs, so it cannot outlive its cause and hide a
 *        difference of its own.
 * @param dependsOnTiming whether the difference shows in some runs only (a bookmark that is due or
 *        not depending on when etcd's progress notification lands); the suite then accepts the
 *        request matching as well, and never calls the entry stale
 */
public record ListedDifference(int since, int until, String scenario, List<String> requests, Set<Aspect> aspects,
        String kubernetes, String rvlab, String why, String causedBy, boolean dependsOnTiming) {

    /** {@code until} for a difference no chapter has removed yet. */
    public static final int STILL = Integer.MAX_VALUE;

    public ListedDifference {
        if (since < 2 || until < since) {
            throw new IllegalArgumentException("chapters " + since + " to " + until + " for " + requests);
        }
        requests = List.copyOf(requests);
        aspects = Set.copyOf(aspects);
    }

    /** A difference that chapter {@code since}'s server shows, and every later one so far. */
    public ListedDifference(int since, String scenario, List<String> requests, Set<Aspect> aspects,
            String kubernetes, String rvlab, String why) {
        this(since, STILL, scenario, requests, aspects, kubernetes, rvlab, why, null, false);
    }

    /** The same difference, shown by the servers of chapters {@code since} to {@code lastChapter} only. */
    public ListedDifference until(int lastChapter) {
        return new ListedDifference(since, lastChapter, scenario, requests, aspects, kubernetes, rvlab, why, causedBy,
                dependsOnTiming);
    }

    /** The same difference, accepted only while request {@code cause} of the scenario still differs. */
    public ListedDifference causedBy(String cause) {
        return new ListedDifference(since, until, scenario, requests, aspects, kubernetes, rvlab, why, cause,
                dependsOnTiming);
    }

    /** The same difference, shown in some runs only, as timing decides. */
    public ListedDifference dependingOnTiming() {
        return new ListedDifference(since, until, scenario, requests, aspects, kubernetes, rvlab, why, causedBy, true);
    }

    /** Whether the server of this chapter shows it. */
    public boolean appliesTo(int chapter) {
        return since <= chapter && chapter <= until;
    }

    public boolean covers(int chapter, String scenarioName, String requestId) {
        return appliesTo(chapter) && scenario.equals(scenarioName) && requests.contains(requestId);
    }
}
