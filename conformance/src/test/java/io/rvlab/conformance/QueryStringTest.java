package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("QueryString: a target's parameters, read and written back as given")
class QueryStringTest {

    @Test
    @DisplayName("reads the first parameter so named; a bare or missing one reads as \"\"")
    void reads() {
        QueryString query = QueryString.of("/api/v1/configmaps?watch=true&resourceVersion=5&pretty&limit=");
        assertThat(query.path()).isEqualTo("/api/v1/configmaps");
        assertThat(query.get("resourceVersion")).isEqualTo("5");
        assertThat(query.get("pretty")).isEmpty();
        assertThat(query.get("limit")).isEmpty();
        assertThat(query.get("continue")).isEmpty();
        assertThat(query.has("watch", "true")).isTrue();
        assertThat(query.has("pretty", "")).isFalse();
        assertThat(QueryString.of("/api/v1/namespaces").get("watch")).isEmpty();
    }

    @Test
    @DisplayName("writes the target back byte for byte, with only the changed values replaced")
    void writes() {
        for (String target : new String[] {"/x", "/x?", "/x?a=1&b&c=", "/x?resourceVersion=7&limit=2"}) {
            assertThat(QueryString.of(target).target(p -> p)).isEqualTo(target);
        }
        assertThat(QueryString.of("/x?resourceVersion=7&limit=2")
                .target(p -> p.name().equals("resourceVersion") ? p.withValue("9") : p))
                .isEqualTo("/x?resourceVersion=9&limit=2");
    }
}
