package io.rvlab.exercises.ch02;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.rvlab.exercises.ch02.ContinueTokens.Position;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Grading tests for exercise 2.4 (continue tokens). Pure logic, no etcd: the tokens are the ones a
 * real kube-apiserver sent (GOLD b3), the error texts are apiserver's own.
 */
@Timeout(30)
@DisplayName("2.4 encode and decode continue tokens")
class ContinueTokensTest {

    private static final String PREFIX = "/registry/configmaps/lab/";

    /** GOLD b3.1: {"v":"meta.k8s.io/v1","rv":86,"start":"cm-a\u0000"}. */
    private static final String GOLD_B31 = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODYsInN0YXJ0IjoiY20tYVx1MDAwMCJ9";
    /** GOLD b3.2: the token of the second page, after cm-b, still at 86. */
    private static final String GOLD_B32 = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODYsInN0YXJ0IjoiY20tYlx1MDAwMCJ9";
    /** GOLD b3.7: after cm-b, at 87. */
    private static final String GOLD_B37 = "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6ODcsInN0YXJ0IjoiY20tYlx1MDAwMCJ9";

    private static final String BAD = "continue key is not valid";

    @Test
    @DisplayName("encode: byte for byte the tokens kube-apiserver sent (GOLD b3.1, b3.2, b3.7)")
    void encodeGolden() {
        assertThat(ContinueTokens.encode(PREFIX + "cm-a", PREFIX, 86))
                .as("the token after cm-a at revision 86: base64url, no padding, of"
                        + " {\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"cm-a\\u0000\"} (start = last key + NUL, without the prefix)")
                .isEqualTo(GOLD_B31);
        assertThat(ContinueTokens.encode(PREFIX + "cm-b", PREFIX, 86)).as("after cm-b at 86").isEqualTo(GOLD_B32);
        assertThat(ContinueTokens.encode(PREFIX + "cm-b", PREFIX, 87)).as("after cm-b at 87").isEqualTo(GOLD_B37);
    }

    @Test
    @DisplayName("decode: the golden tokens, and back to the same bytes")
    void decodeGolden() {
        Position position = ContinueTokens.decode(GOLD_B31, PREFIX);

        assertThat(position)
                .as("GOLD b3.1 continues at revision 86, from the key just after cm-a (cm-a + NUL), under the prefix")
                .isEqualTo(new Position(86, PREFIX + "cm-a\u0000"));
        assertThat(ContinueTokens.decode(GOLD_B37, PREFIX)).as("decode of the token of GOLD b3.7").isEqualTo(new Position(87, PREFIX + "cm-b\u0000"));

        String lastKey = position.startKey().substring(0, position.startKey().length() - 1);
        assertThat(ContinueTokens.encode(lastKey, PREFIX, position.resourceVersion()))
                .as("decoding a real token and encoding it again must give the very same bytes")
                .isEqualTo(GOLD_B31);
    }

    @Test
    @DisplayName("never any '=' padding (RawURLEncoding): encode writes none, decode refuses it")
    void noPadding() {
        // 52 and 53 bytes of JSON: standard base64 would end in "==" and "=".
        for (String name : new String[] {"cm-ab", "cm-abc", "web-1", "kube-root-ca.crt"}) {
            String json = "{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"" + name + "\\u0000\"}";
            String expected = rawUrl(json);

            assertThat(ContinueTokens.encode(PREFIX + name, PREFIX, 86))
                    .as("token after %s: Go's base64.RawURLEncoding never pads with '='", name)
                    .doesNotContain("=")
                    .isEqualTo(expected);

            // The same token with the padding a standard encoder adds: kube-apiserver's decoder
            // (base64.RawURLEncoding.DecodeString in apiserver's storage/continue.go) stops at the
            // first '=' as at any other byte outside its alphabet, so the client gets a 400.
            String padded = Base64.getUrlEncoder().encodeToString(json.getBytes(StandardCharsets.UTF_8));
            if (padded.equals(expected)) {
                continue; // this length needs no padding
            }
            Throwable thrown = catchThrowable(() -> ContinueTokens.decode(padded, PREFIX));
            assertThat(thrown)
                    .as("decode of the token after %s with '=' padding (%s): RawURLEncoding refuses it, although"
                            + " java.util.Base64's URL decoder accepts it; expected IllegalArgumentException", name, padded)
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(thrown.getMessage())
                    .as("apiserver's message for the padded token after %s: Go names the byte of the first '='", name)
                    .isEqualTo(BAD + ": illegal base64 data at input byte " + padded.indexOf('='));
        }
    }

    @Test
    @DisplayName("decode: a '=' as the very first byte is named as byte 0")
    void paddingAtTheStart() {
        Throwable thrown = catchThrowable(() -> ContinueTokens.decode("=" + GOLD_B31, PREFIX));

        assertThat(thrown)
                .as("decode of a token starting with '=': RawURLEncoding refuses it; expected IllegalArgumentException")
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage())
                .as("apiserver's message when the first byte is a '=': Go counts bytes from 0")
                .isEqualTo(BAD + ": illegal base64 data at input byte 0");
    }

    @Test
    @DisplayName("encode: a name with characters Go's encoding/json escapes, byte for byte")
    void encodeEscapesAsGo() {
        // Names validated only as path segments (RBAC roles, for one) may hold almost any character;
        // the token must be the very bytes kube-apiserver's json.Marshal writes for such a key.
        String[][] cases = {
            {" ", " ", "a space is not escaped"},
            {"\"", "\\\"", "a quote"},
            {"\\", "\\\\", "a backslash"},
            {"\n", "\\n", "a newline"},
            {"\r", "\\r", "a carriage return"},
            {"\t", "\\t", "a tab"},
            {"\b", "\\b", "a backspace (Go 1.22 and later write \\b)"},
            {"\f", "\\f", "a form feed (Go 1.22 and later write \\f)"},
            {"\u0001", "\\u0001", "a control character"},
            {"\u001f", "\\u001f", "the last control character"},
            {"<", "\\u003c", "'<' (HTML-safe escaping)"},
            {">", "\\u003e", "'>' (HTML-safe escaping)"},
            {"&", "\\u0026", "'&' (HTML-safe escaping)"},
            {"\u2028", "\\u2028", "U+2028 LINE SEPARATOR"},
            {"\u2029", "\\u2029", "U+2029 PARAGRAPH SEPARATOR"},
            {"\u007f", "\u007f", "DEL, which Go does not escape"},
            {"\u00e9", "\u00e9", "a letter outside ASCII, written as its UTF-8 bytes"},
            {"\uD83D\uDE00", "\uD83D\uDE00", "a character outside the BMP (a surrogate pair), written as its UTF-8 bytes"},
            {"\uD83Dx", "\\ufffdx", "a lone high surrogate (no UTF-8 form): Go's replacement character"},
            {"\uDE00", "\\ufffd", "a lone low surrogate (no UTF-8 form): Go's replacement character"},
        };
        for (String[] c : cases) {
            String token = ContinueTokens.encode(PREFIX + "cm" + c[0] + "x", PREFIX, 86);
            assertThat(token)
                    .as("encode after a name holding %s: your token, decoded, is %s (./course hint 2.4)", c[2],
                            unRawUrl(token))
                    .isEqualTo(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"cm" + c[1] + "x\\u0000\"}"));
        }
        assertThat(ContinueTokens.encode(PREFIX + "\uDE00x", PREFIX, 86))
                .as("the token after a name that starts with a lone low surrogate")
                .isEqualTo(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"\\ufffdx\\u0000\"}"));
    }

    @Test
    @DisplayName("a list of every namespace: start keeps the namespace, relative to the prefix")
    void allNamespaces() {
        String prefix = "/registry/configmaps/";
        String token = ContinueTokens.encode(prefix + "lab/cm-a", prefix, 86);

        assertThat(token).as("the token of a list of every namespace: start keeps the namespace").isEqualTo(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"lab/cm-a\\u0000\"}"));
        assertThat(ContinueTokens.decode(token, prefix)).as("decode of that token, back to the full key").isEqualTo(new Position(86, prefix + "lab/cm-a\u0000"));
    }

    @Test
    @DisplayName("round trips, including rv -1 (continue at the latest revision)")
    void roundTrips() {
        for (long rv : new long[] {1, 86, -1, Long.MAX_VALUE}) {
            for (String name : new String[] {"a", "cm-a", "a.b.c", "x".repeat(253)}) {
                String token = ContinueTokens.encode(PREFIX + name, PREFIX, rv);
                assertThat(ContinueTokens.decode(token, PREFIX))
                        .as("decode(encode(%s, rv %d)) should continue at rv %d from %s + NUL", name, rv, rv, name)
                        .isEqualTo(new Position(rv, PREFIX + name + "\u0000"));
            }
        }
    }

    @Test
    @DisplayName("encode: a key outside the prefix is a programming error")
    void keyOutsidePrefix() {
        Throwable thrown = catchThrowable(() -> ContinueTokens.encode("/registry/secrets/lab/s", PREFIX, 86));

        assertThat(thrown)
                .as("encode of a key that does not start with the list's prefix should throw IllegalArgumentException")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("decode: rv 0 or missing, start empty or missing, unknown version (exact messages)")
    void badFields() {
        assertRefused(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":0,\"start\":\"cm-a\\u0000\"}"),
                BAD + ": incorrect encoded start resourceVersion (version meta.k8s.io/v1)", "rv 0");
        assertRefused(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"start\":\"cm-a\\u0000\"}"),
                BAD + ": incorrect encoded start resourceVersion (version meta.k8s.io/v1)", "no rv (Go reads a missing field as 0)");
        assertRefused(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"\"}"),
                BAD + ": encoded start key empty (version meta.k8s.io/v1)", "an empty start");
        assertRefused(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86}"),
                BAD + ": encoded start key empty (version meta.k8s.io/v1)", "no start");
        assertRefused(rawUrl("{\"v\":\"meta.k8s.io/v2\",\"rv\":86,\"start\":\"cm-a\\u0000\"}"),
                BAD + ": server does not recognize this encoded version meta.k8s.io/v2", "an unknown version");
        assertRefused(rawUrl("{\"v\":\"meta.k8s.io/v2\",\"rv\":0,\"start\":\"\"}"),
                BAD + ": server does not recognize this encoded version meta.k8s.io/v2",
                "an unknown version (the version is checked before rv and start)");

        Throwable nullToken = catchThrowable(() -> ContinueTokens.decode(rawUrl("null"), PREFIX));
        assertThat(nullToken).as("a token whose JSON is null (Go unmarshals it into an empty token, without error)")
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(nullToken.getMessage())
                .as("decode of a token whose JSON is null: your decode refused it with \"%s\" (./course hint 2.4)",
                        nullToken.getMessage())
                .startsWith(BAD + ": server does not recognize this encoded version");

        Throwable noVersion = catchThrowable(() -> ContinueTokens.decode(rawUrl("{\"rv\":86,\"start\":\"cm-a\\u0000\"}"), PREFIX));
        assertThat(noVersion).as("a token without v").isInstanceOf(IllegalArgumentException.class);
        assertThat(noVersion.getMessage()).startsWith(BAD + ": server does not recognize this encoded version");
    }

    @Test
    @DisplayName("decode: a start key that climbs out of the prefix is refused, naming it")
    void pathTraversal() {
        for (String start : new String[] {"../secrets/x", "lab/../../secrets/x", "/../x", "..", ".", "./cm-a",
                "cm-a/.", "a//b", "cm-a/", "//cm-a"}) {
            assertRefused(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"" + start + "\"}"), BAD + ": " + start,
                    "start \"" + start + "\", which path.Clean would change (\"/registry/configmaps/lab/\" + \""
                            + start + "\" could leave the list's prefix)");
        }
    }

    @Test
    @DisplayName("decode: a start with a leading '/' is clean, and lands under the prefix")
    void leadingSlash() {
        String token = rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":5,\"start\":\"/cm-a\\u0000\"}");

        assertThat(ContinueTokens.decode(token, PREFIX))
                .as("Kubernetes roots the start key at '/', checks it, then appends it to the prefix without that '/'")
                .isEqualTo(new Position(5, PREFIX + "cm-a\u0000"));

        String root = rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":5,\"start\":\"/\"}");
        assertThat(ContinueTokens.decode(root, PREFIX))
                .as("a start of \"/\" alone is clean (path.Clean(\"/\") is \"/\"): the next page starts at the prefix itself")
                .isEqualTo(new Position(5, PREFIX));
    }

    @Test
    @DisplayName("decode: not RawURL base64, or not the JSON of a token")
    void notAToken() {
        String padded = Base64.getUrlEncoder().encodeToString(
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"cm-ab\\u0000\"}".getBytes(StandardCharsets.UTF_8));
        assertThat(padded).as("test setup: this token needs padding").endsWith("==");

        assertGarbage("garbage", "GOLD b3.13: ?continue=garbage");
        assertGarbage("", "an empty token: no JSON at all");
        assertGarbage(padded, "a padded token: RawURLEncoding has no '=' (java.util.Base64's decoder accepts it anyway)");
        assertGarbage(GOLD_B31.substring(0, 20) + "+/" + GOLD_B31.substring(22), "the standard alphabet's '+' and '/'");
        assertGarbage(GOLD_B31 + "!", "a character outside the base64 alphabet");
        assertGarbage(rawUrl("[86]"), "JSON, but an array");
        assertGarbage(rawUrl("\"cm-a\""), "JSON, but a string");
        assertGarbage(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":\"86\",\"start\":\"cm-a\\u0000\"}"), "rv as a string");
        assertGarbage(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86.5,\"start\":\"cm-a\\u0000\"}"), "rv not an integer");
        assertGarbage(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,\"start\":\"cm-a\\u0000\"} x"), "text after the JSON");
        assertGarbage(rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":86,"), "JSON cut short");
    }

    @Test
    @DisplayName("the codec is your own: it does not hand the tokens to the chapter's io.rvlab.ch02.storage.ContinueToken")
    void theCodecIsYourOwn() {
        // An untouched skeleton has no codec at all: its TODO marks the exercise as not started.
        ContinueTokens.encode(PREFIX + "cm-a", PREFIX, 86);
        // The chapter's server has a codec of its own, which answers most of these tests by design, so no input
        // tells the two apart: what the compiled class refers to does (see the grader's OwnCode).
        assertThat(io.rvlab.grader.OwnCode.borrowed(ContinueTokens.class, java.util.List.of("io.rvlab.ch02.storage.ContinueToken")))
                .as("the chapter's classes your ContinueTokens refers to: the exercise is to write the token yourself"
                        + " (./course hint 2.4)")
                .isEmpty();
    }

    private static String unRawUrl(String token) {
        try {
            return new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return "not base64url (" + e.getMessage() + ")";
        }
    }

    private static void assertRefused(String token, String message, String what) {
        Throwable thrown = catchThrowable(() -> ContinueTokens.decode(token, PREFIX));
        assertThat(thrown)
                .as("decode of a token with %s must throw IllegalArgumentException", what)
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage()).as("apiserver's message for %s", what).isEqualTo(message);
    }

    private static void assertGarbage(String token, String what) {
        Throwable thrown = catchThrowable(() -> ContinueTokens.decode(token, PREFIX));
        assertThat(thrown)
                .as("decode of %s must throw IllegalArgumentException", what)
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage())
                .as("the message for %s should start with \"%s: \" and give the reason", what, BAD)
                .startsWith(BAD + ": ");
    }

    /** What Go's base64.RawURLEncoding.EncodeToString does, for building test tokens. */
    private static String rawUrl(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
