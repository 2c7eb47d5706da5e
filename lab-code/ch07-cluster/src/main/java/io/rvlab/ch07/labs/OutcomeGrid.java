package io.rvlab.ch07.labs;

import static io.rvlab.support.svg.SvgText.escape;

import io.rvlab.support.svg.BarChart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A lab's outcomes as an SVG grid, drawn from its run: one row per request, one column per phase of
 * the fault (before, during, after), each cell the answer that request got in that phase, coloured
 * by what it means for the client: current, stale, or failed.
 */
final class OutcomeGrid {

    enum Outcome {
        CURRENT("#d1fae5", "#065f46"), STALE("#fef3c7", "#92400e"), FAILED("#fee2e2", "#991b1b");

        final String fill;
        final String ink;

        Outcome(String fill, String ink) {
            this.fill = fill;
            this.ink = ink;
        }
    }

    private record Cell(String text, Outcome outcome) {
    }

    private static final int LEFT = 300;
    private static final int TOP = 92;
    private static final int CELL_W = 200;
    private static final int CELL_H = 40;

    private final String title;
    private final String caption;
    private final List<String> phases;
    private final Map<String, Map<String, Cell>> rows = new LinkedHashMap<>();

    OutcomeGrid(String title, String caption, List<String> phases) {
        this.title = title;
        this.caption = caption;
        this.phases = List.copyOf(phases);
    }

    void record(String request, String phase, String answer, Outcome outcome) {
        if (!phases.contains(phase)) {
            throw new IllegalArgumentException("no phase " + phase);
        }
        rows.computeIfAbsent(request, r -> new LinkedHashMap<>()).put(phase, new Cell(answer, outcome));
    }

    void write(Path file) throws IOException {
        int width = LEFT + phases.size() * CELL_W + 20;
        int height = TOP + rows.size() * CELL_H + 70;
        List<String> svg = new ArrayList<>();
        svg.add("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + width + "\" height=\"" + height
                + "\" viewBox=\"0 0 " + width + " " + height + "\" font-family=\"" + BarChart.SANS + "\">");
        svg.add("<title>" + escape(title) + "</title>");
        svg.add(BarChart.text(16, 28, 16, "bold", BarChart.INK, "start", title));
        svg.add(BarChart.text(16, 50, 12, "normal", BarChart.MUTED, "start", caption));
        for (int c = 0; c < phases.size(); c++) {
            svg.add(BarChart.text(LEFT + c * CELL_W + CELL_W / 2, TOP - 12, 13, "bold", BarChart.INK, "middle", phases.get(c)));
        }
        int r = 0;
        for (Map.Entry<String, Map<String, Cell>> row : rows.entrySet()) {
            int y = TOP + r * CELL_H;
            svg.add(BarChart.text(16, y + CELL_H / 2 + 4, 12, "normal", BarChart.INK, "start", row.getKey()));
            for (int c = 0; c < phases.size(); c++) {
                Cell cell = row.getValue().get(phases.get(c));
                int x = LEFT + c * CELL_W;
                if (cell == null) {
                    continue;
                }
                svg.add("<rect x=\"" + (x + 2) + "\" y=\"" + (y + 2) + "\" width=\"" + (CELL_W - 4) + "\" height=\""
                        + (CELL_H - 4) + "\" rx=\"4\" fill=\"" + cell.outcome().fill + "\"/>");
                svg.add(BarChart.text(x + CELL_W / 2, y + CELL_H / 2 + 4, 12, "normal", cell.outcome().ink, "middle", cell.text()));
            }
            r++;
        }
        int legend = TOP + rows.size() * CELL_H + 30;
        int x = 16;
        for (Outcome outcome : Outcome.values()) {
            svg.add("<rect x=\"" + x + "\" y=\"" + (legend - 11) + "\" width=\"14\" height=\"14\" rx=\"3\" fill=\"" + outcome.fill + "\"/>");
            svg.add(BarChart.text(x + 20, legend, 12, "normal", BarChart.INK, "start", outcome.name().toLowerCase()));
            x += 110;
        }
        svg.add("</svg>");
        Files.writeString(file, String.join("\n", svg) + "\n", StandardCharsets.UTF_8);
    }
}
