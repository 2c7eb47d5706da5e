package io.rvlab.ch01.labs;

import io.rvlab.support.lab.ChapterLabsTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;

/**
 * Runs every lab of chapter 1 on a fresh etcd and keeps its transcript in target/lab-output, where
 * the chapter text includes it from. So the lab output in the docs always comes from a real run,
 * and a lab whose claims stop holding fails the build. Then runs every lab again, twice, on an etcd
 * with other history (a learner's etcd is not at revision 1): the same claims must hold there.
 * What every chapter checks about its labs is in {@link ChapterLabsTest}; what is chapter 1's is here.
 */
@DisplayName("Chapter 1's labs, captured for the docs")
class LabOutputTest extends ChapterLabsTest {

    /** Claims each lab must have made (and checked) in its transcript. */
    private static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
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

    LabOutputTest() {
        super(List.of("1.1", "1.2", "1.3", "1.4", "1.5"), EXPECTED_CHECKS,
                List.of("  $ etcdctl ", "  jetcd> "),
                List.of("revisions-timeline.svg", "recreate-timeline.svg", "txn-timeline.svg"));
    }
}
