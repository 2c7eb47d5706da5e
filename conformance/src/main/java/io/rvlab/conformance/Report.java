package io.rvlab.conformance;

import io.rvlab.conformance.Outcome.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The plain-text report: for each chapter's server, per request, matched / known difference / OPEN
 * difference / later chapter, with the counts per transcript and in total.
 */
public final class Report {

    private Report() {
    }

    public static String text(Collection<Replayer.Result> results) {
        StringBuilder out = new StringBuilder();
        out.append("rvlab conformance: each chapter's API server against kube-apiserver v1.26.1 (golden transcripts)\n");
        out.append("Each file was replayed over its own fresh etcd.\n");
        out.append("\nkube-apiserver's side of a difference is the transcript's answer with its revisions and uids translated\n"
                + "into this replay's (RvTranslator, UidTranslator); 'explained (known)' cites KnownDifferences (the chapters'\n"
                + "tables), 'explained (open)' cites OpenDifferences: places where the server should change.\n");
        for (Chapter chapter : Chapter.ALL) {
            List<Replayer.Result> ordered = new ArrayList<>(results.stream().filter(r -> r.chapter() == chapter.number()).toList());
            if (ordered.isEmpty()) {
                continue;
            }
            ordered.sort(Comparator.comparingInt(r -> chapter.history().indexOf(r.entry())));
            out.append("\n\n######## ").append(chapter.server()).append(" ########\n\n");
            Map<Verdict, Integer> total = new EnumMap<>(Verdict.class);
            for (Replayer.Result result : ordered) {
                Map<Verdict, Integer> counts = counts(result);
                counts.forEach((verdict, n) -> total.merge(verdict, n, Integer::sum));
                out.append(String.format("%-55s %s%n", result.entry() + ":", line(counts)));
            }
            out.append(String.format("%-55s %s%n", "total:", line(total)));
            for (Replayer.Result result : ordered) {
                out.append("\n== chapter ").append(chapter.number()).append(": ").append(result.entry()).append(" ==\n");
                out.append("setup: ").append(result.setup().isEmpty() ? "none (fresh etcd)" : String.join("; ", result.setup()))
                        .append('\n');
                for (Outcome outcome : result.outcomes()) {
                    out.append('\n').append(outcome.describe()).append('\n');
                }
            }
        }
        return out.toString();
    }

    static Map<Verdict, Integer> counts(Replayer.Result result) {
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        result.outcomes().forEach(o -> counts.merge(o.verdict(), 1, Integer::sum));
        return counts;
    }

    private static String line(Map<Verdict, Integer> counts) {
        StringBuilder line = new StringBuilder();
        for (Verdict verdict : Verdict.values()) {
            line.append(line.isEmpty() ? "" : ", ").append(verdict.title()).append(' ').append(counts.getOrDefault(verdict, 0));
        }
        return line.toString();
    }

    public static void write(Collection<Replayer.Result> results, Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, text(results), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
