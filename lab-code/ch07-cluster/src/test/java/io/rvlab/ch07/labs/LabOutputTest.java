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
            "7.1", List.of("\u2714 another member leads after the old leader hung",
                    "\u2714 the new leader's raft term is higher than the old leader's",
                    "\u2714 every request was answered, 201 or a Status, before the client's deadline: none hung",
                    "\u2714 the creates the hung leader had taken in failed, each with a 5xx Status",
                    "\u2714 no create sent before the leader hung failed",
                    "\u2714 no acknowledged write was lost: each is in etcd at the modRevision its 201 named",
                    "\u2714 the resourceVersions of the writer's acknowledged creates, in the order it sent them, strictly increase",
                    "\u2714 the old leader, restarted, has every revision the new leader had when it came back"),
            "7.2", List.of("\u2714 a serializable read answers from the member's own store: the old revision 5, not 6",
                    "\u2714 resourceVersion \"0\" is answered at once, from the watch cache, and it is stale: v=1, not the committed v=2",
                    "\u2714 every read agrees again: v=2 at resourceVersion 6, on the member and through both of replica-1's read paths"),
            "7.3", List.of("\u2714 both replicas answer the same object for the same resourceVersion: one etcd, one revision sequence",
                    "\u2714 the second read is older than the first: the client saw time go backwards (chapter 5's time travel)",
                    "\u2714 the lagging replica waited, then answered 504 \"Too large resource version\", never older data",
                    "\u2714 the same read on replica-2 now answers the newest state: its cache caught up",
                    "\u2714 served from the cache, the read is as new as a quorum read of etcd: a consistent read without a range read"),
            "7.5", List.of("\u2714 every member answers \"mvcc: required revision has been compacted\": one compact request, applied by "
                            + "every member through raft",
                    "\u2714 compaction made no member's file smaller: the pages it frees stay in the file, for new writes",
                    "\u2714 the defragmented member's file shrank",
                    "\u2714 the other members' files kept their size: defragmentation is per member, not replicated",
                    "\u2714 the watch ends with 410 Gone (reason Expired): the revision it resumes from is no longer there",
                    "\u2714 the relist gives a current resourceVersion, and the watch from it is accepted"),
            "7.4", List.of("\u2714 resourceVersion \"0\" is answered from the watch cache, without etcd: the state before the outage",
                    "\u2714 a write without quorum fails with a 5xx Status, in bounded time, before the client's 40 s deadline: it did not hang",
                    "\u2714 a consistent list (resourceVersion \"\") fails in bounded time with a 5xx Status",
                    "\u2714 within 120 s of the outage the cache gave up re-watching, ended its watchers and relists;"
                            + " until a relist succeeds it answers 429 at once, and never a state it no longer follows",
                    "\u2714 writes succeed again once the members are back, without restarting the server",
                    "\u2714 the cache relisted and watches again: resourceVersion \"0\" answers, with the new object",
                    "\u2714 what the watch delivered is the start of etcd's history: in order, no gap, no duplicate"));

    LabOutputTest() {
        super(List.of("7.1", "7.2", "7.3", "7.4", "7.5"), EXPECTED_CHECKS, List.of(),
                List.of(LeaderLossLab.DIAGRAM, ReadModesLab.DIAGRAM, TwoWatchCachesLab.DIAGRAM, QuorumLossLab.DIAGRAM,
                        CompactionAcrossMembersLab.DIAGRAM));
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
