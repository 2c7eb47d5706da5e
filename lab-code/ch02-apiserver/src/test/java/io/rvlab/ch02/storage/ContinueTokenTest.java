package io.rvlab.ch02.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ContinueToken: Kubernetes' continue tokens, byte for byte")
class ContinueTokenTest {

    /** Golden b3.1: the token kube-apiserver 1.26 sent for the page ending at cm-a, read at revision 86. */
    static final String GOLDEN_B3 = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODYsInN0YXJ0IjoiY20tYVx1MDAwMCJ9";
    /** Golden f1.12: the rv -1 token inside the 410 Status for an expired continue. */
    static final String GOLDEN_F1_LATEST = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoiY20tYVx1MDAwMCJ9";

    @Test
    @DisplayName("encoding the next key after cm-a at revision 86 gives exactly golden b3's token")
    void matchesGoldenB3() {
        String token = ContinueToken.encode("/registry/configmaps/lab/cm-a\u0000", "/registry/configmaps/lab/", 86);
        assertThat(token).isEqualTo(GOLDEN_B3);
        assertThat(new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8))
                .isEqualTo("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"cm-a\\u0000\"}");
        assertThat(new ContinueToken(-1, "cm-a\u0000").encode()).isEqualTo(GOLDEN_F1_LATEST);
    }

    @Test
    @DisplayName("decoding round-trips, and the start key lands under the list's prefix")
    void roundTrip() {
        ContinueToken token = ContinueToken.decode(GOLDEN_B3);
        assertThat(token.resourceVersion()).isEqualTo(86);
        assertThat(token.start()).isEqualTo("cm-a\u0000");
        assertThat(token.keyUnder("/registry/configmaps/lab/")).isEqualTo("/registry/configmaps/lab/cm-a\u0000");
        assertThat(ContinueToken.decode(GOLDEN_F1_LATEST).resourceVersion()).isEqualTo(-1);
        for (long rv : new long[] {1, 257, Long.MAX_VALUE, -1}) {
            String start = "ns-" + rv + "/name\u0000";
            assertThat(ContinueToken.decode(new ContinueToken(rv, start).encode())).isEqualTo(new ContinueToken(rv, start));
        }
    }

    @Test
    @DisplayName("garbage is refused with Go's words: golden b3.13")
    void garbage() {
        assertThatThrownBy(() -> ContinueToken.decode("garbage"))
                .isInstanceOf(InvalidContinueTokenException.class)
                .hasMessage("invalid continue token: continue key is not valid: invalid character '\\u0081' looking for beginning of value");
        assertThatThrownBy(() -> ContinueToken.decode("a"))
                .hasMessage("invalid continue token: continue key is not valid: illegal base64 data at input byte 0");
        assertThatThrownBy(() -> ContinueToken.decode("ab=c"))
                .hasMessage("invalid continue token: continue key is not valid: illegal base64 data at input byte 2");
        assertThatThrownBy(() -> ContinueToken.decode(""))
                .hasMessage("invalid continue token: continue key is not valid: unexpected end of JSON input");
    }

    @Test
    @DisplayName("a well-formed token with a bad field is refused with Kubernetes' reason")
    void badFields() {
        assertThatThrownBy(() -> ContinueToken.decode(b64("{\"v\":\"meta.k8s.io/v2\",\"rv\":1,\"start\":\"a\"}")))
                .hasMessage("invalid continue token: continue key is not valid: server does not recognize this encoded version meta.k8s.io/v2");
        assertThatThrownBy(() -> ContinueToken.decode(b64("{\"v\":\"meta.k8s.io/v1\",\"rv\":0,\"start\":\"a\"}")))
                .hasMessage("invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
        assertThatThrownBy(() -> ContinueToken.decode(b64("{\"v\":\"meta.k8s.io/v1\",\"rv\":5,\"start\":\"\"}")))
                .hasMessage("invalid continue token: continue key is not valid: encoded start key empty (version meta.k8s.io/v1)");
        assertThatThrownBy(() -> ContinueToken.decode(b64("{\"v\":\"meta.k8s.io/v1\",\"rv\":\"5\",\"start\":\"a\"}")))
                .hasMessageContaining("json: cannot unmarshal string into Go struct field continueToken.rv of type int64");
        assertThatThrownBy(() -> ContinueToken.decode(b64("[1]")))
                .hasMessageContaining("cannot unmarshal array");
    }

    @Test
    @DisplayName("a start key that a path clean would change (.., //, trailing /) is refused: it could read another prefix")
    void noPathTraversal() {
        for (String start : new String[] {"../secrets/x", "a/../../b", "a//b", "./a", "a/.", "a/", "/../x"}) {
            String token = new ContinueToken(5, start).encode();
            assertThatThrownBy(() -> ContinueToken.decode(token)).as(start)
                    .isInstanceOf(InvalidContinueTokenException.class)
                    .hasMessage("invalid continue token: continue key is not valid: " + start);
        }
        assertThat(ContinueToken.decode(new ContinueToken(5, "/a").encode()).keyUnder("/registry/configmaps/"))
                .isEqualTo("/registry/configmaps/a");
    }

    @Test
    @DisplayName("Go's path.Clean, which the traversal check relies on")
    void cleanPath() {
        assertThat(ContinueToken.cleanPath("/a/b/../c")).isEqualTo("/a/c");
        assertThat(ContinueToken.cleanPath("/../..")).isEqualTo("/");
        assertThat(ContinueToken.cleanPath("a//b/./")).isEqualTo("a/b");
        assertThat(ContinueToken.cleanPath("")).isEqualTo(".");
        assertThat(ContinueToken.cleanPath("/cm-a\u0000")).isEqualTo("/cm-a\u0000");
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
