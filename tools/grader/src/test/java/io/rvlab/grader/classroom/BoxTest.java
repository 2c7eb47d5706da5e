package io.rvlab.grader.classroom;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a student's code may touch when a class is graded: the box's command line says it all. */
class BoxTest {

    private final Box box = new Box("podman", "localhost/rvlab-grader:x", "3g", 1.0, 2048);

    @Test
    void noNetworkNoRootNothingWritableButItsOwnMemory() {
        String command = String.join(" ", box.command("rvlab-grade-ada-ch01-1", Path.of("/r/ada/build/ch01"),
                List.of(Path.of("/course/exercises/ch01")), List.of("-cp", "x", "Main")));

        assertThat(command).contains("--network none", "--user 10001:10001", "--read-only --read-only-tmpfs=false",
                "--cap-drop all", "--security-opt no-new-privileges", "--memory 3g --memory-swap 3g", "--cpus 1.0",
                "--pids-limit 2048", "--tmpfs /rvlab-tmp:rw,size=512m,mode=1777", "--tmpfs /rvlab-etcd:rw,size=512m,mode=1777",
                "--env RVLAB_ETCD_DATA=/rvlab-etcd",
                "--mount type=tmpfs,destination=/r/ada/build/ch01/target/grader,tmpfs-size=512m",
                "--volume /course/exercises/ch01:/course/exercises/ch01:ro");
        assertThat(command).as("the instructor's etcd settings never reach the box").contains("-Drvlab.root=/rvlab-tmp");
        assertThat(command).doesNotContain(":rw ", "--privileged", "/run/podman");
    }

    @Test
    void aMountCoversWhatIsUnderIt() {
        assertThat(Box.roots(List.of(Path.of("/a/b/c.jar"), Path.of("/a/b"), Path.of("/d/e.jar"), Path.of("/a/bc"))))
                .containsExactly(Path.of("/a/b"), Path.of("/a/bc"), Path.of("/d/e.jar"));
    }
}
