package io.rvlab.ch03.labs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("SequenceDiagram: a hand-written SVG sequence diagram")
class SequenceDiagramTest {

    private static SequenceDiagram sample() {
        SequenceDiagram d = new SequenceDiagram("t <&>", "d \"q\"", List.of("A", "B", "S"));
        d.note("round <1>");
        d.message("A", "S", "PUT x, resourceVersion 9", SequenceDiagram.Tone.REQUEST);
        d.message("S", "A", "409 Conflict", SequenceDiagram.Tone.CONFLICT);
        d.message("S", "B", "200 & ok", SequenceDiagram.Tone.OK);
        return d;
    }

    @Test
    @DisplayName("renders well-formed SVG, escapes text, and is the same every time")
    void wellFormedAndDeterministic() throws Exception {
        String svg = sample().render();
        assertThat(svg).isEqualTo(sample().render());
        assertThat(io.rvlab.support.lab.LabTranscripts.parse(svg.getBytes(java.nio.charset.StandardCharsets.UTF_8))
                .getDocumentElement().getTagName()).isEqualTo("svg");
        assertThat(svg).contains("<title id=\"title\">t &lt;&amp;&gt;</title>", "round &lt;1&gt;", "200 &amp; ok",
                ">PUT x, resourceVersion 9<");
        assertThat(sample().messages()).isEqualTo(3);
    }

    @Test
    @DisplayName("arrowheads point from sender to receiver; a conflict is red and bold, answers dashed")
    void arrows() {
        String svg = sample().render();
        // A (centre 149) -> S (centre 649): the tip is at 647, to the right of its base.
        assertThat(svg).contains("<polygon points=\"647,");
        // S -> A: the tip is at 151, to the left of its base.
        assertThat(svg).containsPattern("<line[^>]*stroke=\"#b91c1c\" stroke-width=\"2.5\" stroke-dasharray=\"6 4\"/>");
        assertThat(svg).contains("<polygon points=\"151,", "font-weight=\"bold\">409 Conflict</text>");
    }

    @Test
    @DisplayName("a long label widens the gap between its two lifelines, and a long description wraps")
    void sizesToItsText() {
        SequenceDiagram d = new SequenceDiagram("t", "word ".repeat(100), List.of("A", "B", "S"));
        d.message("B", "S", "x".repeat(60), SequenceDiagram.Tone.REQUEST);
        String svg = d.render();
        // B at 399 as before; the gap B-S grows from 250 to 60 * 6.8 + 28 = 436, so S is at 835 and the tip at 833.
        assertThat(svg).contains("<polygon points=\"833,", "width=\"984\"");
        assertThat(svg.lines().filter(l -> l.contains("font-size=\"12\"")).count()).isGreaterThan(1);
        assertThat(svg).contains("<desc id=\"desc\">" + "word ".repeat(100) + "</desc>")
                .doesNotContain(">" + "word ".repeat(100).trim() + "</text>");
    }

    @Test
    @DisplayName("an unknown lifeline is refused")
    void unknownLifeline() {
        assertThatThrownBy(() -> sample().message("A", "etcd", "x", SequenceDiagram.Tone.REQUEST))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
