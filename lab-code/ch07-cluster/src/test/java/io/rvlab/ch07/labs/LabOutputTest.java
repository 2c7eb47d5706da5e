package io.rvlab.ch07.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.support.lab.ChapterLabsTest;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Runs every lab of chapter 7, each on a three-member etcd cluster of its own, and keeps its
 * transcript in target/lab-output (and its diagram, which the docs site copies to images/ch07). Once
 * each: a cluster's elections and timeouts differ from run to run, so the transcripts may too; the
 * checked claims hold on every run.
 */
@DisplayName("Chapter 7's labs, captured for the docs")
class LabOutputTest extends ChapterLabsTest {

    /** Lines each lab must have printed (the chapter quotes them), with a fresh cluster's revisions. */
    private static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "7.2", List.of("\u2714 a serializable read answers from the member's own store: the old revision 5, not 6",
                    "\u2714 resourceVersion \"0\" is answered at once, from the watch cache, and it is stale: v=1, not the committed v=2",
                    "\u2714 every read agrees again: v=2 at resourceVersion 6, on the member and through both of replica-1's read paths"));

    LabOutputTest() {
        super(List.of("7.2"), EXPECTED_CHECKS, List.of("  $ curl -s "), List.of(ReadModesLab.DIAGRAM));
    }

    @Test
    @Order(5)
    @DisplayName("the read-modes diagram of lab 7.2 has a row per read and a column per phase of the cut")
    void readModesDiagram() throws Exception {
        String svg = Files.readString(drawn(ReadModesLab.DIAGRAM));
        assertThat(svg).contains(">before the cut<", ">cut off<", ">healed<", ">etcd serializable read on the cut member<",
                ">LIST rv=&quot;0&quot; on replica-1 (watch cache)<".replace("&quot;", "\""), ">stale: v=1 at 5<");
    }
}
