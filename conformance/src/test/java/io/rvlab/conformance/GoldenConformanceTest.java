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
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the golden transcripts against each chapter's API server, one fresh etcd per file, and
 * checks every request: the same answer as kube-apiserver 1.26.1, or a difference on the reviewed
 * list for that chapter. Chapter 2's server replays the read and create scenarios; chapter 3's
 * replays them all again (so it cannot lose what chapter 2 matched) plus the update and generation
 * scenarios; chapters 4 and 5 add the watches; chapter 6 replays server-side apply (g1) and the writing
 * scenarios with their managedFields compared. -Drvlab.conformance.chapters=6 replays one chapter's
 * server only, -Drvlab.conformance.only=g1,h1 some entries only. One container per file; one dynamic test per request, plus one that checks every
 * listed difference of the file still occurs. Writes target/conformance/report.txt.
 */
@DisplayName("Conformance: rvlab's API servers replaying kube-apiserver 1.26.1's transcripts")
class GoldenConformanceTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));
    private static final Path OUTPUT = Path.of(System.getProperty("rvlab.conformance.output", "target/conformance"));
    private static final Map<String, Replayer.Result> RESULTS = new ConcurrentHashMap<>();

    /** What each transcript shows, for the test names. */
    private static final Map<String, String> TITLES = Map.ofEntries(
            Map.entry("e1-watch-from-rv-updates-delete.txt", "e1: a watch from a resourceVersion while another client creates, patches and deletes"),
            Map.entry("e2-watch-bookmarks.txt", "e2 (A)-(B): bookmarks, every minute and 2 s before timeoutSeconds"),
            Map.entry("e2-watch-bookmarks.txt@(C)", "e2 (C)-(E): bookmarks on a quiet cache, and after an event in another namespace"),
            Map.entry("e3-watch-no-rv-and-rv0.txt", "e3: watches without a resourceVersion or from \"0\", with selectors"),
            Map.entry("f1-compaction-with-watch-cache.txt", "f1: compaction, with the watch cache"),
            Map.entry("i1-watchlist-sendinitialevents.txt", "i1: WatchList parameters on 1.26"),
            Map.entry("n1-no-watch-cache-lists-and-future-rv.txt", "n1: lists and future resourceVersions, recorded without a watch cache"),
            Map.entry("n2-no-watch-cache-watch-and-compaction.txt", "n2: watches and compaction, recorded without a watch cache"),
            Map.entry("n3-no-watch-cache-bookmarks.txt", "n3: bookmarks, recorded without a watch cache"),
            Map.entry("00-setup-namespace-lab.txt", "00: create the namespace lab"),
            Map.entry("a1-create-get-configmap-vs-etcd.txt", "a1: create, get and update a configmap"),
            Map.entry("b0-setup-more-configmaps.txt", "b0: create more configmaps"),
            Map.entry("b1-list-plain-vs-etcd-revision.txt", "b1: a plain list is read from etcd at its header revision"),
            Map.entry("b2-list-resourceversion-variants.txt", "b2: list with resourceVersion 0, NotOlderThan, legacy and Exact"),
            Map.entry("b3-list-limit-continue.txt", "b3: limit, continue and invalid list options"),
            Map.entry("c1-update-conflicts-preconditions.txt", "c1: updates and patches, with a current, stale, missing or malformed resourceVersion"),
            Map.entry("c2-delete-preconditions-create-conflict-notfound.txt", "c2: delete preconditions, create conflicts, missing objects"),
            Map.entry("d1-future-resourceversion.txt", "d1: a resourceVersion far in the future"),
            Map.entry("g1-server-side-apply.txt", "g1: server-side apply: ownership, conflicts, force, removal, an Update by another manager"),
            Map.entry("h1-deployment-generation.txt", "h1: a Deployment's generation, and its /status subresource"));

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

    @Nested
    @DisplayName("chapter 2's server: reads and creates (updates, deletes and patches skipped)")
    class Chapter2 {

        @TestFactory
        Stream<DynamicNode> transcripts() {
            return replayAll(Chapter.CHAPTER_2);
        }
    }

    @Nested
    @DisplayName("chapter 3's server: every transcript so far, with updates, patches, deletes and /status")
    class Chapter3 {

        @TestFactory
        Stream<DynamicNode> transcripts() {
            return replayAll(Chapter.CHAPTER_3);
        }
    }

    @Nested
    @DisplayName("chapter 4's server: every transcript so far again, plus the watches, compaction, and the no-watch-cache runs")
    class Chapter4 {

        @TestFactory
        Stream<DynamicNode> transcripts() {
            return replayAll(Chapter.CHAPTER_4);
        }
    }

    @Nested
    @DisplayName("chapter 5's server: chapter 4's transcripts again, with streaming lists and current Kubernetes' watch rules")
    class Chapter5 {

        @TestFactory
        Stream<DynamicNode> transcripts() {
            return replayAll(Chapter.CHAPTER_5);
        }
    }

    @Nested
    @DisplayName("chapter 6's server: server-side apply, and every writing transcript again with its managedFields compared")
    class Chapter6 {

        @TestFactory
        Stream<DynamicNode> transcripts() {
            return replayAll(Chapter.CHAPTER_6);
        }
    }

    /**
     * The chapters to replay: -Drvlab.conformance.chapters=6 (or 4,5) replays only those chapters' servers,
     * while working on one; unset or empty, every chapter.
     */
    static boolean selected(int chapter) {
        List<String> chapters = List.of(System.getProperty("rvlab.conformance.chapters", "").split(",")).stream()
                .map(String::strip).filter(s -> !s.isEmpty()).toList();
        return chapters.isEmpty() || chapters.contains(Integer.toString(chapter));
    }

    /** One container per file, replayed only when JUnit gets to it (each needs its own etcd). */
    private static Stream<DynamicNode> replayAll(Chapter chapter) {
        Assumptions.assumeTrue(selected(chapter.number()), "chapter " + chapter.number()
                + " not selected by -Drvlab.conformance.chapters=" + System.getProperty("rvlab.conformance.chapters"));
        // -Drvlab.conformance.only=e1,n2 replays only the entries whose names start so (while working on a server)
        List<String> only = List.of(System.getProperty("rvlab.conformance.only", "").split(",")).stream()
                .filter(s -> !s.isBlank()).toList();
        return chapter.transcripts().stream().filter(f -> only.isEmpty() || only.stream().anyMatch(f::startsWith)).map(file -> DynamicContainer.dynamicContainer(TITLES.getOrDefault(file, file),
                Stream.of(file).flatMap(f -> replay(chapter, f))));
    }

    // tag::replay[]
    private static Stream<DynamicTest> replay(Chapter chapter, String file) {
        Replayer.Result result = new Replayer(GOLDEN, chapter.factory(), chapter.history()).replay(file);
        RESULTS.put(chapter.number() + "/" + file, result);
        List<DynamicTest> tests = new ArrayList<>();
        for (Outcome outcome : result.outcomes()) {
            String name = outcome.exchange().id() + " " + outcome.exchange().request().method() + " "
                    + outcome.exchange().request().target() + ": " + outcome.verdict().title();
            tests.add(DynamicTest.dynamicTest(name, () -> check(outcome)));
        }
        tests.add(DynamicTest.dynamicTest("every difference listed for " + result.scenario() + " on chapter "
                + result.chapter() + "'s server still occurs", () -> listedDifferencesOccur(result)));
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
            if (!difference.scenario().equals(result.scenario()) || !difference.appliesTo(result.chapter())
                    || difference.dependsOnTiming()) {
                continue;
            }
            if (difference.causedBy() != null && result.outcomes().stream()
                    .noneMatch(o -> o.exchange().id().equals(difference.causedBy()) && !o.differences().isEmpty())) {
                stale.add(difference.requests() + ": listed as following from " + difference.causedBy()
                        + ", which no longer differs on chapter " + result.chapter() + "'s server: remove the entry, "
                        + "and let these requests be compared on their own");
                continue;
            }
            for (String id : difference.requests()) {
                if (result.transcript().exchanges().stream().noneMatch(e -> e.id().equals(id))) {
                    continue; // in the other part of a file recorded in two sittings (e2's (C) to (E))
                }
                Optional<Outcome> outcome = result.outcomes().stream().filter(o -> o.exchange().id().equals(id)).findFirst();
                if (outcome.isEmpty() || outcome.get().verdict() == Verdict.LATER_CHAPTER) {
                    stale.add(id + ": not a replayed request of " + result.transcript().name() + " on chapter "
                            + result.chapter() + "'s server");
                    continue;
                }
                List<Aspect> missing = difference.aspects().stream().filter(a -> !outcome.get().aspects().contains(a)).toList();
                if (!missing.isEmpty()) {
                    stale.add(id + ": listed as differing in " + missing + " on chapter " + result.chapter()
                            + "'s server, but it no longer does\n" + outcome.get().describe());
                }
            }
        }
        if (!stale.isEmpty()) {
            fail("listed differences that no longer occur (remove or correct them, or their chapters, in "
                    + "KnownDifferences/OpenDifferences):\n" + String.join("\n", stale));
        }
    }
}
