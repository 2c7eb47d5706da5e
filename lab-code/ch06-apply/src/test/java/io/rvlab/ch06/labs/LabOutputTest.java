package io.rvlab.ch06.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabTranscripts;
import io.rvlab.support.lab.Labs;
import io.rvlab.support.lab.OtherHistoryRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Runs every lab of chapter 6 on a fresh etcd and keeps its transcript in target/lab-output (and the
 * ownership diagram, which the docs site copies to images/ch06); then again, twice, on an etcd with
 * other history, where the same claims must hold. See {@link LabTranscripts}.
 */
@DisplayName("Chapter 6's labs, captured for the docs")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LabOutputTest {

    static final Path OUTPUT = Path.of("target/lab-output");
    static final Path RERUN = Path.of("target/lab-output-rerun");

    /** Lines each lab must have printed (the chapter quotes them), with a fresh etcd's revisions. */
    static final Map<String, List<String>> EXPECTED_CHECKS = Map.of();

    static final List<String> DIAGRAMS = List.of(ForcingLab.DIAGRAM);

    @Test
    @Order(1)
    @DisplayName("the chapter registers labs 6.1 to 6.5")
    void labsAreRegistered() {
        assertThat(chapterLabs()).extracting(Lab::id).containsExactly("6.1", "6.2", "6.3", "6.4", "6.5");
    }

    @TestFactory
    @Order(2)
    @DisplayName("each lab runs to the end on a fresh etcd and its transcript holds the lines the chapter quotes")
    Stream<DynamicTest> captureEveryLab() {
        return chapterLabs().stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> {
            String transcript = LabTranscripts.capture(lab, OUTPUT);
            assertThat(LabTranscripts.transcriptFile(lab, OUTPUT)).hasContent(transcript);
            assertThat(transcript).contains("  $ etcdctl ", "  $ curl -s ");
            if (LabTranscripts.freshEtcd()) {
                LabTranscripts.requireContains(lab, transcript, EXPECTED_CHECKS.getOrDefault(lab.id(), List.of()));
            }
        }));
    }

    @TestFactory
    @Order(3)
    @DisplayName("each lab's transcript and diagram are the same on every fresh etcd")
    Stream<DynamicTest> transcriptsAreDeterministic() {
        return chapterLabs().stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> {
            Assumptions.assumeTrue(LabTranscripts.freshEtcd(), "only a fresh etcd gives the same revisions twice");
            LabTranscripts.requireSameOnRerun(lab, OUTPUT, RERUN, DIAGRAMS);
        }));
    }

    @Test
    @Order(4)
    @DisplayName("the ownership diagram of lab 6.3 is well-formed SVG: a column per request, a row per field, every owner")
    void ownershipDiagram() throws Exception {
        Path svg = OUTPUT.resolve(ForcingLab.DIAGRAM);
        if (!Files.exists(svg)) {
            LabTranscripts.capture(Labs.find("6.3").orElseThrow(), OUTPUT);
        }
        LabTranscripts.requireSvg(svg);
        assertThat(Files.readString(svg))
                .containsSubsequence(">1. alice applies", ">2. bob applies", ">409 Conflict<", ">3. bob applies", ">7. bob")
                .contains(">.data.color<", ">.data.owner<", ">.data.size<")
                .contains(">alice<", ">bob<", ">carol<", ">no owner (field absent)<");
    }

    private static final OtherHistoryRuns OTHER_HISTORY = new OtherHistoryRuns(OUTPUT, DIAGRAMS);

    @AfterAll
    static void stopBusyEtcd() {
        OTHER_HISTORY.close();
    }

    @TestFactory
    @Order(5)
    @DisplayName("each lab makes and keeps the same claims on an etcd with other history, twice in a row")
    Stream<DynamicTest> labsHoldOnAnEtcdWithOtherHistory() {
        return OTHER_HISTORY.tests(chapterLabs());
    }

    static List<Lab> chapterLabs() {
        return LabTranscripts.chapter(6);
    }
}
