package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The listed differences name real requests, and each chapter's table renders the ones its server brought. */
class DifferencesTableTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));

    @Test
    @DisplayName("every listed difference names requests of its scenario that its chapters' servers replay, and gives a reason")
    void entriesNameRealRequests() {
        Map<String, String> requests = DifferencesTable.requests(GOLDEN);
        List<ListedDifference> all = new ArrayList<>(KnownDifferences.LIST);
        all.addAll(OpenDifferences.LIST);
        for (ListedDifference d : all) {
            assertThat(d.requests()).isNotEmpty();
            d.requests().forEach(id -> assertThat(requests).containsKey(d.scenario() + "/" + id));
            assertThat(d.aspects()).isNotEmpty();
            assertThat(List.of(d.kubernetes(), d.rvlab(), d.why())).allSatisfy(text -> assertThat(text).isNotBlank());
            assertThat(Chapter.ALL).as("a chapter whose server replays %s", d.scenario())
                    .anyMatch(c -> d.appliesTo(c.number())
                            && c.transcripts().stream().anyMatch(f -> Transcript.scenarioOf(f).equals(d.scenario())));
        }
    }

    @Test
    @DisplayName("chapter 2's table has a header and one row per difference chapter 2 brought, request lines included, nothing unescaped")
    void chapter2Table() {
        String adoc = DifferencesTable.asciidoc(DifferencesTable.requests(GOLDEN), 2);
        assertThat(adoc).contains("|Scenario |Request |Kubernetes 1.26.1 |rvlab |Why")
                .contains("b3.12: `GET /api/v1/namespaces/lab/configmaps?resourceVersion=abc`")
                .startsWith("// Generated").endsWith("|===\n");
        assertThat(rows(adoc)).isEqualTo(KnownDifferences.LIST.stream().filter(d -> d.since() == 2).count()
                + KnownDifferences.GENERAL.stream().filter(g -> g.since() == 2).count());
        assertThat(Chapter.CHAPTER_2.tableFileName()).as("the name chapter 2's text includes").isEqualTo("differences.adoc");
        assertThat(DifferencesTable.escape("a|b {x}")).isEqualTo("a\\|b \\{x}");
    }

    @Test
    @DisplayName("chapter 3's table lists only what chapter 3 brought: its update, patch and delete rows, not chapter 2's")
    void chapter3Table() {
        String adoc = DifferencesTable.asciidoc(DifferencesTable.requests(GOLDEN), 3);
        assertThat(adoc).startsWith("// Generated").endsWith("|===\n").doesNotContain("b3.12:");
        assertThat(rows(adoc)).isEqualTo(KnownDifferences.LIST.stream().filter(d -> d.since() == 3).count()
                + KnownDifferences.GENERAL.stream().filter(g -> g.since() == 3).count());
        assertThat(Chapter.CHAPTER_3.tableFileName()).isEqualTo("differences-ch03.adoc");
    }

    @Test
    @DisplayName("chapter 4's table lists the watch rows (bookmarks, the no-watch-cache runs), not the earlier chapters' rows")
    void chapter4Table() {
        String adoc = DifferencesTable.asciidoc(DifferencesTable.requests(GOLDEN), 4);
        assertThat(adoc).startsWith("// Generated").endsWith("|===\n").doesNotContain("b3.12:").doesNotContain("c1.6:")
                .contains("e2(C): `GET /api/v1/namespaces/lab/configmaps?watch=1&resourceVersion=268&allowWatchBookmarks=true&timeoutSeconds=20`")
                .contains("n3#1: `GET /api/v1/namespaces/kube-public/configmaps?watch=1");
        assertThat(rows(adoc)).isEqualTo(KnownDifferences.LIST.stream().filter(d -> d.since() == 4).count()
                + KnownDifferences.GENERAL.stream().filter(g -> g.since() == 4).count());
        assertThat(Chapter.CHAPTER_4.tableFileName()).isEqualTo("differences-ch04.adoc");
    }

    @Test
    @DisplayName("chapter 5's table lists the streaming-list rows (i1's watch-list requests, defaulted watches), not chapter 4's")
    void chapter5Table() {
        String adoc = DifferencesTable.asciidoc(DifferencesTable.requests(GOLDEN), 5);
        assertThat(adoc).startsWith("// Generated").endsWith("|===\n").doesNotContain("e2(C):").doesNotContain("b3.12:")
                .contains("i.1: `GET /api/v1/namespaces/lab/configmaps?watch=1&sendInitialEvents=true")
                .contains("WatchList gate on");
        assertThat(rows(adoc)).isEqualTo(KnownDifferences.LIST.stream().filter(d -> d.since() == 5).count()
                + KnownDifferences.GENERAL.stream().filter(g -> g.since() == 5).count());
        assertThat(Chapter.CHAPTER_5.tableFileName()).isEqualTo("differences-ch05.adoc");
    }

    @Test
    @DisplayName("chapter 6's table says that managedFields are now compared, with their time set aside, and lists only chapter 6's rows")
    void chapter6Table() {
        String adoc = DifferencesTable.asciidoc(DifferencesTable.requests(GOLDEN), 6);
        assertThat(adoc).startsWith("// Generated").endsWith("|===\n").doesNotContain("i.1:").doesNotContain("c2.8:")
                .contains("managedFields").contains("RFC 3339");
        assertThat(rows(adoc)).isEqualTo(KnownDifferences.LIST.stream().filter(d -> d.since() == 6).count()
                + KnownDifferences.GENERAL.stream().filter(g -> g.since() == 6).count());
    }

    @Test
    @DisplayName("no open difference is part of a chapter's table")
    void openDifferencesAreNotPublished() {
        for (Chapter chapter : Chapter.ALL) {
            String adoc = DifferencesTable.asciidoc(DifferencesTable.requests(GOLDEN), chapter.number());
            for (ListedDifference open : OpenDifferences.LIST) {
                for (String request : open.requests()) {
                    assertThat(adoc).as("open difference %s is not part of chapter %d's table", request, chapter.number())
                            .doesNotContain(request + ":");
                }
            }
        }
    }

    private static long rows(String adoc) {
        return adoc.lines().filter(String::isEmpty).count();
    }
}
