package io.rvlab.ch07.labs;

import io.rvlab.support.svg.BarChart;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Lab 7.5's diagram, drawn from the run: per member, its database file before and after one
 * member was defragmented (two bars), and the compact revision every member shares.
 */
final class MemberSizesDiagram {

    private record Member(String name, long before, long after, long compactRevision, boolean defragmented) {
    }

    private final List<Member> members = new ArrayList<>();

    void member(String name, long before, long after, long compactRevision, boolean defragmented) {
        members.add(new Member(name, before, after, compactRevision, defragmented));
    }

    void write(Path file) throws Exception {
        int left = 40;
        int top = 70;
        int chart = 200;
        int group = 180;
        int width = left * 2 + group * members.size();
        int height = top + chart + 80;
        long max = 1;
        for (Member m : members) {
            max = Math.max(max, Math.max(m.before, m.after));
        }
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\">%n", width, height, width, height));
        svg.append("  <title>Compaction is replicated, defragmentation is not: "
                + "each member's database file before and after defragmenting one</title>\n");
        svg.append("  <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(BarChart.text(left, 24, 15, "bold", BarChart.INK, "start",
                "Compaction is replicated, defragmentation is not (lab 7.5)"));
        svg.append(BarChart.text(left, 44, 12, null, BarChart.MUTED, "start",
                "database file per member: grey before, blue after defragmenting one member"));
        for (int i = 0; i < members.size(); i++) {
            Member m = members.get(i);
            int x = left + group * i + 20;
            int hBefore = (int) (chart * m.before / max);
            int hAfter = (int) (chart * m.after / max);
            svg.append(String.format(Locale.ROOT, "  <rect x=\"%d\" y=\"%d\" width=\"50\" height=\"%d\" fill=\"#9ca3af\"/>%n",
                    x, top + chart - hBefore, hBefore));
            svg.append(String.format(Locale.ROOT, "  <rect x=\"%d\" y=\"%d\" width=\"50\" height=\"%d\" fill=\"#2563eb\"/>%n",
                    x + 60, top + chart - hAfter, hAfter));
            svg.append(BarChart.text(x + 25, top + chart - hBefore - 4, 10, null, BarChart.MUTED, "middle",
                    m.before / 1024 + " KiB"));
            svg.append(BarChart.text(x + 85, top + chart - hAfter - 4, 10, null, "#2563eb", "middle",
                    m.after / 1024 + " KiB"));
            svg.append(BarChart.text(x + 55, top + chart + 18, 12, "bold", BarChart.INK, "middle",
                    m.name + (m.defragmented ? " (defragmented)" : "")));
            svg.append(BarChart.text(x + 55, top + chart + 36, 11, null, BarChart.MUTED, "middle",
                    "compacted at " + m.compactRevision));
        }
        svg.append(String.format(Locale.ROOT, "  <line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"/>%n", left,
                top + chart, width - left, top + chart, BarChart.MUTED));
        svg.append("</svg>\n");
        Files.createDirectories(file.getParent());
        Files.writeString(file, svg, StandardCharsets.UTF_8);
    }
}
