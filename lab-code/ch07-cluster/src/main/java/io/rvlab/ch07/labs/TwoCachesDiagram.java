package io.rvlab.ch07.labs;

import io.rvlab.support.svg.BarChart;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Lab 7.3's diagram, drawn from the run: each replica's watch cache revision at the lab's moments
 * (two lines on one revision axis), and the client's reads marked at the revision they returned
 * (green: no older than the read before; red: older, time travel).
 */
final class TwoCachesDiagram {

    private record Sample(String moment, long cache1, long cache2) {
    }

    private record Read(String what, long revision, boolean ok, int afterSample) {
    }

    private final List<Sample> samples = new ArrayList<>();
    private final List<Read> reads = new ArrayList<>();

    void sample(String moment, long cache1, long cache2) {
        samples.add(new Sample(moment, cache1, cache2));
    }

    void read(String what, long revision, boolean ok) {
        reads.add(new Read(what, revision, ok, samples.size()));
    }

    void write(Path file) throws Exception {
        int left = 70;
        int top = 60;
        int width = 560;
        int height = 220;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (Sample s : samples) {
            min = Math.min(min, Math.min(s.cache1, s.cache2));
            max = Math.max(max, Math.max(s.cache1, s.cache2));
        }
        for (Read r : reads) {
            min = Math.min(min, r.revision);
            max = Math.max(max, r.revision);
        }
        long span = Math.max(1, max - min);
        int columns = Math.max(1, samples.size() + reads.size() - 1);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\">%n", left + width + 200, top + height + 50 + 16 * reads.size(), left + width + 200,
                top + height + 50 + 16 * reads.size()));
        svg.append("  <title>Two watch caches, one revision sequence: "
                + "each replica's cache revision over the lab, and the client's reads</title>\n");
        svg.append("  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(BarChart.text(left, 24, 15, "bold", BarChart.INK, "start",
                "Two watch caches, one revision sequence (lab 7.3)"));
        svg.append(BarChart.text(left - 10, top + height + 4, 11, null, BarChart.MUTED, "end", String.valueOf(min)));
        svg.append(BarChart.text(left - 10, top + 4, 11, null, BarChart.MUTED, "end", String.valueOf(max)));
        svg.append(BarChart.text(16, top + height / 2, 11, null, BarChart.MUTED, "middle", "revision",
                String.format(Locale.ROOT, " transform=\"rotate(-90 16 %d)\"", top + height / 2)));
        StringBuilder line1 = new StringBuilder();
        StringBuilder line2 = new StringBuilder();
        int column = 0;
        int readIndex = 0;
        for (int s = 0; s <= samples.size(); s++) {
            while (readIndex < reads.size() && reads.get(readIndex).afterSample == s) {
                Read r = reads.get(readIndex++);
                int x = left + (int) ((long) width * column++ / columns);
                int y = top + height - (int) ((r.revision - min) * height / span);
                svg.append(String.format(Locale.ROOT, "  <circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"%s\"/>%n", x, y,
                        r.ok ? "#16a34a" : "#dc2626"));
                svg.append(BarChart.text(x, y - 10, 11, "bold", r.ok ? "#16a34a" : "#dc2626", "middle",
                        String.valueOf(readIndex)));
                svg.append(BarChart.text(left, top + height + 30 + 16 * readIndex, 12, null, r.ok ? "#16a34a" : "#dc2626",
                        "start", readIndex + ". " + r.what + ": resourceVersion " + r.revision));
            }
            if (s < samples.size()) {
                Sample sample = samples.get(s);
                int x = left + (int) ((long) width * column++ / columns);
                line1.append(x).append(',').append(top + height - (int) ((sample.cache1 - min) * height / span)).append(' ');
                line2.append(x).append(',').append(top + height - (int) ((sample.cache2 - min) * height / span)).append(' ');
                svg.append(BarChart.text(x, top - 6, 10, null, BarChart.MUTED, "middle", sample.moment));
            }
        }
        svg.append(String.format(Locale.ROOT, "  <polyline points=\"%s\" fill=\"none\" stroke=\"#2563eb\" stroke-width=\"2\"/>%n",
                line1.toString().trim()));
        svg.append(String.format(Locale.ROOT, "  <polyline points=\"%s\" fill=\"none\" stroke=\"#f59e0b\" stroke-width=\"2\" "
                + "stroke-dasharray=\"6 3\"/>%n", line2.toString().trim()));
        svg.append(BarChart.text(left + width + 20, top + 20, 12, null, "#2563eb", "start", "replica-1's cache"));
        svg.append(BarChart.text(left + width + 20, top + 38, 12, null, "#f59e0b", "start", "replica-2's cache"));
        svg.append(BarChart.text(left + width + 20, top + 62, 12, null, "#16a34a", "start", "a read, not older"));
        svg.append(BarChart.text(left + width + 20, top + 80, 12, null, "#dc2626", "start", "a read back in time"));
        svg.append("</svg>\n");
        Files.createDirectories(file.getParent());
        Files.writeString(file, svg, StandardCharsets.UTF_8);
    }
}
