package io.rvlab.ch07.labs;

import io.rvlab.support.lab.LabTranscripts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Lab 7.5, compaction and defragmentation across members")
class CompactionAcrossMembersLabTest {

    @Test
    @DisplayName("runs on three real members, proves its claims, and draws each member's file and compact revision")
    void runs() throws Exception {
        CompactionAcrossMembersLab lab = new CompactionAcrossMembersLab();
        Path dir = Path.of("target/lab-output");
        String transcript = LabTranscripts.capture(lab, dir);
        LabTranscripts.requireContains(lab, transcript, List.of(
                "✔ every member answers \"mvcc: required revision has been compacted\": one compact request, applied by "
                        + "every member through raft",
                "✔ after compaction each member's file is bigger than the data in use: freed pages stay in the file",
                "✔ the defragmented member's file shrank",
                "✔ the other members' files kept their size: defragmentation is per member, not replicated",
                "✔ the watch ends with 410 Gone (reason Expired): the revision it resumes from is no longer there",
                "✔ the relist gives a current resourceVersion, and the watch from it is accepted"));
        LabTranscripts.requireSvg(dir.resolve(CompactionAcrossMembersLab.DIAGRAM));
    }
}
