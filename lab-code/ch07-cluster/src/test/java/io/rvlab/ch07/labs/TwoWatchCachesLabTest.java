package io.rvlab.ch07.labs;

import io.rvlab.support.lab.LabTranscripts;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Lab 7.3, two replicas, two watch caches")
class TwoWatchCachesLabTest {

    @Test
    @DisplayName("runs on three real members, proves its claims, and draws both caches' revisions with the client's reads")
    void runs() throws Exception {
        TwoWatchCachesLab lab = new TwoWatchCachesLab();
        Path dir = Path.of("target/lab-output");
        String transcript = LabTranscripts.capture(lab, dir);
        LabTranscripts.requireContains(lab, transcript, List.of(
                "✔ both replicas answer the same object for the same resourceVersion: one etcd, one revision sequence",
                "✔ the second read is older than the first: the client saw time go backwards (chapter 5's time travel)",
                "✔ the lagging replica waited, then answered 504 \"Too large resource version\", never older data",
                "✔ the same read on replica-2 now answers the newest state: its cache caught up",
                "✔ served from the cache, the read is as new as a quorum read of etcd: a consistent read without a range read"));
        LabTranscripts.requireSvg(dir.resolve(TwoWatchCachesLab.DIAGRAM));
    }
}
