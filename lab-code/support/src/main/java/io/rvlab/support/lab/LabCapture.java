package io.rvlab.support.lab;

import io.rvlab.support.etcd.Etcd;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs a lab on a fresh etcd and keeps its output as {@code <dir>/lab-<id>.txt}, for the chapters
 * to include: lab output in the docs always comes from a real run in the build, never from a paste.
 */
public final class LabCapture {

    private LabCapture() {
    }

    /** Runs the lab, writes its transcript and artifacts under {@code dir}, returns the transcript. */
    public static String capture(Lab lab, Path dir) throws Exception {
        Files.createDirectories(dir);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            if (lab instanceof ClusterLab) {
                LabRunner.run(lab, null, out, dir); // it starts a cluster of its own
            } else {
                try (Etcd etcd = Etcd.start()) {
                    LabRunner.run(lab, etcd, out, dir);
                }
            }
        }
        String transcript = bytes.toString(StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("lab-" + lab.id() + ".txt"), transcript, StandardCharsets.UTF_8);
        return transcript;
    }
}
