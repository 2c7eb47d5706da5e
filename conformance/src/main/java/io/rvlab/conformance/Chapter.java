package io.rvlab.conformance;

import java.util.List;

/**
 * A chapter's replay: its server, and the transcripts replayed against it. Each chapter's server
 * replays every transcript in scope so far, so a later chapter cannot lose what an earlier one
 * matched; an earlier chapter keeps its own run (and its own table), unchanged by later ones.
 *
 * @param number the chapter, which decides the requests the server is sent ({@link ServerUnderTest#chapter()})
 *        and the listed differences that apply to it ({@link ListedDifference#appliesTo})
 * @param server what the report and the test names call the server
 * @param transcripts the golden entries replayed (files, or parts of one: see {@link Replayer#load}), in history order
 * @param history every entry in the order of the real run, compared or not: each replay first reaches its
 *        entry's starting state by going through the ones before it
 */
public record Chapter(int number, String server, ServerUnderTest.Factory factory, List<String> transcripts,
        List<String> history) {

    public Chapter {
        transcripts = List.copyOf(transcripts);
        history = List.copyOf(history);
        if (!history.containsAll(transcripts)) {
            throw new IllegalArgumentException("not in the chapter's history: " + transcripts);
        }
    }

    public Chapter(int number, String server, ServerUnderTest.Factory factory, List<String> transcripts) {
        this(number, server, factory, transcripts, Replayer.HISTORY);
    }

    // tag::chapters[]
    /** Reads and creates: the requests of chapter 3 and later (updates, deletes, watches) are skipped. */
    public static final Chapter CHAPTER_2 = new Chapter(2, "the chapter 2 API server (reads and creates)",
            ServerUnderTest::chapter2, List.of(
                    "00-setup-namespace-lab.txt",
                    "a1-create-get-configmap-vs-etcd.txt",
                    "b0-setup-more-configmaps.txt",
                    "b1-list-plain-vs-etcd-revision.txt",
                    "b2-list-resourceversion-variants.txt",
                    "b3-list-limit-continue.txt",
                    "c2-delete-preconditions-create-conflict-notfound.txt",
                    "d1-future-resourceversion.txt"));

    /** Chapter 2's transcripts again, with their updates and deletes, plus c1 (updates) and h1 (generation). */
    public static final Chapter CHAPTER_3 = new Chapter(3,
            "the chapter 3 API server (reads, creates, updates, patches, deletes)",
            ServerUnderTest::chapter3, Replayer.HISTORY);

    /**
     * Watch: every transcript so far again, the watch scenarios (e1, e2, e3, f1, i1) and the ones recorded
     * without a watch cache (n1 to n3), in the order of the real run; g1 (server-side apply, chapter 6)
     * only sets up what came after it.
     */
    public static final Chapter CHAPTER_4 = new Chapter(4,
            "the chapter 4 API server (chapter 3's, plus watch and the watch cache)",
            ServerUnderTest::chapter4,
            Replayer.HISTORY_WATCH.stream().filter(e -> !e.startsWith("g1-")).toList(),
            Replayer.HISTORY_WATCH);

    /**
     * Streaming lists: chapter 4's transcripts again, against a server that follows current Kubernetes
     * with the WatchList gate on (i1's watch-list requests, refused by 1.26, now stream; plain watches
     * from "" or "0" are defaulted to streaming lists).
     */
    public static final Chapter CHAPTER_5 = new Chapter(5,
            "the chapter 5 API server (chapter 4's, plus streaming lists)",
            ServerUnderTest::chapter5, CHAPTER_4.transcripts(), CHAPTER_4.history());

    /**
     * Server-side apply and field management: g1 (applies, conflicts, force, a no-op apply, removal by
     * omission, a stale resourceVersion, a missing fieldManager, an Update by another manager) and every
     * transcript that writes objects again (00, a1, b0, c1, c2, h1), now with their managedFields compared.
     * Chapter 6 adds no watch behaviour, so the watch scenarios (e1 to e3, f1, i1, n1 to n3) are left to
     * chapters 4 and 5; they still set up what came after them, in the order of the real run.
     */
    public static final Chapter CHAPTER_6 = new Chapter(6,
            "the chapter 6 API server (chapter 5's, plus server-side apply and managedFields)",
            ServerUnderTest::chapter6, Replayer.HISTORY_WATCH.stream().filter(e -> List.of("00-", "a1-", "b0-", "c1-",
                    "c2-", "g1-", "h1-").stream().anyMatch(e::startsWith)).toList(), Replayer.HISTORY_WATCH);
    // end::chapters[]

    public static final List<Chapter> ALL = List.of(CHAPTER_2, CHAPTER_3, CHAPTER_4, CHAPTER_5, CHAPTER_6);

    /** Every golden entry some chapter's history holds, in a stable order. */
    public static List<String> allEntries() {
        java.util.LinkedHashSet<String> entries = new java.util.LinkedHashSet<>();
        ALL.forEach(c -> entries.addAll(c.history()));
        return List.copyOf(entries);
    }

    /** The chapter's "differences from Kubernetes" table: chapter 2's keeps the name its text includes. */
    public String tableFileName() {
        return number == 2 ? "differences.adoc" : String.format("differences-ch%02d.adoc", number);
    }
}
