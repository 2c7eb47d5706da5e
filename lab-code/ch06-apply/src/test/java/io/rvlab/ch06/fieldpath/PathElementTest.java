package io.rvlab.ch06.fieldpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("PathElement: structured-merge-diff's path elements, as FieldsV1 keys and as conflict paths")
class PathElementTest {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    @Test
    @DisplayName("encodes fields, keys (fields sorted by name), values and indices as FieldsV1 keys")
    void encodes() {
        ObjectNode port = F.objectNode().put("protocol", "TCP").put("containerPort", 80);
        assertThat(new PathElement.Field("data").encode()).isEqualTo("f:data");
        assertThat(new PathElement.Key(port).encode()).isEqualTo("k:{\"containerPort\":80,\"protocol\":\"TCP\"}");
        assertThat(new PathElement.Value(F.textNode("a<b")).encode()).isEqualTo("v:\"a\\u003cb\"");
        assertThat(new PathElement.Index(3).encode()).isEqualTo("i:3");
    }

    @Test
    @DisplayName("shows elements as kube's conflict messages do: .field, [k=\"v\",n=80], [=\"v\"], [0]")
    void strings() {
        ObjectNode port = F.objectNode().put("protocol", "TCP").put("containerPort", 80);
        assertThat(new PathElement.Field("data")).hasToString(".data");
        assertThat(new PathElement.Key(F.objectNode().put("name", "nginx"))).hasToString("[name=\"nginx\"]");
        assertThat(new PathElement.Key(port)).hasToString("[containerPort=80,protocol=\"TCP\"]");
        assertThat(new PathElement.Value(F.textNode("x"))).hasToString("[=\"x\"]");
        assertThat(new PathElement.Index(0)).hasToString("[0]");
    }

    @Test
    @DisplayName("decodes what it encodes, numbers from any JSON form to equal elements")
    void decodes() {
        for (String text : List.of("f:data", "f:", "f:a:b", "k:{\"name\":\"nginx\"}", "k:{\"containerPort\":80,\"protocol\":\"TCP\"}",
                "v:\"x\"", "v:8080", "v:true", "i:0")) {
            assertThat(PathElement.decode(text).encode()).isEqualTo(text);
        }
        assertThat(PathElement.decode("k:{\"protocol\":\"TCP\",\"containerPort\":80}"))
                .isEqualTo(new PathElement.Key(F.objectNode().put("containerPort", 80L).put("protocol", "TCP")));
    }

    @Test
    @DisplayName("refuses an unknown prefix and malformed JSON with a clear IllegalArgumentException")
    void refuses() {
        assertThatThrownBy(() -> PathElement.decode("x:y")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown prefix");
        assertThatThrownBy(() -> PathElement.decode("data")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a prefix");
        assertThatThrownBy(() -> PathElement.decode("k:{\"name\":")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("malformed JSON");
        assertThatThrownBy(() -> PathElement.decode("k:\"name\"")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("non-empty JSON object");
        assertThatThrownBy(() -> PathElement.decode("i:one")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("integer");
    }

    @Test
    @DisplayName("orders field < key < value < index; within a kind by name, key fields, value, index")
    void orders() {
        List<PathElement> elements = new ArrayList<>(List.of(
                PathElement.decode("i:1"), PathElement.decode("v:\"b\""), PathElement.decode("k:{\"name\":\"b\"}"),
                PathElement.decode("f:b"), PathElement.decode("i:0"), PathElement.decode("v:\"a\""), PathElement.decode("v:2"),
                PathElement.decode("k:{\"name\":\"a\"}"), PathElement.decode("f:a"), PathElement.decode("v:10")));
        elements.sort(null);
        assertThat(elements).extracting(PathElement::encode).containsExactly(
                "f:a", "f:b", "k:{\"name\":\"a\"}", "k:{\"name\":\"b\"}", "v:2", "v:10", "v:\"a\"", "v:\"b\"", "i:0", "i:1");
    }
}
