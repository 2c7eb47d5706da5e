package io.rvlab.ch02.labs;

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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.w3c.dom.Document;

/**
 * Runs every lab of chapter 2 on a fresh etcd and keeps its transcript in target/lab-output, where
 * the chapter text includes it from. So the lab output in the docs always comes from a real run,
 * and a lab whose claims stop holding fails the build.
 */
@DisplayName("Chapter 2's labs, captured for the docs")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LabOutputTest {

    static final Path OUTPUT = Path.of("target/lab-output");
    static final Path RERUN = Path.of("target/lab-output-rerun");

    /** Claims each lab must have made (and checked) in its transcript, with a fresh etcd's revisions. */
    static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "2.1", List.of("\u2714 two creates, two revisions: the namespace got 5, the ConfigMap 6",
                    "\u2714 resourceVersion \"6\" is the key's mod_revision 6",
                    "\u2714 the value etcd stores has no resourceVersion: etcd keeps that number next to it",
                    "\u2714 etcd's revision moved on to 7, cm-a's resourceVersion stayed 6",
                    "\u2714 the write made revision 8: mod_revision and resourceVersion are both 8"),
            "2.2", List.of("\u2714 the list's resourceVersion 9 is etcd's header revision, made by the unrelated write",
                    "\u2714 it is not any item's resourceVersion: items keep their own (8 and 7)",
                    "\u2714 at revision 6 only cm-a existed, and the list says resourceVersion 6",
                    "\u2714 and cm-a shows its old data, v1, with its old resourceVersion 6",
                    "\u2714 422 Invalid, as kube-apiserver answers",
                    "\u2714 reads write nothing: etcd is still at revision 10",
                    "\u2714 Most Recent: resourceVersion 10, etcd's revision at the read, with or without a limit",
                    "\u2714 Exact: resourceVersion 6 and only cm-a 6, the list as it was, with or without limit=1",
                    "\u2714 Continuation: cm-b, at the token's revision 9 (etcd is at 10), with or without \"0\"",
                    "\u2714 10 combinations refused: 422 for a misused resourceVersionMatch, 400 for N with a token",
                    "\u2714 every answer kept the promise of its cell in Kubernetes' table",
                    "\u2714 the same matrix drawn as rv-matrix.svg in the lab's artifacts"),
            "2.3", List.of("{\"v\":\"meta.k8s.io/v1\",\"rv\":10,\"start\":\"cm-b\\u0000\"}",
                    "\u2714 every page has resourceVersion 10: all pages are read at the first page's revision",
                    "\u2714 410 Expired: revision 10 is gone, so the snapshot cannot be continued",
                    "{\"v\":\"meta.k8s.io/v1\",\"rv\":-1,\"start\":\"cm-b\\u0000\"}",
                    "\u2714 continuing from cm-b at the latest revision 11 now includes cm-bb: complete, not consistent"),
            "2.4", List.of("\u2714 504 Timeout: \"Too large resource version: 1006, current: 6\"",
                    "Retry-After: 1",
                    "\u2714 200 OK at resourceVersion 8: the server watched etcd's revision reach it, then read"));

    @Test
    @Order(1)
    @DisplayName("the chapter registers labs 2.1 to 2.4")
    void labsAreRegistered() {
        assertThat(chapterLabs()).extracting(Lab::id).containsExactly("2.1", "2.2", "2.3", "2.4");
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
                    .contains("Step 1. ", "  $ etcdctl ", "  $ curl -s ", "What you saw: ")
                    .doesNotContain("FAILED")
                    .doesNotContainPattern("127\\.0\\.0\\.1:\\d+")                       // no port numbers
                    .doesNotContainPattern("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}")         // no uids
                    .doesNotContainPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ"); // no timestamps
            if (freshEtcd()) {
                // Revisions in the expected checks are absolute: they hold on a fresh etcd only.
                assertThat(transcript).contains(EXPECTED_CHECKS.getOrDefault(lab.id(), List.of()));
            }
        }));
    }

    @TestFactory
    @Order(3)
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

    /** Diagrams the labs draw from their own runs; the chapter shows them. */
    static final List<String> DIAGRAMS = List.of("rv-matrix.svg");

    @TestFactory
    @Order(4)
    @DisplayName("each lab's diagram is a well-formed SVG file in target/lab-output, the same on every fresh etcd")
    Stream<DynamicTest> diagramsAreWellFormedAndDeterministic() {
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
            assertThat(document.getElementsByTagName("title").item(0).getTextContent()).isNotBlank();
            if (freshEtcd() && Files.exists(RERUN.resolve(name))) {
                assertThat(Files.readString(RERUN.resolve(name))).as("the diagram of a second run on a fresh etcd")
                        .isEqualTo(Files.readString(svg));
            }
        }));
    }

    static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    static List<Lab> chapterLabs() {
        return Labs.all().stream().filter(lab -> lab.id().startsWith("2.")).toList();
    }

    static boolean freshEtcd() {
        return EtcdSettings.load().endpoints().isEmpty();
    }
}
