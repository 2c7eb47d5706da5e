package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The listed differences name real requests, and the chapter's table renders every one of them. */
class DifferencesTableTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));

    @Test
    @DisplayName("every listed difference names requests that exist in its scenario's transcript, and gives a reason")
    void entriesNameRealRequests() {
        Map<String, String> requests = DifferencesTable.requests(GOLDEN);
        List<ListedDifference> all = new ArrayList<>(KnownDifferences.LIST);
        all.addAll(OpenDifferences.LIST);
        for (ListedDifference d : all) {
            assertThat(d.requests()).isNotEmpty();
            d.requests().forEach(id -> assertThat(requests).containsKey(d.scenario() + "/" + id));
            assertThat(d.aspects()).isNotEmpty();
            assertThat(List.of(d.kubernetes(), d.rvlab(), d.why())).allSatisfy(text -> assertThat(text).isNotBlank());
        }
    }

    @Test
    @DisplayName("the AsciiDoc table has a header and one row per known difference, request lines included, nothing unescaped")
    void table() {
        String adoc = DifferencesTable.asciidoc(DifferencesTable.requests(GOLDEN));
        assertThat(adoc).contains("|Scenario |Request |Kubernetes 1.26.1 |rvlab |Why")
                .contains("b3.12: `GET /api/v1/namespaces/lab/configmaps?resourceVersion=abc`")
                .startsWith("// Generated").endsWith("|===\n");
        long rows = adoc.lines().filter(String::isEmpty).count();
        assertThat(rows).isEqualTo(KnownDifferences.LIST.size() + KnownDifferences.GENERAL.size());
        for (ListedDifference open : OpenDifferences.LIST) {
            for (String request : open.requests()) {
                assertThat(adoc).as("open difference %s is not part of the chapter", request)
                        .doesNotContain(request + ":");
            }
        }
        assertThat(DifferencesTable.escape("a|b {x}")).isEqualTo("a\\|b \\{x}");
    }
}
