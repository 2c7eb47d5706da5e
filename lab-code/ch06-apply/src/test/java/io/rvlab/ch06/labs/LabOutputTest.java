package io.rvlab.ch06.labs;

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

/**
 * Runs every lab of chapter 6 on a fresh etcd and keeps its transcript in target/lab-output (and the
 * ownership diagram, which the docs site copies to images/ch06); then again, twice, on an etcd with
 * other history, where the same claims must hold. See {@link LabTranscripts}.
 */
@DisplayName("Chapter 6's labs, captured for the docs")
class LabOutputTest extends ChapterLabsTest {

    /** Lines each lab must have printed (the chapter quotes them), with a fresh etcd's revisions. */
    private static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "6.1", List.of("alice's entry, as stored (time left out): fieldsV1 {\"f:data\":{\"f:color\":{},\"f:owner\":{}}}",
                    "\u2714 no conflict: bob's Update entry took .data.color from alice, who keeps only .data.owner",
                    "409 Conflict: Apply failed with 2 conflicts: conflicts with \"bob\" using v1:",
                    "\u2714 the refused apply wrote nothing: the resourceVersion is still 8"),
            "6.2", List.of("409 Conflict: Apply failed with 1 conflict: conflict with \"autoscaler\" using apps/v1: .spec.replicas",
                    "409 Conflict: Operation cannot be fulfilled on deployments.apps \"web\": the object has been modified; "
                            + "please apply your changes to the latest version and try again",
                    "replicas after each write: 3 5 3 5 3 5 3 5 3 5 3 5 3 5 3 5 3 5 3 5  (writes 20, flips 20)",
                    "\u2714 0 writes in 10 turns: the autoscaler finds replicas 5, the deployer's applies are no-ops "
                            + "(the resourceVersion stays 29)"),
            "6.3", List.of("409 Conflict: Apply failed with 1 conflict: conflict with \"alice\": .data.color",
                    "cause FieldManagerConflict  field .data.color  (conflict with \"alice\")",
                    "\u2714 a no-op apply: nothing changed, nothing was written, the resourceVersion is still 7",
                    "\u2714 no conflict: the same value is owned by both bob and carol"),
            "6.4", List.of("200 ConfigMap features  resourceVersion \"8\"  data {a=on, c=on}",
                    "\u2714 c stays: bob still owns it; only alice's ownership of it was dropped",
                    "\u2714 the log container is removed, item and ownership; the web container is untouched"),
            "6.5", List.of("annotation kubectl.kubernetes.io/last-applied-configuration (243 bytes):",
                    "-d '{\"spec\":{\"replicas\":3}}'",
                    "\u2714 the patch {\"spec\":{\"replicas\":3}} silently overwrote hpa's 5: no conflict, no warning",
                    "409 Conflict: Apply failed with 1 conflict: conflict with \"hpa\" using apps/v1: .spec.replicas"));

    LabOutputTest() {
        super(List.of("6.1", "6.2", "6.3", "6.4", "6.5"), EXPECTED_CHECKS,
                List.of("  $ etcdctl ", "  $ curl -s "), List.of(ForcingLab.DIAGRAM));
    }

    @Test
    @Order(5)
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
}
