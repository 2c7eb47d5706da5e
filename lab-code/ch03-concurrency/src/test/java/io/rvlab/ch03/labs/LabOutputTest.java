package io.rvlab.ch03.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.support.lab.ChapterLabsTest;
import io.rvlab.support.lab.LabTranscripts;
import io.rvlab.support.lab.Labs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * Runs every lab of chapter 3 on a fresh etcd and keeps its transcript in target/lab-output, where
 * the chapter text includes it from. So the lab output in the docs always comes from a real run,
 * and a lab whose claims stop holding fails the build. Then runs every lab again, twice, on an etcd
 * with other history (a learner's etcd is not at revision 1): the same claims must hold there.
 * What every chapter checks about its labs is in {@link LabTranscripts}; what is chapter 3's is here.
 */
@DisplayName("Chapter 3's labs, captured for the docs")
class LabOutputTest extends ChapterLabsTest {

    /** Claims each lab must have made (and checked) in its transcript, with a fresh etcd's revisions. */
    private static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "3.1", List.of("\u2714 A and B hold the same version, resourceVersion 6",
                    "\u2714 200 OK again, resourceVersion 8: nothing told B that foo-1 had changed",
                    "\u2714 the lost update: etcd holds bar=0, baz=B. B's write put back the bar=0 it had read, erasing A's bar=A",
                    "\u2714 200 OK: resourceVersion 9 was current, so the server's txn (if mod_revision = 9) went through as 10",
                    "server -> etcd: txn if mod_revision(/registry/configmaps/lab-3-1/foo-1) = 6: put, else range  "
                            + "=> succeeded, revision 7",
                    "\u2714 even without a resourceVersion, the server wrote with a txn guarded by mod_revision 6, the last "
                            + "foo-1 it had seen (it had just served it to the GETs, so it did not read it again)",
                    "\u2714 the refused PUT cost etcd one range and no txn: the server saw mod_revision 10, not the 9 B "
                            + "sent, and wrote nothing",
                    "409 Conflict: Operation cannot be fulfilled on configmaps \"foo-2\": the object has been modified; "
                            + "please apply your changes to the latest version and try again",
                    "\u2714 attempt 2 re-read foo-2 at resourceVersion 10 and wrote bar=A, baz=B as 11",
                    "\u2714 nothing lost: etcd holds A's bar=A and B's baz=B",
                    "\u2714 mod_revision 11 is B's resourceVersion, version 3: the refused PUT wrote nothing",
                    "\u2714 the run drawn as optimistic-locking.svg in the lab's artifacts"),
            "3.2", List.of("\u2714 retry: a 409, then a fresh read and a PUT on it; etcd holds bar=A, baz=B",
                    "/registry/configmaps/lab-3-2/retry: mod_revision=8 version=3",
                    "\u2714 merge: the server applied baz=B to the latest object; etcd holds bar=A, baz=B, no conflict at all",
                    "\u2714 overwrite: 200 OK and etcd holds bar=0, baz=B: A's bar=A is gone, as in lab 3.1",
                    "\u2714 give up: 409 Conflict, and B reports it instead of writing",
                    "/registry/configmaps/lab-3-2/give-up: mod_revision=16 version=2",
                    "\u2714 etcd holds bar=A, baz=0: A's change kept, B's not made; someone must decide again"),
            "3.3", List.of("\u2714 in etcd: a new key, mod_revision 6 is the resourceVersion; the value holds generation 1, "
                            + "and no resourceVersion",
                    "\u2714 a label is not desired state: a new resourceVersion, 9, but generation stays 3",
                    "\u2714 an annotation change on a Deployment: resourceVersion 10 and generation 4",
                    "\u2714 200 OK, and ignored: /status takes only status, spec.replicas is still 2, resourceVersion still 11",
                    "\u2714 200 OK, and ignored: the main resource keeps the stored status (observedGeneration 4, replicas 2), "
                            + "resourceVersion still 11",
                    "\u2714 200 OK with the same resourceVersion, 11: the new object encodes to the bytes stored, so nothing "
                            + "is written",
                    "\u2714 etcd is still at revision 11: the three requests above wrote nothing at all",
                    "\u2714 generation was set or raised by exactly: create, spec.replicas 2, spec image :2, annotation",
                    "\u2714 it reconciled on all 10 passes and wrote status 10 times: resourceVersion 11 -> 21",
                    "\u2714 9 of those passes were woken by its own previous write",
                    "\u2714 pass 1 saw generation 5 and observedGeneration 4: it reconciled and wrote status once, "
                            + "resourceVersion 22 -> 23",
                    "\u2714 over 10 passes: 1 status write, against 10 for the naive controller",
                    "\u2714 in etcd: mod_revision 24, version 19: three writes since the naive run, the user's two and the "
                            + "controller's one",
                    "\u2714 the run drawn as generation.svg in the lab's artifacts (31 steps)"));

    LabOutputTest() {
        super(List.of("3.1", "3.2", "3.3"), EXPECTED_CHECKS,
                List.of("  $ etcdctl ", "  $ curl -s "), List.of("optimistic-locking.svg", "generation.svg"));
    }

    @Test
    @Order(5)
    @DisplayName("the sequence diagram of lab 3.1 has the four lifelines, the RVs of the run, and the 409 in red")
    void sequenceDiagramShowsTheRun() throws Exception {
        Path svg = OUTPUT.resolve("optimistic-locking.svg");
        if (!Files.exists(svg)) {
            LabTranscripts.capture(Labs.find("3.1").orElseThrow(), OUTPUT);
        }
        String text = Files.readString(svg);
        assertThat(text).contains(">Writer A<", ">Writer B<", ">API server<", ">etcd<",
                "PUT foo-1 {bar=0, baz=B}, no resourceVersion", "PUT foo-2 {bar=0, baz=B}, resourceVersion ");
        assertThat(text).containsPattern("stroke=\"#b91c1c\"[^>]*/>\\s*<polygon[^>]*fill=\"#b91c1c\"/>\\s*"
                + "<text[^>]*>409 Conflict: sent \\d+, stored \\d+</text>");
        // The server's etcd calls are traced: the refused PUT's only etcd call was a range, answered just before the 409.
        assertThat(text).containsPattern(">range foo-2</text>\\s*<line[^>]*/>\\s*<polygon[^>]*/>\\s*"
                + "<text[^>]*>mod_revision \\d+</text>\\s*<line[^>]*/>\\s*<polygon[^>]*/>\\s*<text[^>]*>409 Conflict");
        if (LabTranscripts.freshEtcd()) {
            assertThat(text).contains("409 Conflict: sent 9, stored 10", "txn if mod_revision(foo-2) = 10: put, else range",
                    "succeeded, revision 11");
        }
        assertThat(text).doesNotContainPattern("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}");
        // The subtitle is wrapped: no line of it is wider than the canvas (at a generous 0.56em per character).
        int width = Integer.parseInt(text.replaceAll("(?s).*?<svg[^>]* width=\"(\\d+)\".*", "$1"));
        List<String> subtitle = text.lines().filter(line -> line.contains("font-size=\"12\"")).toList();
        assertThat(subtitle).hasSizeGreaterThan(1);
        subtitle.forEach(line -> assertThat(line.replaceAll(".*>([^<]*)</text>", "$1").length() * 12 * 0.56)
                .as(line).isLessThanOrEqualTo(width - 48.0));
    }

    @Test
    @Order(6)
    @DisplayName("the chart of lab 3.3 has a column per step, filled dots for the writes, and the run's resourceVersions")
    void generationChartShowsTheRun() throws Exception {
        Path svg = OUTPUT.resolve("generation.svg");
        if (!Files.exists(svg)) {
            LabTranscripts.capture(Labs.find("3.3").orElseThrow(), OUTPUT);
        }
        String text = Files.readString(svg);
        assertThat(text).contains(">changes through the API<", ">naive controller<", ">observedGeneration controller<",
                ">no-op PUT<", ">spec to /status<", ">status to main<", ">pass 10<");
        Document document = LabTranscripts.parse(Files.readAllBytes(svg));
        assertThat(document.getElementsByTagName("circle").getLength()).as("31 steps and 2 legend dots").isEqualTo(33);
        if (LabTranscripts.freshEtcd()) {
            // The filled dots are the writes: 6 changes, 10 naive passes, the user's 2 and the controller's 1.
            assertThat(text.split("r=\"4\" fill=\"#1d4ed8\"", -1).length - 1).isEqualTo(6 + 10 + 3 + 1);
            assertThat(text).contains(">24</text>").doesNotContain(">25</text>");
        }
    }
}
