package io.rvlab.ch05.labs;

import io.etcd.jetcd.Client;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.RevisionWriter;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.ListerWatcher;
import io.rvlab.ch05.cache.ReflectorOptions;
import io.rvlab.ch05.history.InformerChecker;
import io.rvlab.ch05.history.ReplicaScenario;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * What the relist bug labs (5.6 to 5.8) share: the history package's {@link ReplicaScenario} (two
 * API servers on one etcd, replica B's cache stalled, a 410 that makes the reflector relist, on B),
 * run once with the buggy reflector and once with client-go's, each judged by the
 * {@link InformerChecker}; the checker's violations printed.
 */
final class BugLab {

    /** The scenario puts each run in a namespace of its own, "replicas-" and 8 random hex digits. */
    private static final Pattern NAMESPACE = Pattern.compile("replicas-[0-9a-f]{8}");
    private static final Pattern ENTRY = Pattern.compile("#\\d+ ");
    private static final Pattern TIMES = Pattern.compile(" \\(\\d+ times\\)");

    private BugLab() {
    }

    /** Removes the namespaces (and their ConfigMaps) earlier runs of the scenario left, straight in etcd. */
    static void startClean(LabContext lab) {
        Narrator out = lab.out();
        Client etcd = lab.client();
        long deleted = 0;
        for (String prefix : List.of("/registry/configmaps/replicas-", "/registry/namespaces/replicas-")) {
            out.etcdctl(Etcdctl.deletePrefix(prefix));
            deleted += new RevisionWriter(etcd).deletePrefix(prefix);
        }
        out.show("deleted %d key(s) left by an earlier run", deleted);
    }

    /** Runs the scenario with these options (and wrapper), prints its steps and the checker's verdict. */
    static ReplicaScenario.Result run(LabContext lab, ReflectorOptions options, UnaryOperator<ListerWatcher> wrap,
            ReflectorListener listener, Duration converge, Set<InformerChecker.Check> shown) throws InterruptedException {
        Narrator out = lab.out();
        ReplicaScenario.Result result = new ReplicaScenario(lab.client(), converge).run(options, wrap, listener);
        List<String> timeline = result.timeline();
        for (String line : timeline.subList(0, timeline.size() - 1)) { // the last one is the checker's counts
            out.say(line);
        }
        out.say("new InformerChecker(EtcdState.read(etcd, prefix)).check(history, informer.indexer().list())");
        printViolations(out, result.report(), shown);
        return result;
    }

    /**
     * The violations of the {@code shown} checks, each once. A buggy reflector that loops (5.6, 5.8) is
     * judged wherever its loop happens to be: how often a violation repeated, and which other checks
     * the moment of judging breaks, change from run to run, so they are not printed.
     */
    static void printViolations(Narrator out, InformerChecker.Report report, Set<InformerChecker.Check> shown) {
        if (report.ok()) {
            out.show("every check held");
        }
        Set<String> printed = new TreeSet<>(); // sorted: handlers run on threads of their own, so arrival order varies
        for (InformerChecker.Violation v : report.violations()) {
            if (shown.contains(v.kind())) {
                printed.add(TIMES.matcher(readable(v.toString())).replaceAll(""));
            }
        }
        printed.forEach(line -> out.show("%s", line));
    }

    /** A violation without what changes from run to run: the scenario's namespace, the history's entry numbers. */
    static String readable(String violation) {
        // how many LISTs a resync loop made by the time of judging also changes from run to run
        return ENTRY.matcher(NAMESPACE.matcher(violation).replaceAll("replicas-...")).replaceAll("")
                .replaceAll("\\d+ LIST requests after a resync", "LIST requests after resyncs")
                .replaceAll("\\d+ LISTs answered in a row", "LISTs answered in a row")
                .replace("LIST_FAILED", "refused LIST"); // the lab runner reads FAILED as a failed check
    }

    static ReplicaScenario.Result clientGo(LabContext lab) throws InterruptedException {
        return run(lab, ReplicaScenario.options(), UnaryOperator.identity(), null, Duration.ofSeconds(30),
                java.util.EnumSet.allOf(InformerChecker.Check.class));
    }
}
