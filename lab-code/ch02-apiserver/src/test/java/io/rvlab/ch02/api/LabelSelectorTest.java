package io.rvlab.ch02.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("LabelSelector: Kubernetes' selector syntax and meaning")
class LabelSelectorTest {

    private static ObjectNode labelled(Map<String, String> labels) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        ObjectNode l = object.putObject("metadata").putObject("labels");
        labels.forEach(l::put);
        return object;
    }

    private static final ObjectNode WEB = labelled(Map.of("app", "web", "tier", "front", "replicas", "3"));
    private static final ObjectNode DB = labelled(Map.of("app", "db"));
    private static final ObjectNode NONE = labelled(Map.of());

    private static boolean matches(String selector, ObjectNode object) {
        return LabelSelector.parse(selector).matches(object);
    }

    @Test
    @DisplayName("equality: =, == and != (which also matches objects without the label)")
    void equality() {
        assertThat(matches("app=web", WEB)).isTrue();
        assertThat(matches("app==web", DB)).isFalse();
        assertThat(matches("app!=web", DB)).isTrue();
        assertThat(matches("app!=web", NONE)).isTrue();
        assertThat(matches("app=web,tier=front", WEB)).isTrue();
        assertThat(matches(" app = web , tier = back ", WEB)).isFalse();
        assertThat(matches("missing=", NONE)).as("an empty value needs the label").isFalse();
    }

    @Test
    @DisplayName("sets and existence: in, notin (true without the label), key, !key; numbers: > and <")
    void setsAndExistence() {
        assertThat(matches("app in (web,db)", DB)).isTrue();
        assertThat(matches("app in (web)", NONE)).isFalse();
        assertThat(matches("app notin (web)", NONE)).isTrue();
        assertThat(matches("app notin (web, db)", DB)).isFalse();
        assertThat(matches("tier", WEB)).isTrue();
        assertThat(matches("tier", DB)).isFalse();
        assertThat(matches("!tier", DB)).isTrue();
        assertThat(matches("replicas>2", WEB)).isTrue();
        assertThat(matches("replicas<2", WEB)).isFalse();
        assertThat(matches("replicas>2", DB)).isFalse();
        assertThat(matches("", NONE)).isTrue();
        assertThat(LabelSelector.parse("").matchesEverything()).isTrue();
        assertThat(LabelSelector.parse("a").matchesEverything()).isFalse();
        assertThat(LabelSelector.parse("example.com/app in (b,a),x!=y").toString()).isEqualTo("example.com/app in (a,b),x!=y");
    }

    @Test
    @DisplayName("a malformed selector is a 400 BadRequest, never a 5xx")
    void malformed() {
        for (String bad : new String[] {"app in web", "app in (", "=web", "app=web,", "a b", "app=(x)", "app>x",
                "bad key=1", "app in ()", "app=" + "v".repeat(64), "a/b/c=1", "app=we b", "!"}) {
            assertThatThrownBy(() -> LabelSelector.parse(bad)).as(bad)
                    .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(400));
        }
        assertThatThrownBy(() -> LabelSelector.parse("app in web")).hasMessage("found 'web', expected: '('");
        assertThatThrownBy(() -> LabelSelector.parse("app>x"))
                .hasMessage("unable to parse requirement: values[0]: Invalid value: \"x\": for 'Gt', 'Lt' operators, the value must be an integer");
    }
}
