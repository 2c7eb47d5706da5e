package io.rvlab.support.lab;

import io.rvlab.support.etcd.Etcd;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code ./course lab <id>}: starts etcd (or uses the external one), runs one lab, prints its story.
 *
 * <pre>
 * LabRunner --list
 * LabRunner [--keep] [--artifacts DIR] 1.1
 * </pre>
 * {@code --keep} leaves etcd running until Enter is pressed, so the learner can try the etcdctl
 * commands the lab printed.
 */
public final class LabRunner {

    public static void main(String[] args) throws Exception {
        boolean keep = false;
        Path artifacts = null;
        String id = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--list" -> {
                    list(System.out);
                    return;
                }
                case "--keep" -> keep = true;
                case "--artifacts" -> artifacts = Path.of(args[++i]);
                default -> id = args[i];
            }
        }
        if (id == null) {
            System.err.println("usage: ./course lab <id>   (./course lab --list shows them)");
            System.exit(2);
        }
        String wanted = id;
        Lab lab = Labs.find(wanted).orElse(null);
        if (lab == null) {
            System.err.println("No lab " + wanted + ". These exist:");
            list(System.err);
            System.exit(2);
        }
        if (artifacts == null) {
            artifacts = Files.createTempDirectory("rvlab-lab-" + id + "-");
        }
        Files.createDirectories(artifacts);
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        LabLog.oneLinePerRecord();
        if (lab instanceof ClusterLab) {
            try {
                run(lab, null, out, artifacts); // it starts its own cluster and prints its endpoints
                out.println();
                out.println("Artifacts (if any) are in " + artifacts);
            } catch (LabFailure failure) {
                System.err.println("The lab's claim did not hold: " + failure.getMessage());
                System.exit(1);
            }
            System.exit(0);
        }
        try (Etcd etcd = Etcd.start()) {
            out.println("etcdctl can follow along in another terminal:");
            out.println("  export ETCDCTL_API=3 ETCDCTL_ENDPOINTS=" + etcd.endpoints());
            out.println();
            run(lab, etcd, out, artifacts);
            out.println();
            out.println("Artifacts (if any) are in " + artifacts);
            if (keep) {
                out.println("etcd keeps running at " + etcd.endpoints() + ". Press Enter to stop it.");
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            }
        } catch (LabFailure failure) {
            System.err.println("The lab's claim did not hold: " + failure.getMessage());
            System.exit(1);
        }
        System.exit(0); // jetcd's client threads would otherwise keep the JVM alive for a while
    }

    /** Runs a lab against the given etcd (null for a {@link ClusterLab}), printing its heading and story to {@code out}. */
    public static void run(Lab lab, Etcd etcd, PrintStream out, Path artifacts) throws Exception {
        Narrator narrator = new Narrator(out);
        narrator.heading(lab.id(), lab.title());
        lab.run(new LabContext(etcd, narrator, artifacts));
        out.flush();
    }

    private static void list(PrintStream out) {
        for (Lab lab : Labs.all()) {
            out.printf("  %-6s %s%n", lab.id(), lab.title());
        }
    }
}
