package io.rvlab.ch07.labs;

import io.rvlab.support.lab.LabTranscripts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Lab 7.1: the leader killed during writes")
class LeaderLossLabTest {

    @Test
    @DisplayName("the run shows a new leader in a higher term, no lost acknowledged write, and a catching-up old leader")
    void quotedLines() throws Exception {
        LeaderLossLab lab = new LeaderLossLab();
        Path dir = Path.of("target/lab-output");
        String transcript = LabTranscripts.capture(lab, dir);
        LabTranscripts.requireContains(lab, transcript, List.of(
                "  \u2714 another member leads after the kill",
                "  \u2714 the new leader's raft term is higher than the old leader's",
                "  \u2714 every request was answered, 201 or a Status, before the client's deadline: none hung",
                "  \u2714 no acknowledged write was lost: each is in etcd at the modRevision its 201 named",
                "  \u2714 the resourceVersions of acknowledged writes, in the order they were sent, strictly increase",
                "  \u2714 each retried create answered 201 Created or 409 AlreadyExists: the outcome is now known",
                "  \u2714 the old leader, restarted, has every revision the new leader had when it came back"));
        LabTranscripts.requireSvg(dir.resolve("lab-7.1-leader-loss.svg"));
    }
}
