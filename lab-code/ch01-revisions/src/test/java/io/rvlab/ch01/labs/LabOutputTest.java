package io.rvlab.ch01.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.support.etcd.EtcdSettings;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabCapture;
import io.rvlab.support.lab.Labs;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.w3c.dom.Document;

/**
 * Runs every lab of chapter 1 on a fresh etcd and keeps its transcript in target/lab-output, where
 * the chapter text includes it from. So the lab output in the docs always comes from a real run,
 * and a lab whose claims stop holding fails the build.
 */
@DisplayName("Chapter 1's labs, captured for the docs")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LabOutputTest {

    static final Path OUTPUT = Path.of("target/lab-output");
    static final Path RERUN = Path.of("target/lab-output-rerun");

    /** Claims each lab must have made (and checked) in its transcript. */
    static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "1.1", List.of("\u2714 the put made exactly one new revision: 1 -> 2",
                    "\u2714 a new key: create_revision = mod_revision = 2, the revision of its put",
                    "\u2714 a missing key reads as create_revision 0, mod_revision 0, version 0",
                    "\u2714 nothing to delete, nothing written: still revision 6",
                    "\u2714 the same timeline drawn as revisions-timeline.svg in the lab's artifacts"),
            "1.2", List.of("\u2714 create_revision starts over: 5, not 2",
                    "\u2714 version starts over at 1, not 3",
                    "\u2714 at revision 3 it still holds the first life's v2 (create_revision 2, version 2)"),
            "1.3", List.of("\u2714 etcd refuses: \"mvcc: required revision has been compacted\"",
                    "\u2714 and where history now starts, 5",
                    "\u2714 compaction is not a write: the revision stays 6",
                    "\u2714 temp, deleted before the compaction point, is gone from every revision still readable",
                    "\u2714 revision 7 has not happened"),
            "1.4", List.of("\u2714 three keys written, and the revision rose by exactly one: 1 -> 2",
                    "\u2714 all three keys have create_revision = mod_revision = 2",
                    "\u2714 three writes, three revisions: 3, 4, 5",
                    "\u2714 no write, no revision: still 6"),
            "1.5", List.of("\u2714 the start revision is included: the first change is revision 2",
                    "\u2714 in revision order: [2, 3, 4, 5]",
                    "\u2714 after the history, the same watch delivers the live change at revision 6",
                    "\u2714 and says where history starts now: compact_revision 5"));

    static final List<String> DIAGRAMS = List.of("revisions-timeline.svg", "recreate-timeline.svg", "txn-timeline.svg");

    @Test
    @Order(1)
    @DisplayName("the chapter registers labs 1.1 to 1.5")
    void labsAreRegistered() {
        assertThat(chapterLabs()).extracting(Lab::id).containsExactly("1.1", "1.2", "1.3", "1.4", "1.5");
    }

    @TestFactory
    @Order(2)
    @DisplayName("each lab runs to the end on a fresh etcd and its transcript holds the checks the chapter quotes")
    Stream<DynamicTest> captureEveryLab() {
        return chapterLabs().stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> {
            String transcript = LabCapture.capture(lab, OUTPUT);
            Path file = OUTPUT.resolve("lab-" + lab.id() + ".txt");
            assertThat(file).exists();
            assertThat(Files.readString(file)).isEqualTo(transcript);
            assertThat(transcript).isNotBlank()
                    .startsWith("Lab " + lab.id() + ": " + lab.title())
                    .contains("Step 1. ", "  $ etcdctl ", "  jetcd> ", "What you saw: ")
                    .doesNotContain("FAILED");
            if (freshEtcd()) {
                // Revisions in the expected checks are absolute: they hold on a fresh etcd only.
                assertThat(transcript).contains(EXPECTED_CHECKS.getOrDefault(lab.id(), List.of()));
            }
        }));
    }

    @TestFactory
    @Order(4)
    @DisplayName("each lab's transcript is the same on every fresh etcd, so the docs do not change from build to build")
    Stream<DynamicTest> transcriptsAreDeterministic() {
        return chapterLabs().stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> {
            Assumptions.assumeTrue(freshEtcd(), "only a fresh etcd gives the same revisions twice");
            Path captured = OUTPUT.resolve("lab-" + lab.id() + ".txt");
            String first = Files.exists(captured) ? Files.readString(captured) : LabCapture.capture(lab, OUTPUT);
            String again = LabCapture.capture(lab, RERUN);
            assertThat(again).isEqualTo(first);
        }));
    }

    @TestFactory
    @Order(3)
    @DisplayName("each lab's diagram is a well-formed SVG file in target/lab-output")
    Stream<DynamicTest> diagramsAreWellFormed() {
        return DIAGRAMS.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Path svg = OUTPUT.resolve(name);
            if (!Files.exists(svg)) {
                // Run on its own (not after captureEveryLab): draw the diagrams first.
                for (Lab lab : chapterLabs()) {
                    LabCapture.capture(lab, OUTPUT);
                }
            }
            assertThat(svg).exists().isNotEmptyFile();
            Document document = parse(Files.readAllBytes(svg));
            assertThat(document.getDocumentElement().getTagName()).isEqualTo("svg");
            assertThat(document.getDocumentElement().getNamespaceURI()).isEqualTo("http://www.w3.org/2000/svg");
        }));
    }

    static List<Lab> chapterLabs() {
        return Labs.all().stream().filter(lab -> lab.id().startsWith("1.")).toList();
    }

    static boolean freshEtcd() {
        return EtcdSettings.load().endpoints().isEmpty();
    }

    static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }
}
