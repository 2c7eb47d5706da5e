package io.rvlab.ch07.labs;

import io.rvlab.support.lab.LabTranscripts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Lab 7.2: linearizable and serializable reads")
class ReadModesLabTest {

    @Test
    @DisplayName("a cut-off follower serves only stale reads: serializable in etcd, resourceVersion 0 in the API server")
    void quotedLines() throws Exception {
        ReadModesLab lab = new ReadModesLab();
        Path dir = Path.of("target/lab-output");
        String transcript = LabTranscripts.capture(lab, dir);
        LabTranscripts.requireContains(lab, transcript, List.of(
                "  \u2714 a serializable read there answers, from a revision older than new's",

                "  \u2714 a linearizable read there does not complete: it needs the leader",

                "  \u2714 resourceVersion \"\" fails in bounded time with a Status",

                "  \u2714 resourceVersion \"0\" answers from replica-F's watch cache, stale: old is there, new is missing",

                "  \u2714 resourceVersion \"N\" newer than the cache is not served stale: it fails in bounded time with a Status",

                "  \u2714 replica-F's watch cache now has new"));
        LabTranscripts.requireSvg(dir.resolve("lab-7.2-read-modes.svg"));
    }
}
