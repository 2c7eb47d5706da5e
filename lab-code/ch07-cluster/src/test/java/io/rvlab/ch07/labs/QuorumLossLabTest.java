package io.rvlab.ch07.labs;

import io.rvlab.support.lab.LabTranscripts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Lab 7.4: quorum lost")
class QuorumLossLabTest {

    @Test
    @DisplayName("without quorum writes and consistent reads fail in bounded time, rv=0 answers from the cache, and the server recovers")
    void quotedLines() throws Exception {
        QuorumLossLab lab = new QuorumLossLab();
        Path dir = Path.of("target/lab-output");
        String transcript = LabTranscripts.capture(lab, dir);
        LabTranscripts.requireContains(lab, transcript, List.of(
                "  \u2714 a write without quorum fails with a 5xx Status",

                "  \u2714 a list at resourceVersion \"0\" answers in bounded time",

                "  \u2714 a consistent list (resourceVersion \"\") fails in bounded time with a 5xx Status",

                "  \u2714 writes succeed again once the members are back, without restarting the server",

                "  \u2714 what the watch delivered is the start of etcd's history: in order, no gap, no duplicate"));
        LabTranscripts.requireSvg(dir.resolve("lab-7.4-quorum-loss.svg"));
    }
}
