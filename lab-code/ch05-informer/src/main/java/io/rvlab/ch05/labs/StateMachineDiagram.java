package io.rvlab.ch05.labs;

import static io.rvlab.support.svg.SvgText.escape;
import static io.rvlab.support.svg.SvgText.wrap;

import io.rvlab.ch05.labs.StateMachineRecorder.State;
import io.rvlab.ch05.labs.StateMachineRecorder.Transition;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The reflector's state machine as SVG: its five states, every transition labelled with what
 * happened, and the transitions a lab's run actually took drawn bold and numbered in the order it
 * first took them.
 */
final class StateMachineDiagram {

    private static final int WIDTH = 1100;
    private static final int HEIGHT = 600;
    private static final int BOX_W = 150;
    private static final int BOX_H = 56;
    private static final String TAKEN = "#1d4ed8";
    private static final String ERROR = "#b91c1c";
    private static final String IDLE = "#9ca3af";

    private final String title;
    private final String caption;
    private final List<Transition> taken;

    StateMachineDiagram(String title, String caption, List<Transition> taken) {
        this.title = title;
        this.caption = caption;
        this.taken = List.copyOf(taken);
    }

    private static int x(State s) {
        return switch (s) {
            case START -> 50;
            case LIST, RELIST -> 210;
            case WATCH, BACKOFF -> 600;
            case RESYNC -> 960;
        };
    }

    private static int y(State s) {
        return switch (s) {
            case START, LIST, WATCH, RESYNC -> 250;
            case BACKOFF, RELIST -> 470;
        };
    }

    void write(Path file) throws IOException {
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(HEIGHT)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(HEIGHT)
                .append("\" font-family=\"sans-serif\">\n");
        svg.append("<title>").append(escape(title)).append("</title>\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        svg.append("<text x=\"20\" y=\"30\" font-size=\"18\" font-weight=\"bold\">").append(escape(title)).append("</text>\n");
        int line = 0;
        for (String text : wrap(caption, 130)) {
            svg.append("<text x=\"20\" y=\"").append(52 + 16 * line++).append("\" font-size=\"12\" fill=\"#374151\">")
                    .append(escape(text)).append("</text>\n");
        }
        for (Transition t : Transition.values()) {
            edge(svg, t);
        }
        for (State s : State.values()) {
            if (s != State.START) {
                box(svg, s);
            }
        }
        svg.append("<circle cx=\"").append(x(State.START)).append("\" cy=\"").append(y(State.START))
                .append("\" r=\"9\" fill=\"#111827\"/>\n");
        svg.append("</svg>\n");
        Files.writeString(file, svg.toString(), StandardCharsets.UTF_8);
    }

    private void box(StringBuilder svg, State s) {
        boolean visited = taken.stream().anyMatch(t -> t.to == s || t.from == s);
        svg.append("<rect x=\"").append(x(s) - BOX_W / 2).append("\" y=\"").append(y(s) - BOX_H / 2).append("\" width=\"")
                .append(BOX_W).append("\" height=\"").append(BOX_H).append("\" rx=\"10\" fill=\"")
                .append(visited ? "#dbeafe" : "#f3f4f6").append("\" stroke=\"").append(visited ? TAKEN : IDLE)
                .append("\" stroke-width=\"2\"/>\n");
        svg.append("<text x=\"").append(x(s)).append("\" y=\"").append(y(s) + 6)
                .append("\" font-size=\"17\" font-weight=\"bold\" text-anchor=\"middle\">").append(s.name()).append("</text>\n");
    }

    private void edge(StringBuilder svg, Transition t) {
        int order = taken.indexOf(t) + 1;
        boolean isTaken = order > 0;
        boolean error = t == Transition.WATCH_BACKOFF || t == Transition.RELIST_AGAIN;
        String color = !isTaken ? IDLE : error ? ERROR : TAKEN;
        int fx = x(t.from);
        int fy = y(t.from);
        int tx = x(t.to);
        int ty = y(t.to);
        int top = fy - BOX_H / 2;
        int[] p; // x0 y0 [c1x c1y c2x c2y] x1 y1
        int lx;
        int ly;
        String anchor = "middle";
        switch (t) {
            case START_LIST -> {
                p = new int[] {fx + 10, fy, tx - BOX_W / 2, ty};
                lx = fx - 20;
                ly = fy - 30;
                anchor = "start";
            }
            case WATCH_EVENT, WATCH_TIMEOUT, WATCH_CUT -> {
                int size = t == Transition.WATCH_EVENT ? 40 : t == Transition.WATCH_TIMEOUT ? 70 : 100;
                p = new int[] {fx - 30, top, fx - 30 - size, top - size, fx + 30 + size, top - size, fx + 30, top};
                lx = fx + 130;
                ly = top - (int) (size * 0.75) + 4;
                anchor = "start";
            }
            case RELIST_AGAIN -> {
                int bottom = fy + BOX_H / 2;
                p = new int[] {fx - 30, bottom, fx - 90, bottom + 70, fx + 90, bottom + 70, fx + 30, bottom};
                lx = fx;
                ly = bottom + 72;
            }
            case WATCH_RESYNC -> {
                p = new int[] {fx + BOX_W / 2, fy - 12, tx - BOX_W / 2, ty - 12};
                lx = (fx + tx) / 2;
                ly = fy - 20;
            }
            case RESYNC_WATCH -> {
                p = new int[] {fx - BOX_W / 2, fy + 12, tx + BOX_W / 2, ty + 12};
                lx = (fx + tx) / 2;
                ly = fy + 48;
            }
            case LIST_WATCH -> {
                p = new int[] {fx + BOX_W / 2, fy, tx - BOX_W / 2, ty};
                lx = (fx + tx) / 2;
                ly = fy - 26;
            }
            case WATCH_BACKOFF -> {
                p = new int[] {fx, fy + BOX_H / 2, tx, ty - BOX_H / 2};
                lx = fx + 10;
                ly = (fy + ty) / 2;
                anchor = "start";
            }
            case BACKOFF_RELIST -> {
                p = new int[] {fx - BOX_W / 2, fy, tx + BOX_W / 2, ty};
                lx = (fx + tx) / 2;
                ly = fy - 10;
            }
            case RELIST_WATCH -> {
                p = new int[] {fx + 40, fy - BOX_H / 2, tx - 60, ty + BOX_H / 2};
                lx = (fx + tx) / 2 - 20;
                ly = (fy + ty) / 2 + 10;
                anchor = "end";
            }
            default -> throw new IllegalStateException(t.name());
        }
        String d = p.length == 4 ? "M " + p[0] + " " + p[1] + " L " + p[2] + " " + p[3]
                : "M " + p[0] + " " + p[1] + " C " + p[2] + " " + p[3] + ", " + p[4] + " " + p[5] + ", " + p[6] + " " + p[7];
        svg.append("<path d=\"").append(d).append("\" fill=\"none\" stroke=\"").append(color)
                .append("\" stroke-width=\"").append(isTaken ? "3" : "1.5").append("\"")
                .append(isTaken ? "" : " stroke-dasharray=\"6 4\"").append("/>\n");
        int n = p.length;
        arrowhead(svg, p[n - 2], p[n - 1], p[n - 2] - p[n - 4], p[n - 1] - p[n - 3], color);
        String[] lines = ((isTaken ? order + ". " : "") + t.label).split("; ");
        for (int i = 0; i < lines.length; i++) {
            svg.append("<text x=\"").append(lx).append("\" y=\"").append(ly + 15 * i).append("\" font-size=\"12\" text-anchor=\"")
                    .append(anchor).append("\" fill=\"").append(isTaken ? color : "#6b7280").append("\"")
                    .append(isTaken ? " font-weight=\"bold\"" : "").append('>').append(escape(lines[i])).append("</text>\n");
        }
    }

    /** A filled triangle at (x, y) pointing along (dx, dy). */
    private static void arrowhead(StringBuilder svg, int x, int y, int dx, int dy, String color) {
        double length = Math.hypot(dx, dy);
        double ux = length == 0 ? 1 : dx / length;
        double uy = length == 0 ? 0 : dy / length;
        double bx = x - 12 * ux;
        double by = y - 12 * uy;
        svg.append(String.format(Locale.ROOT, "<polygon points=\"%d,%d %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>%n", x, y,
                bx - 5 * uy, by + 5 * ux, bx + 5 * uy, by - 5 * ux, color));
    }
}
