package io.rvlab.ch03.labs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

@DisplayName("GenerationChart: resourceVersion and generation per step, as hand-written SVG")
class GenerationChartTest {

    private static GenerationChart sample() {
        GenerationChart chart = new GenerationChart("t <&>", "a description long enough to be wrapped onto more "
                + "than one line of the chart, because SVG itself never wraps text and a long line would run off the "
                + "right edge of the canvas, which is what the sequence diagram's subtitle used to do");
        chart.add(new GenerationChart.Point("user", "create", 6, 1, 0, true));
        chart.add(new GenerationChart.Point("user", "label <x>", 7, 1, 0, true));
        chart.add(new GenerationChart.Point("controller", "pass 1", 7, 1, 0, false));
        return chart;
    }

    @Test
    @DisplayName("renders well-formed SVG, escapes text, and is the same every time")
    void wellFormedAndDeterministic() throws Exception {
        String svg = sample().render();
        assertThat(svg).isEqualTo(sample().render());
        Document document = io.rvlab.support.lab.LabTranscripts.parse(svg.getBytes(StandardCharsets.UTF_8));
        assertThat(document.getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(svg).contains("<title id=\"title\">t &lt;&amp;&gt;</title>", ">label &lt;x&gt;<", ">user<",
                ">controller<");
        assertThat(sample().size()).isEqualTo(3);
    }

    @Test
    @DisplayName("a write is a filled dot, a step without one a hollow dot; both lines are step lines")
    void dots() {
        String svg = sample().render();
        assertThat(svg.split("r=\"4\" fill=\"#1d4ed8\"", -1).length - 1).as("2 writes and the legend's").isEqualTo(3);
        assertThat(svg.split("r=\"4\" fill=\"#ffffff\"", -1).length - 1).as("1 read and the legend's").isEqualTo(2);
        assertThat(svg).contains("stroke-dasharray=\"5 3\"");
    }

    @Test
    @DisplayName("the description is wrapped into lines that fit the canvas")
    void descriptionWraps() {
        String svg = sample().render();
        int width = Integer.parseInt(svg.replaceAll("(?s).*?<svg[^>]* width=\"(\\d+)\".*", "$1"));
        long lines = svg.lines().filter(l -> l.contains("font-size=\"12\"")).count();
        assertThat(lines).isGreaterThan(1);
        svg.lines().filter(l -> l.contains("font-size=\"12\"")).forEach(line -> {
            String text = line.replaceAll(".*>([^<]*)</text>", "$1");
            assertThat(text.length() * 12 * 0.56).as(text).isLessThanOrEqualTo(width - 48);
        });
    }

    @Test
    @DisplayName("an empty chart is refused, and ticks are 1, 2, 5 times a power of ten")
    void edges() {
        assertThatThrownBy(() -> new GenerationChart("t", "d").render()).isInstanceOf(IllegalStateException.class);
        assertThat(GenerationChart.niceStep(4)).isEqualTo(1);
        assertThat(GenerationChart.niceStep(18)).isEqualTo(5);
        assertThat(GenerationChart.niceStep(120)).isEqualTo(20);
        assertThat(GenerationChart.niceStep(1000)).isEqualTo(200);
    }
}
