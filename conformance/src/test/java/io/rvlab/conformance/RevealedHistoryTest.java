package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The writes the transcripts show without recording them as requests. */
class RevealedHistoryTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));

    private static final RevealedHistory HISTORY = RevealedHistory.of(Replayer.HISTORY_WATCH.stream()
            .map(entry -> Replayer.load(GOLDEN, entry, Replayer.HISTORY_WATCH)).toList());

    @Test
    @DisplayName("objects first seen in later answers, and another client's changes seen as watch events")
    void fromAnswersAndEvents() {
        RevealedHistory.Write wake = HISTORY.at(102).orElseThrow();
        assertThat(wake.name()).isEqualTo("cm-wake");
        assertThat(wake.delete()).isFalse();
        assertThat(RevealedHistory.body(wake.object()).toString())
                .isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-wake\"},\"data\":{\"k\":\"w\"}}");
        assertThat(HISTORY.at(116).orElseThrow().source()).contains("e1#1: a ADDED event");
        assertThat(HISTORY.at(119).orElseThrow().delete()).as("the DELETED event carries the delete's revision").isTrue();
        assertThat(HISTORY.at(134).orElseThrow().object().path("data").path("k").asText()).isEqualTo("bm1");
        assertThat(HISTORY.at(234).orElseThrow().name()).as("g1's server-side apply").isEqualTo("cm-ssa");
    }

    @Test
    @DisplayName("writes that only a note describes: e2 (D)'s patch and (E)'s create in another namespace")
    void fromNotes() {
        RevealedHistory.Write patch = HISTORY.at(274).orElseThrow();
        assertThat(patch.name()).isEqualTo("cm-c");
        assertThat(patch.object()).as("its content is not recorded").isNull();
        RevealedHistory.Write other = HISTORY.at(281).orElseThrow();
        assertThat(other.namespace() + "/" + other.name()).isEqualTo("kube-public/cm-other-ns");
        assertThat(HISTORY.at(125)).as("a revision no transcript explains").isEmpty();
    }
}
