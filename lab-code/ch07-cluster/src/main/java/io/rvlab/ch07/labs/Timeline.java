package io.rvlab.ch07.labs;

import io.rvlab.support.svg.BarChart;
import io.rvlab.support.svg.SvgText;
import java.util.List;

/**
 * A timeline drawn from a run: bands for periods (who led, an outage) and one mark per request,
 * green when answered 2xx and red otherwise. Positions are the request's order, not its time, so
 * two runs draw alike.
 */
final class Timeline {

    record Band(int fromIndex, int toIndex, String label, String colour) {
    }

    record Mark(boolean ok, String label) {
    }

    private Timeline() {
    }

    static String svg(String title, List<Band> bands, List<Mark> marks, String legend) {
        int width = 640;
        int left = 20;
        int plot = width - 2 * left;
        int n = Math.max(1, marks.size());
        double step = (double) plot / n;
        StringBuilder svg = new StringBuilder();
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width)
                .append("\" height=\"190\" viewBox=\"0 0 ").append(width).append(" 190\">\n");
        svg.append("<title>").append(SvgText.escape(title)).append("</title>\n");
        svg.append(BarChart.text(left, 22, 14, "bold", BarChart.INK, "start", title)).append('\n');
        for (Band band : bands) {
            int x = left + (int) Math.round(band.fromIndex() * step);
            int w = Math.max(2, (int) Math.round((band.toIndex() - band.fromIndex()) * step));
            svg.append("<rect x=\"").append(x).append("\" y=\"36\" width=\"").append(w)
                    .append("\" height=\"26\" fill=\"").append(band.colour()).append("\"/>\n");
            svg.append(BarChart.text(x + 4, 53, 11, "normal", BarChart.INK, "start", band.label())).append('\n');
        }
        for (int i = 0; i < marks.size(); i++) {
            int x = left + (int) Math.round(i * step);
            String colour = marks.get(i).ok() ? "#16a34a" : "#dc2626";
            svg.append("<rect x=\"").append(x).append("\" y=\"72\" width=\"").append(Math.max(1, (int) step - 1))
                    .append("\" height=\"30\" fill=\"").append(colour).append("\"><title>")
                    .append(SvgText.escape(marks.get(i).label())).append("</title></rect>\n");
        }
        svg.append(BarChart.text(left, 122, 11, "normal", BarChart.MUTED, "start",
                "requests in the order they were sent: green answered 2xx, red failed")).append('\n');
        int y = 140;
        for (String line : SvgText.wrap(legend, SvgText.fit(plot, 11))) {
            svg.append(BarChart.text(left, y, 11, "normal", BarChart.MUTED, "start", line)).append('\n');
            y += 14;
        }
        svg.append("</svg>\n");
        return svg.toString();
    }
}
