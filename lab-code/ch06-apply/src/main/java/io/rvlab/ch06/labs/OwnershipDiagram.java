package io.rvlab.ch06.labs;

import static io.rvlab.support.svg.SvgText.escape;
import static io.rvlab.support.svg.SvgText.wrap;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Ownership moving between managers over a lab's run, as SVG: one row per field, one column per
 * step (what was sent and what the server answered), each cell coloured by the manager or
 * managers whose managedFields entry held the field after that step (shared ownership is split
 * into stripes, one per owner). Drawn from the object's own managedFields, read after each step.
 */
final class OwnershipDiagram {

    private static final String[] PALETTE = {"#2563eb", "#d97706", "#059669", "#db2777", "#7c3aed", "#0891b2"};
    private static final int LEFT = 150;
    private static final int TOP = 162;
    private static final int CELL_W = 128;
    private static final int CELL_H = 44;

    /** One step of the run: its label, the HTTP answer, and field -> owners after it. */
    record Step(String label, String answer, Map<String, List<String>> owners) {
    }

    private final String title;
    private final String caption;
    private final List<Step> steps = new ArrayList<>();

    OwnershipDiagram(String title, String caption) {
        this.title = title;
        this.caption = caption;
    }

    /** Records the owners {@code object}'s managedFields show after the step {@code label}, answered {@code answer}. */
    void record(String label, String answer, JsonNode object) {
        steps.add(new Step(label, answer, ManagedFieldsTable.owners(object)));
    }

    List<Step> steps() {
        return List.copyOf(steps);
    }

    void write(Path file) throws IOException {
        Set<String> fields = new TreeSet<>();
        Set<String> managers = new LinkedHashSet<>();
        for (Step step : steps) {
            fields.addAll(step.owners().keySet());
            step.owners().values().forEach(managers::addAll);
        }
        List<String> rows = List.copyOf(fields);
        List<String> colours = List.copyOf(managers);
        int width = LEFT + CELL_W * steps.size() + 30;
        int legendY = TOP + CELL_H * rows.size() + 34;
        int height = legendY + 40;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height).append("\" font-family=\"sans-serif\">\n");
        svg.append("<title>").append(escape(title)).append("</title>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        text(svg, 20, 30, 18, "bold", "#111827", title);
        int line = 0;
        for (String part : wrap(caption, (width - 40) / 7)) {
            text(svg, 20, 52 + 16 * line++, 12, "normal", "#374151", part);
        }
        for (int c = 0; c < steps.size(); c++) {
            Step step = steps.get(c);
            int x = LEFT + c * CELL_W;
            List<String> label = wrap((c + 1) + ". " + step.label(), 19);
            for (int i = 0; i < label.size() && i < 3; i++) {
                text(svg, x + 4, TOP - 60 + 14 * i, 11, "normal", "#111827", label.get(i));
            }
            boolean refused = step.answer().startsWith("4");
            text(svg, x + 4, TOP - 6, 11, "bold", refused ? "#b91c1c" : "#374151", step.answer());
        }
        for (int r = 0; r < rows.size(); r++) {
            int y = TOP + r * CELL_H;
            text(svg, 12, y + CELL_H / 2 + 4, 12, "normal", "#111827", rows.get(r));
            for (int c = 0; c < steps.size(); c++) {
                cell(svg, LEFT + c * CELL_W, y, steps.get(c).owners().getOrDefault(rows.get(r), List.of()), colours);
            }
        }
        int x = 20;
        text(svg, x, legendY, 12, "bold", "#111827", "owners:");
        x += 60;
        for (String manager : colours) {
            svg.append("<rect x=\"").append(x).append("\" y=\"").append(legendY - 11).append("\" width=\"14\" height=\"14\" fill=\"")
                    .append(colour(manager, colours)).append("\"/>\n");
            text(svg, x + 20, legendY, 12, "normal", "#111827", manager);
            x += 30 + 8 * manager.length();
        }
        svg.append("<rect x=\"").append(x).append("\" y=\"").append(legendY - 11)
                .append("\" width=\"14\" height=\"14\" fill=\"#f3f4f6\" stroke=\"#9ca3af\"/>\n");
        text(svg, x + 20, legendY, 12, "normal", "#111827", "no owner (field absent)");
        svg.append("</svg>\n");
        Files.writeString(file, svg.toString(), StandardCharsets.UTF_8);
    }

    private static void cell(StringBuilder svg, int x, int y, List<String> owners, List<String> colours) {
        if (owners.isEmpty()) {
            svg.append("<rect x=\"").append(x + 2).append("\" y=\"").append(y + 2).append("\" width=\"").append(CELL_W - 4)
                    .append("\" height=\"").append(CELL_H - 4).append("\" fill=\"#f3f4f6\" stroke=\"#9ca3af\"/>\n");
            return;
        }
        int stripe = (CELL_H - 4) / owners.size();
        for (int i = 0; i < owners.size(); i++) {
            int top = y + 2 + i * stripe;
            int h = i == owners.size() - 1 ? CELL_H - 4 - i * stripe : stripe;
            svg.append("<rect x=\"").append(x + 2).append("\" y=\"").append(top).append("\" width=\"").append(CELL_W - 4)
                    .append("\" height=\"").append(h).append("\" fill=\"").append(colour(owners.get(i), colours)).append("\"/>\n");
            text(svg, x + 8, top + h / 2 + 4, 11, "bold", "#ffffff", owners.get(i));
        }
    }

    private static String colour(String manager, List<String> managers) {
        return PALETTE[managers.indexOf(manager) % PALETTE.length];
    }

    private static void text(StringBuilder svg, int x, int y, int size, String weight, String fill, String text) {
        svg.append("<text x=\"").append(x).append("\" y=\"").append(y).append("\" font-size=\"").append(size)
                .append("\" font-weight=\"").append(weight).append("\" fill=\"").append(fill).append("\">")
                .append(escape(text)).append("</text>\n");
    }
}
