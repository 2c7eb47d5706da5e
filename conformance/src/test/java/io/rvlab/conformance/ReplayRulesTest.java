package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Header;
import io.rvlab.conformance.Transcript.Request;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Which requests are skipped, and which lists 1.26 served from its watch cache. */
class ReplayRulesTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));

    private static Request get(String target) {
        return new Request("GET", target, List.of(), "");
    }

    @Test
    @DisplayName("updates, deletes and patches are chapter 3, watches chapter 4, apply chapter 6")
    void laterChapters() {
        assertThat(ReplayRules.laterChapter(new Request("PUT", "/x", List.of(), ""))).hasValue("chapter 3 (update)");
        assertThat(ReplayRules.laterChapter(new Request("DELETE", "/x", List.of(), ""))).hasValue("chapter 3 (delete)");
        assertThat(ReplayRules.laterChapter(new Request("PATCH", "/x",
                List.of(new Header("Content-Type", "application/merge-patch+json")), ""))).hasValue("chapter 3 (patch)");
        assertThat(ReplayRules.laterChapter(new Request("PATCH", "/x",
                List.of(new Header("Content-Type", "application/apply-patch+yaml")), ""))).hasValue("chapter 6 (server-side apply)");
        assertThat(ReplayRules.laterChapter(get("/api/v1/namespaces/lab/configmaps?watch=true&resourceVersion=5")))
                .hasValue("chapter 4 (watch)");
        assertThat(ReplayRules.laterChapter(get("/api/v1/namespaces/lab/configmaps?limit=1"))).isEmpty();
        assertThat(ReplayRules.laterChapter(new Request("POST", "/api/v1/namespaces", List.of(), "{}"))).isEmpty();
    }

    @Test
    @DisplayName("chapter 3's server replays every transcript chapter 2's does, and c1 and h1 besides; chapter 2 keeps its own")
    void chapters() {
        assertThat(Chapter.CHAPTER_3.transcripts()).containsAll(Chapter.CHAPTER_2.transcripts())
                .contains("c1-update-conflicts-preconditions.txt", "h1-deployment-generation.txt");
        assertThat(Chapter.CHAPTER_2.transcripts()).doesNotContain("c1-update-conflicts-preconditions.txt",
                "h1-deployment-generation.txt");
        assertThat(Chapter.ALL).extracting(Chapter::number).containsExactly(2, 3, 4, 5, 6);
        assertThat(Chapter.CHAPTER_5.transcripts()).isEqualTo(Chapter.CHAPTER_4.transcripts());
        assertThat(Chapter.CHAPTER_4.transcripts()).containsAll(Chapter.CHAPTER_3.transcripts())
                .contains("e1-watch-from-rv-updates-delete.txt", "e2-watch-bookmarks.txt", "e2-watch-bookmarks.txt@(C)",
                        "e3-watch-no-rv-and-rv0.txt", "f1-compaction-with-watch-cache.txt", "n1-no-watch-cache-lists-and-future-rv.txt",
                        "n2-no-watch-cache-watch-and-compaction.txt", "n3-no-watch-cache-bookmarks.txt")
                .doesNotContain("g1-server-side-apply.txt");
    }

    @Test
    @DisplayName("chapter 6's server replays g1 and every transcript that writes objects, in the real run's order, and no watch scenario")
    void chapter6() {
        assertThat(Chapter.CHAPTER_6.transcripts()).containsExactly("00-setup-namespace-lab.txt",
                "a1-create-get-configmap-vs-etcd.txt", "b0-setup-more-configmaps.txt", "c1-update-conflicts-preconditions.txt",
                "c2-delete-preconditions-create-conflict-notfound.txt", "g1-server-side-apply.txt",
                "h1-deployment-generation.txt");
        assertThat(Chapter.CHAPTER_6.history()).isEqualTo(Replayer.HISTORY_WATCH);
        assertThat(Chapter.CHAPTER_6.tableFileName()).isEqualTo("differences-ch06.adoc");
    }

    @Test
    @DisplayName("-Drvlab.conformance.chapters selects the chapters to replay; unset, every chapter is replayed")
    void chapterSelection() {
        String before = System.getProperty("rvlab.conformance.chapters");
        try {
            System.clearProperty("rvlab.conformance.chapters");
            assertThat(GoldenConformanceTest.selected(2)).isTrue();
            assertThat(GoldenConformanceTest.selected(6)).isTrue();
            System.setProperty("rvlab.conformance.chapters", "6");
            assertThat(GoldenConformanceTest.selected(6)).isTrue();
            assertThat(GoldenConformanceTest.selected(5)).isFalse();
            System.setProperty("rvlab.conformance.chapters", "4, 5");
            assertThat(GoldenConformanceTest.selected(5)).isTrue();
            assertThat(GoldenConformanceTest.selected(6)).isFalse();
        } finally {
            if (before == null) {
                System.clearProperty("rvlab.conformance.chapters");
            } else {
                System.setProperty("rvlab.conformance.chapters", before);
            }
        }
    }

    @Test
    @DisplayName("the watch cache served b2.1-b2.3 and b3.5; etcd served b1, b2.4-b2.5 and the other b3 lists")
    void watchCacheLists() {
        Map<String, Boolean> cached = Replayer.HISTORY.subList(3, 6).stream()
                .flatMap(file -> Transcript.read(GOLDEN.resolve(file)).exchanges().stream())
                .filter(e -> e.response().code() == 200)
                .collect(Collectors.toMap(Exchange::id, e -> ReplayRules.servedFromWatchCache(e.request())));
        assertThat(cached).containsEntry("b2.1", true).containsEntry("b2.2", true).containsEntry("b2.3", true)
                .containsEntry("b3.5", true)
                .containsEntry("b1#1", false).containsEntry("b2.4", false).containsEntry("b2.5", false)
                .containsEntry("b3.1", false).containsEntry("b3.2", false).containsEntry("b3.6", false)
                .containsEntry("b3.7", false);
    }
}
