package io.rvlab.ch05.labs;

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
 * Runs every lab of chapter 5 on a fresh etcd and keeps its transcript in target/lab-output (and the
 * state-machine diagram, which the docs site copies to images/ch05); then again, twice, on an etcd
 * with other history, where the same claims must hold. See {@link LabTranscripts}.
 */
@DisplayName("Chapter 5's labs, captured for the docs")
class LabOutputTest extends ChapterLabsTest {

    /** Claims each lab must have made (and checked), with a fresh etcd's revisions. */
    private static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "5.1", List.of("$ curl -s \"$APISERVER/api/v1/namespaces/lab-5-1/configmaps?resourceVersion=0&limit=500\"",
                    "\u2714 the store holds a and b, replaced at the list's resourceVersion 8, which is now lastSyncResourceVersion",
                    "DELETED b  resourceVersion 11  data {k=b1}  -> lastSyncResourceVersion \"11\"",
                    "reflector: BOOKMARK, no object changed; lastSyncResourceVersion \"12\"",
                    "\u2714 the new WATCH starts from lastSyncResourceVersion 12",
                    "\u2714 still one LIST in all: a watch that ends normally is resumed, not relisted"),
            "5.2", List.of("reflector: the watch ended (connection lost)",
                    "\u2714 the new WATCH asked for the changes after 7, the last one the reflector had",
                    "\u2714 one LIST in all (no relist), and lastSyncResourceVersion is 10, etcd's revision"),
            "5.3", List.of("reflector: the watch ended (410 Expired: too old resource version: 7 (8))",
                    "$ curl -s \"$APISERVER/api/v1/namespaces/lab-5-3/configmaps?resourceVersion=7\"",
                    "\u2714 the list came back at 13, from the watch cache: etcd's compaction did not matter",
                    "every check held"),
            "5.4", List.of("\u2714 one request, a WATCH: no LIST at all",
                    "{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":"
                            + "{\"resourceVersion\":\"205\",\"creationTimestamp\":null,\"annotations\":"
                            + "{\"k8s.io/initial-events-end\":\"true\"}}}}",
                    "\u2714 the same 200 objects at the same resourceVersions in both stores"),
            "5.5", List.of("\u2714 observedGeneration = generation = 2, written at resourceVersion 9",
                    "\u2714 its own write came back as an update event (resourceVersion 9) and the reconcile it caused "
                            + "wrote nothing: 2 status write(s) in all"),
            "5.6", List.of("\u2714 the checker caught TIME_TRAVEL"),
            "5.7", List.of("\u2714 the checker caught GAVE_UP"),
            "5.8", List.of("\u2714 the checker caught LIST_LOOP"),
            "5.9", List.of("\u2714 the checker caught RESYNC_LISTED"));

    LabOutputTest() {
        super(List.of("5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "5.8", "5.9"), EXPECTED_CHECKS,
                List.of("  $ etcdctl "), List.of(ForcedRelistLab.DIAGRAM));
    }

    @Test
    @Order(5)
    @DisplayName("the state machine of lab 5.3 is well-formed SVG with the transitions it took numbered in order")
    void stateMachineDiagram() throws Exception {
        Path svg = OUTPUT.resolve(ForcedRelistLab.DIAGRAM);
        if (!Files.exists(svg)) {
            LabTranscripts.capture(Labs.find("5.3").orElseThrow(), OUTPUT);
        }
        LabTranscripts.requireSvg(svg);
        assertThat(Files.readString(svg)).contains(">LIST<", ">WATCH<", ">RESYNC<", ">BACKOFF<", ">RELIST<")
                .containsSubsequence(">1. start: LIST at \"0\"<", ">3. event or BOOKMARK: lastSync moves<",
                        ">4. connection cut: WATCH again from lastSync<", ">5. ERROR 410 Expired<",
                        ">6. LIST at lastSync (not \"\")<")
                .contains(">timeout: WATCH again from lastSync<", ">resyncPeriod<");
    }
}
