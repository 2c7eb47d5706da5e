package io.rvlab.conformance;

import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.Transcript.Exchange;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What became of one golden exchange in a replay.
 *
 * @param sentTarget the path and query sent here (revisions translated), or null if nothing was sent
 * @param differences every difference found, explained or not
 * @param explainedBy the listed differences (known or open) that cover this request
 * @param notes what was translated or compared loosely, and why
 */
public record Outcome(Exchange exchange, Verdict verdict, String sentTarget, List<Difference> differences,
        List<ListedDifference> explainedBy, List<String> notes) {

    public enum Verdict {
        /** The same answer, after normalisation. */
        MATCHED("matched"),
        /** Every difference is on the reviewed list, {@link KnownDifferences}. */
        KNOWN_DIFFERENCE("known difference"),
        /** Every difference is listed, at least one on {@link OpenDifferences}: the server should change. */
        OPEN_DIFFERENCE("OPEN difference"),
        /** A request of a later chapter (update, delete, watch, apply): not sent, its effects not assumed. */
        LATER_CHAPTER("later chapter"),
        /** A difference no list explains: the suite fails. */
        UNEXPLAINED("UNEXPLAINED difference");

        private final String title;

        Verdict(String title) {
            this.title = title;
        }

        public String title() {
            return title;
        }
    }

    public Outcome {
        differences = List.copyOf(differences);
        explainedBy = List.copyOf(explainedBy);
        notes = List.copyOf(notes);
    }

    /**
     * Decides the verdict for a compared request from its differences and the two lists' entries
     * for the server's chapter.
     */
    public static Outcome judge(int chapter, String scenario, Exchange exchange, String sentTarget,
            List<Difference> differences, List<String> notes) {
        List<ListedDifference> known = KnownDifferences.LIST.stream()
                .filter(d -> d.covers(chapter, scenario, exchange.id())).toList();
        List<ListedDifference> open = OpenDifferences.LIST.stream()
                .filter(d -> d.covers(chapter, scenario, exchange.id())).toList();
        List<ListedDifference> listed = new ArrayList<>(known);
        listed.addAll(open);
        if (differences.isEmpty()) {
            return new Outcome(exchange, Verdict.MATCHED, sentTarget, differences, listed, notes);
        }
        Set<Aspect> covered = listed.stream().flatMap(d -> d.aspects().stream()).collect(Collectors.toSet());
        boolean allExplained = differences.stream().allMatch(d -> covered.contains(d.aspect()));
        Set<Aspect> openAspects = open.stream().flatMap(d -> d.aspects().stream()).collect(Collectors.toSet());
        boolean anyOpen = differences.stream().anyMatch(d -> openAspects.contains(d.aspect()));
        Verdict verdict = !allExplained ? Verdict.UNEXPLAINED : anyOpen ? Verdict.OPEN_DIFFERENCE : Verdict.KNOWN_DIFFERENCE;
        return new Outcome(exchange, verdict, sentTarget, differences, listed, notes);
    }

    public static Outcome laterChapter(Exchange exchange, String why) {
        return new Outcome(exchange, Verdict.LATER_CHAPTER, null, List.of(), List.of(), List.of(why));
    }

    public Set<Aspect> aspects() {
        return differences.stream().map(Difference::aspect).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** A readable account: the request, the verdict, every difference with both sides, the notes. */
    public String describe() {
        StringBuilder out = new StringBuilder();
        out.append(exchange.id()).append("  ").append(exchange.request().method()).append(' ')
                .append(exchange.request().target()).append("\n  ").append(verdict.title());
        if (sentTarget != null && !sentTarget.equals(exchange.request().target())) {
            out.append("\n  sent as: ").append(exchange.request().method()).append(' ').append(sentTarget);
        }
        for (Difference difference : differences) {
            out.append("\n  - ").append(difference);
        }
        for (ListedDifference listed : explainedBy) {
            if (!differences.isEmpty()) {
                out.append("\n  explained (").append(OpenDifferences.LIST.contains(listed) ? "open" : "known")
                        .append("): ").append(listed.why());
            }
        }
        for (String note : notes) {
            out.append("\n  note: ").append(note);
        }
        return out.toString();
    }
}
