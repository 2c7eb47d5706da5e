package io.rvlab.ch02.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch01.RevisionWriter;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabRunner;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A learner's own etcd is not at revision 1, may already hold the system namespaces and a previous
 * run's objects. Each lab must still hold all its claims there: it cleans its namespace and reasons
 * relative to the revisions it sees.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("Chapter 2's labs on an etcd that is not fresh")
class LabsOnABusyEtcdTest {

    @TestFactory
    @DisplayName("each lab holds its claims twice in a row on an etcd with other history")
    Stream<DynamicTest> twiceOnABusyEtcd(Etcd etcd) {
        return LabOutputTest.chapterLabs().stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> {
            RevisionWriter writer = new RevisionWriter(etcd.client());
            for (int i = 0; i < 7; i++) {
                writer.put("/rvlab-test/busy/unrelated-" + i, "v"); // history that is not the lab's
            }
            assertThat(run(lab, etcd)).contains("What you saw: ").doesNotContain("FAILED");
            assertThat(run(lab, etcd)).as("a second run, over the first run's leftovers")
                    .contains("What you saw: ").doesNotContain("deleted 0 key(s)");
        }));
    }

    private static String run(Lab lab, Etcd etcd) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Path artifacts = Files.createDirectories(Path.of("target/lab-output-busy"));
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            LabRunner.run(lab, etcd, out, artifacts);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
