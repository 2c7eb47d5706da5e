package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The translation rules, on golden a1/b0's history: 79 (cm-a), 80 (PUT, skipped), 81 (Lease), 82, 83. */
class RvTranslatorTest {

    /** Creates only: the unrelated writes a replay would make are left out, to show rule 2. */
    private RvTranslator history() {
        RvTranslator rv = new RvTranslator(4); // the server's bootstrap namespaces took revisions 2 to 4
        rv.observe(76, null);
        rv.learnWrite(77, 5); // namespace lab
        rv.learnWrite(79, 6); // cm-a
        rv.observe(80, "PUT a1#3, chapter 3 (update)");
        rv.learnWrite(82, 7); // cm-b
        rv.learnWrite(83, 8); // cm-c
        rv.observe(86, null);  // b3's list
        return rv;
    }

    @Test
    @DisplayName("rule 1: a replayed create maps to the same create here; an unrelated write to its stand-in")
    void reproducedWrites() {
        RvTranslator rv = history();
        assertThat(rv.revision(79).ours()).isEqualTo(6);
        assertThat(rv.revision(79).how()).isNull();
        assertThat(rv.isReplayedWrite(83)).isTrue();
        assertThat(rv.notYetReproduced()).containsExactly(84L, 85L, 86L);
        rv.learnUnrelated(84, 9);
        assertThat(rv.revision(84).ours()).isEqualTo(9);
        assertThat(rv.revision(84).how()).contains("reproduced here by an unrelated write");
        assertThat(rv.isReplayedWrite(84)).isFalse();
        assertThat(rv.notYetReproduced()).containsExactly(85L, 86L);
    }

    @Test
    @DisplayName("nothing before the first replayed create is reproduced")
    void notBeforeTheFirstCreate() {
        RvTranslator rv = new RvTranslator(4);
        rv.observe(76, null);
        assertThat(rv.notYetReproduced()).isEmpty();
        assertThat(rv.revision(76).ours()).isEqualTo(4);
    }

    @Test
    @DisplayName("rule 2: a revision not reproduced maps to the latest reproduced one at or before it")
    void otherRevisions() {
        RvTranslator rv = history();
        assertThat(rv.revision(80).ours()).isEqualTo(6);
        assertThat(rv.revision(80).how()).contains("79 -> 6");
        assertThat(rv.describe(80)).isEqualTo("PUT a1#3, chapter 3 (update)");
        assertThat(rv.revision(81).ours()).isEqualTo(6);
        assertThat(rv.revision(84).ours()).isEqualTo(8);
        assertThat(rv.revision(78).ours()).isEqualTo(5);
        assertThat(rv.revision(10).ours()).as("before the first replayed create: where the server started").isEqualTo(4);
    }

    @Test
    @DisplayName("rule 3: a revision past every known one keeps its distance from the current revision")
    void farFuture() {
        RvTranslator rv = history();
        rv.observe(98, null);
        assertThat(rv.requestRevision(1_000_098, 9).ours()).isEqualTo(1_000_009);
        assertThat(rv.requestRevision(81, 9).ours()).as("a past revision is not in the future").isEqualTo(6);
    }

    @Test
    @DisplayName("continue tokens: rv translated, the rest byte for byte; undecodable tokens unchanged")
    void continueTokens() {
        RvTranslator rv = history();
        // {"v":"meta.k8s.io/v1","rv":86,"start":"cm-a\u0000"} (golden b3.1)
        String golden = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODYsInN0YXJ0IjoiY20tYVx1MDAwMCJ9";
        assertThat(RvTranslator.decode(rv.continueToken(golden))).hasValue("{\"v\":\"meta.k8s.io/v1\",\"rv\":8,\"start\":\"cm-a\\u0000\"}");
        assertThat(RvTranslator.continueRevision(golden)).hasValue(86L);
        assertThat(rv.continueToken("garbage")).isEqualTo("garbage");
    }

    @Test
    @DisplayName("Status messages: the request's revisions become the ones sent, others are translated, 0 stays 0")
    void messages() {
        RvTranslator rv = history();
        assertThat(rv.message("Timeout: Too large resource version: 1000098, current: 97", Map.of(1_000_098L, 1_000_009L)))
                .isEqualTo("Timeout: Too large resource version: 1000009, current: 8");
        assertThat(rv.message("resourceVersionMatch \"exact\" is forbidden for resourceVersion \"0\"", Map.of()))
                .endsWith("resourceVersion \"0\"");
        assertThat(rv.message("invalid character '\\u0081' looking for beginning of value", Map.of()))
                .contains("\\u0081");
    }
}
