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
 * @param transcripts the golden files replayed, in {@link Replayer#HISTORY} order
 */
public record Chapter(int number, String server, ServerUnderTest.Factory factory, List<String> transcripts) {

    public Chapter {
        transcripts = List.copyOf(transcripts);
        if (!Replayer.HISTORY.containsAll(transcripts)) {
            throw new IllegalArgumentException("not in Replayer.HISTORY: " + transcripts);
        }
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
    // end::chapters[]

    public static final List<Chapter> ALL = List.of(CHAPTER_2, CHAPTER_3);

    /** The chapter's "differences from Kubernetes" table: chapter 2's keeps the name its text includes. */
    public String tableFileName() {
        return number == 2 ? "differences.adoc" : String.format("differences-ch%02d.adoc", number);
    }
}
