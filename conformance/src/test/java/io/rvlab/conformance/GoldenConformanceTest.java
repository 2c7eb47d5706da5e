package io.rvlab.conformance;

import static org.junit.jupiter.api.Assertions.fail;

import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.Outcome.Verdict;
import io.rvlab.support.etcd.EtcdSettings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays each golden transcript against chapter 2's API server, one fresh etcd per file, and
 * checks every request: the same answer as kube-apiserver 1.26.1, or a difference on the reviewed
 * list. One test factory per file; one dynamic test per request, plus one that checks every listed
 * difference of the file still occurs. Writes target/conformance/report.txt.
 */
@DisplayName("Conformance: chapter 2's API server replaying kube-apiserver 1.26.1's transcripts")
class GoldenConformanceTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));
    private static final Path OUTPUT = Path.of(System.getProperty("rvlab.conformance.output", "target/conformance"));
    private static final Map<String, Replayer.Result> RESULTS = new ConcurrentHashMap<>();

    private final Replayer replayer = new Replayer(GOLDEN, ServerUnderTest::chapter2);

    @BeforeAll
    static void needsFreshEtcds() {
        Assumptions.assumeTrue(EtcdSettings.load().endpoints().isEmpty(),
                "the conformance suite starts a fresh etcd for each transcript (revisions from 1, no other data); "
                        + "it cannot run against the external etcd named by RVLAB_ETCD_ENDPOINTS");
    }

    @AfterAll
    static void writeReport() {
        if (!RESULTS.isEmpty()) {
            Report.write(RESULTS.values(), OUTPUT.resolve("report.txt"));
        }
    }

    @TestFactory
    @DisplayName("00: create the namespace lab")
    Stream<DynamicTest> setupNamespace() {
        return replay("00-setup-namespace-lab.txt");
    }

    @TestFactory
    @DisplayName("a1: create and get a configmap")
    Stream<DynamicTest> createAndGet() {
        return replay("a1-create-get-configmap-vs-etcd.txt");
    }

    @TestFactory
    @DisplayName("b0: create more configmaps")
    Stream<DynamicTest> moreConfigMaps() {
        return replay("b0-setup-more-configmaps.txt");
    }

    @TestFactory
    @DisplayName("b1: a plain list is read from etcd at its header revision")
    Stream<DynamicTest> plainList() {
        return replay("b1-list-plain-vs-etcd-revision.txt");
    }

    @TestFactory
    @DisplayName("b2: list with resourceVersion 0, NotOlderThan, legacy and Exact")
    Stream<DynamicTest> listVariants() {
        return replay("b2-list-resourceversion-variants.txt");
    }

    @TestFactory
    @DisplayName("b3: limit, continue and invalid list options")
    Stream<DynamicTest> paging() {
        return replay("b3-list-limit-continue.txt");
    }

    @TestFactory
    @DisplayName("c2: create conflicts, missing objects (deletes are chapter 3)")
    Stream<DynamicTest> createConflictsAndNotFound() {
        return replay("c2-delete-preconditions-create-conflict-notfound.txt");
    }

    @TestFactory
    @DisplayName("d1: a resourceVersion far in the future")
    Stream<DynamicTest> futureResourceVersion() {
        return replay("d1-future-resourceversion.txt");
    }

    // tag::replay[]
    private Stream<DynamicTest> replay(String file) {
        Replayer.Result result = replayer.replay(file);
        RESULTS.put(file, result);
        List<DynamicTest> tests = new ArrayList<>();
        for (Outcome outcome : result.outcomes()) {
            String name = outcome.exchange().id() + " " + outcome.exchange().request().method() + " "
                    + outcome.exchange().request().target() + ": " + outcome.verdict().title();
            tests.add(DynamicTest.dynamicTest(name, () -> check(outcome)));
        }
        tests.add(DynamicTest.dynamicTest("every difference listed for " + result.scenario() + " still occurs",
                () -> listedDifferencesOccur(result)));
        return tests.stream();
    }

    private static void check(Outcome outcome) {
        switch (outcome.verdict()) {
            case MATCHED, KNOWN_DIFFERENCE -> { }
            case OPEN_DIFFERENCE -> System.err.println("[conformance] OPEN difference, to be fixed in the server:\n"
                    + outcome.describe());
            case LATER_CHAPTER -> Assumptions.abort("not sent: " + outcome.notes().get(0));
            case UNEXPLAINED -> fail("rvlab's server answers differently from kube-apiserver 1.26.1, and no listed "
                    + "difference explains it (fix the server, or add a reviewed entry to KnownDifferences):\n"
                    + outcome.describe());
        }
    }
    // end::replay[]

    /** A listed difference that no longer occurs is stale: the server changed, so must the list. */
    private static void listedDifferencesOccur(Replayer.Result result) {
        List<String> stale = new ArrayList<>();
        List<ListedDifference> listed = new ArrayList<>(KnownDifferences.LIST);
        listed.addAll(OpenDifferences.LIST);
        for (ListedDifference difference : listed) {
            if (!difference.scenario().equals(result.scenario())) {
                continue;
            }
            for (String id : difference.requests()) {
                Optional<Outcome> outcome = result.outcomes().stream().filter(o -> o.exchange().id().equals(id)).findFirst();
                if (outcome.isEmpty() || outcome.get().verdict() == Verdict.LATER_CHAPTER) {
                    stale.add(id + ": not a replayed request of " + result.transcript().name());
                    continue;
                }
                List<Aspect> missing = difference.aspects().stream().filter(a -> !outcome.get().aspects().contains(a)).toList();
                if (!missing.isEmpty()) {
                    stale.add(id + ": listed as differing in " + missing + ", but it no longer does\n"
                            + outcome.get().describe());
                }
            }
        }
        if (!stale.isEmpty()) {
            fail("listed differences that no longer occur (remove or correct them in KnownDifferences/OpenDifferences):\n"
                    + String.join("\n", stale));
        }
    }
}
