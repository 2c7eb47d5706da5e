package io.rvlab.support.lab;

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
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.opentest4j.AssertionFailedError;

/**
 * The shape every chapter's {@code LabOutputTest} has, so that a chapter's test holds only what is
 * its own: which labs it registers, the claims the chapter text quotes, the diagrams the labs draw,
 * the command lines every transcript shows, and any test of a diagram's content (ordered 5 to 99).
 *
 * <p>In order: the labs are registered; each is captured on a fresh etcd into {@link #OUTPUT}, where
 * the chapter text includes it from, and holds the quoted claims; each transcript and diagram is
 * the same on a second fresh etcd (so the docs do not change from build to build); each diagram is
 * well-formed SVG; last, each lab holds the same claims twice on an etcd with other history, as a
 * learner's etcd would be ({@link OtherHistoryRuns}). One instance serves all of a class's tests, so
 * the etcd with other history is started once and stopped after the last test.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class ChapterLabsTest {

    /** Where the chapter text includes transcripts from, and the docs site copies diagrams from. */
    protected static final Path OUTPUT = Path.of("target/lab-output");
    /** Where the second fresh run goes, to be compared with the first. */
    protected static final Path RERUN = Path.of("target/lab-output-rerun");

    private final List<String> labIds;
    private final Map<String, List<String>> expectedLines;
    private final List<String> commandLines;
    private final List<String> diagrams;
    private OtherHistoryRuns otherHistory;

    /**
     * @param labIds the ids the chapter registers, in order ("3.1", "3.2", ...), all of one chapter
     * @param expectedLines lines each lab must have printed, by lab id, with a fresh etcd's revisions
     *        (the chapter quotes them)
     * @param commandLines the command lines every transcript of the chapter shows ({@code "  $ etcdctl "})
     * @param diagrams the SVG files the labs draw into their artifacts
     */
    protected ChapterLabsTest(List<String> labIds, Map<String, List<String>> expectedLines, List<String> commandLines,
            List<String> diagrams) {
        this.labIds = List.copyOf(labIds);
        this.expectedLines = Map.copyOf(expectedLines);
        this.commandLines = List.copyOf(commandLines);
        this.diagrams = List.copyOf(diagrams);
    }

    /** The chapter's labs, in id order. */
    protected final List<Lab> chapterLabs() {
        String id = labIds.get(0);
        return LabTranscripts.chapter(Integer.parseInt(id.substring(0, id.indexOf('.'))));
    }

    @Test
    @Order(1)
    @DisplayName("the chapter registers its labs")
    void labsAreRegistered() {
        List<String> registered = chapterLabs().stream().map(Lab::id).toList();
        if (!registered.equals(labIds)) {
            throw new AssertionFailedError("the chapter's registered labs", labIds, registered);
        }
    }

    @TestFactory
    @Order(2)
    @DisplayName("each lab runs to the end on a fresh etcd and its transcript holds the lines the chapter quotes")
    Stream<DynamicTest> captureEveryLab() {
        return chapterLabs().stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> {
            // Heading, steps, conclusion, no failed check, no ports, uids or timestamps.
            String transcript = LabTranscripts.capture(lab, OUTPUT);
            String kept = Files.readString(LabTranscripts.transcriptFile(lab, OUTPUT));
            if (!kept.equals(transcript)) {
                throw new AssertionFailedError("lab " + lab.id() + "'s kept transcript", transcript, kept);
            }
            LabTranscripts.requireContains(lab, transcript, commandLines);
            if (LabTranscripts.freshEtcd()) {
                // Revisions in the expected lines are absolute: they hold on a fresh etcd only.
                LabTranscripts.requireContains(lab, transcript, expectedLines.getOrDefault(lab.id(), List.of()));
            }
        }));
    }

    @TestFactory
    @Order(3)
    @DisplayName("each lab's transcript and diagrams are the same on every fresh etcd, so the docs do not change from build to build")
    Stream<DynamicTest> transcriptsAreDeterministic() {
        return chapterLabs().stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> {
            Assumptions.assumeTrue(LabTranscripts.freshEtcd(), "only a fresh etcd gives the same revisions twice");
            Assumptions.assumeFalse(lab instanceof ClusterLab, "a cluster lab's elections and timeouts differ from run to run;"
                    + " its checked claims hold on every run, and one run is enough time to spend on it");
            LabTranscripts.requireSameOnRerun(lab, OUTPUT, RERUN, diagrams);
        }));
    }

    @TestFactory
    @Order(4)
    @DisplayName("each lab's diagram is a well-formed SVG file in target/lab-output")
    Stream<DynamicTest> diagramsAreWellFormed() {
        return diagrams.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            LabTranscripts.requireSvg(drawn(name));
        }));
    }

    @TestFactory
    @Order(100)
    @DisplayName("each lab makes and keeps the same claims on an etcd with other history, twice in a row")
    Stream<DynamicTest> labsHoldOnAnEtcdWithOtherHistory() {
        otherHistory = new OtherHistoryRuns(OUTPUT, diagrams);
        return otherHistory.tests(chapterLabs());
    }

    @AfterAll
    void stopBusyEtcd() {
        if (otherHistory != null) {
            otherHistory.close();
        }
    }

    /**
     * The diagram {@code name} in {@link #OUTPUT}; when a test runs on its own (not after
     * {@link #captureEveryLab}), the chapter's labs are captured first to draw it.
     */
    protected final Path drawn(String name) throws Exception {
        Path svg = OUTPUT.resolve(name);
        if (!Files.exists(svg)) {
            for (Lab lab : chapterLabs()) {
                LabTranscripts.capture(lab, OUTPUT);
            }
        }
        return svg;
    }
}
