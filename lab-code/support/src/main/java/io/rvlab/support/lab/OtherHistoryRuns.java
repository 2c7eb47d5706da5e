package io.rvlab.support.lab;

import io.etcd.jetcd.ByteSequence;
import io.rvlab.support.etcd.Etcd;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/**
 * The check every chapter's LabOutputTest makes after capturing its labs on a fresh etcd: each lab
 * also holds on a learner's etcd, whose revisions are far from 1 and which holds keys that are not
 * the labs'. Each lab runs there twice in a row and must make the fresh run's claims (same
 * sentences, same order, other numbers), and its second run must find and remove the first run's
 * objects. Transcripts and artifacts go to {@link #DIRECTORY}, never to the docs' folder.
 */
public final class OtherHistoryRuns implements AutoCloseable {

    /** Where the runs keep their transcripts (lab-ID-run-N.txt, to read when one fails) and diagrams. */
    public static final Path DIRECTORY = Path.of("target/lab-output-busy");

    private final Path freshOutput;
    private final List<String> diagrams;
    private Etcd busy;

    /**
     * @param freshOutput where the fresh runs' transcripts were captured
     * @param diagrams the SVG files the labs draw; each one drawn on the busy etcd must be well-formed
     */
    public OtherHistoryRuns(Path freshOutput, List<String> diagrams) {
        this.freshOutput = freshOutput;
        this.diagrams = List.copyOf(diagrams);
    }

    /** One dynamic test per lab. */
    public Stream<DynamicTest> tests(List<Lab> labs) {
        return labs.stream().map(lab -> DynamicTest.dynamicTest("lab " + lab.id(), () -> check(lab)));
    }

    private void check(Lab lab) throws Exception {
        if (lab instanceof ClusterLab) {
            org.junit.jupiter.api.Assumptions.abort("lab " + lab.id() + " starts a new etcd cluster on every run: no other history to meet");
        }
        Etcd etcd = busyEtcd();
        String fresh = LabTranscripts.captured(lab, freshOutput);
        long before = revision(etcd);
        String first = run(lab, etcd, 1);
        String second = run(lab, etcd, 2);
        // Every check ran and held (a failed one throws and prints FAILED), and they are the fresh run's
        // checks: the same sentences in the same order, only the revisions in them differ.
        LabTranscripts.requireSameClaims(lab, fresh, first);
        LabTranscripts.requireSameClaims(lab, fresh, second);
        if (LabTranscripts.freshEtcd() && first.equals(fresh)) {
            throw new AssertionError("lab " + lab.id() + ": on an etcd with other history it printed the fresh etcd's numbers");
        }
        if (!second.matches("(?s).*deleted [1-9]\\d* key\\(s\\) left by an earlier run.*")) {
            throw new AssertionError("lab " + lab.id() + ": the second run did not find and remove the first run's objects");
        }
        if (revision(etcd) <= before) {
            throw new AssertionError("lab " + lab.id() + ": the runs wrote nothing to etcd");
        }
        for (String diagram : diagrams) {
            if (Files.exists(DIRECTORY.resolve(diagram))) {
                LabTranscripts.requireSvg(DIRECTORY.resolve(diagram));
            }
        }
    }

    private synchronized Etcd busyEtcd() throws Exception {
        if (busy == null) {
            busy = LabTranscripts.etcdWithOtherHistory();
        }
        return busy;
    }

    private static long revision(Etcd etcd) throws Exception {
        return etcd.client().getKVClient().get(ByteSequence.from("/", StandardCharsets.UTF_8)).get().getHeader().getRevision();
    }

    private String run(Lab lab, Etcd etcd, int n) throws Exception {
        String transcript = LabTranscripts.runOn(etcd, lab, DIRECTORY);
        Files.writeString(DIRECTORY.resolve("lab-" + lab.id() + "-run-" + n + ".txt"), transcript, StandardCharsets.UTF_8);
        return transcript;
    }

    /** Stops the busy etcd, if one was started. */
    @Override
    public synchronized void close() {
        if (busy != null) {
            busy.close();
            busy = null;
        }
    }
}
