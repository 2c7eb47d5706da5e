package io.rvlab.ch02.wire.gojson;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("GoJson and GoJsonSyntax: JSON as Go writes and checks it")
class GoJsonTest {

    @Test
    @DisplayName("compact and indented output match kube-apiserver's (golden p1 shape)")
    void output() throws Exception {
        var node = GoJson.read("{\"kind\":\"ConfigMap\",\"metadata\":{},\"data\":{\"k\":\"<&>\"},\"list\":[1,{}],\"n\":1.50}"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(GoJson.compact(node))
                .isEqualTo("{\"kind\":\"ConfigMap\",\"metadata\":{},\"data\":{\"k\":\"\\u003c\\u0026\\u003e\"},\"list\":[1,{}],\"n\":1.50}");
        assertThat(GoJson.pretty(node)).isEqualTo("""
                {
                  "kind": "ConfigMap",
                  "metadata": {},
                  "data": {
                    "k": "\\u003c\\u0026\\u003e"
                  },
                  "list": [
                    1,
                    {}
                  ],
                  "n": 1.50
                }""");
    }

    @Test
    @DisplayName("strings escape control characters and the line separators as Go does")
    void strings() {
        assertThat(GoJson.string("a\u0000b\n\t\"\\\u2028")).isEqualTo("\"a\\u0000b\\n\\t\\\"\\\\\\u2028\"");
        assertThat(GoJson.quote("Bad_Name")).isEqualTo("\"Bad_Name\"");
        assertThat(GoJson.quote("a\u0000\u007f\u0081é")).isEqualTo("\"a\\x00\\x7f\\u0081é\"");
    }

    @Test
    @DisplayName("syntax errors are described in encoding/json's words")
    void syntaxErrors() {
        assertThat(check("")).isEqualTo("unexpected end of JSON input");
        assertThat(check("{x")).isEqualTo("invalid character 'x' looking for beginning of object key string");
        assertThat(check("{\"a\" 1}")).isEqualTo("invalid character '1' after object key");
        assertThat(check("{\"a\":1 2}")).isEqualTo("invalid character '2' after object key:value pair");
        assertThat(check("[1 2]")).isEqualTo("invalid character '2' after array element");
        assertThat(check("{} x")).isEqualTo("invalid character 'x' after top-level value");
        assertThat(check("tru")).isEqualTo("unexpected end of JSON input");
        assertThat(check("trUe")).isEqualTo("invalid character 'U' in literal true (expecting 'u')");
        assertThat(check("-")).isEqualTo("unexpected end of JSON input");
        assertThat(check("01")).isEqualTo("invalid character '1' after top-level value");
        assertThat(check("'a'")).isEqualTo("invalid character '\\'' looking for beginning of value");
        assertThat(check("{\"a\":\"\n\"}")).isEqualTo("invalid character '\\n' in string literal");
        assertThat(GoJsonSyntax.check("{\"a\":[1,2.5e-3,{\"b\":null}],\"c\":true} ".getBytes(StandardCharsets.UTF_8))).isEmpty();
        assertThat(GoJsonSyntax.check("[[],{}]".getBytes(StandardCharsets.UTF_8))).isEmpty();
    }

    private static String check(String json) {
        return GoJsonSyntax.check(json.getBytes(StandardCharsets.UTF_8)).orElse("valid");
    }
}
