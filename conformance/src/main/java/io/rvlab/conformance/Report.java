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

/** The plain-text report: per request, matched / known difference / OPEN difference / later chapter. */
public final class Report {

    private Report() {
    }

    public static String text(Collection<Replayer.Result> results) {
        List<Replayer.Result> ordered = new ArrayList<>(results);
        ordered.sort(Comparator.comparingInt(r -> Replayer.HISTORY.indexOf(r.transcript().name())));
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        ordered.forEach(r -> r.outcomes().forEach(o -> counts.merge(o.verdict(), 1, Integer::sum)));

        StringBuilder out = new StringBuilder();
        out.append("rvlab conformance: the chapter 2 API server against kube-apiserver v1.26.1 (golden transcripts)\n");
        out.append("Each file was replayed over its own fresh etcd. Totals:");
        for (Verdict verdict : Verdict.values()) {
            out.append(' ').append(verdict.title()).append(' ').append(counts.getOrDefault(verdict, 0)).append(',');
        }
        out.setLength(out.length() - 1);
        out.append("\n\nkube-apiserver's side of a difference is the transcript's answer with its revisions translated into\n"
                + "this replay's numbering (RvTranslator); 'explained (known)' cites KnownDifferences (the chapter's table),\n"
                + "'explained (open)' cites OpenDifferences: places where the server should change.\n");
        for (Replayer.Result result : ordered) {
            out.append("\n== ").append(result.transcript().name()).append(" ==\n");
            out.append("setup: ").append(result.setup().isEmpty() ? "none (fresh etcd)" : String.join("; ", result.setup()))
                    .append('\n');
            for (Outcome outcome : result.outcomes()) {
                out.append('\n').append(outcome.describe()).append('\n');
            }
        }
        return out.toString();
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
