package io.rvlab.ch02.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Versioner: resourceVersion <-> etcd revision")
class VersionerTest {

    private final Versioner versioner = new Versioner();

    @Test
    @DisplayName("\"\" and \"0\" both parse as revision 0 (no particular revision)")
    void emptyAndZero() {
        assertThat(versioner.parse("")).isZero();
        assertThat(versioner.parse("0")).isZero();
        assertThat(versioner.parse(null)).isZero();
    }

    @Test
    @DisplayName("a decimal number is the etcd revision it names")
    void decimal() {
        assertThat(versioner.parse("79")).isEqualTo(79);
        assertThat(versioner.parse("007")).isEqualTo(7); // Go's ParseUint accepts leading zeros
        assertThat(versioner.parse("9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    @DisplayName("anything else fails with Kubernetes' ParseUint wording")
    void malformed() {
        assertThatThrownBy(() -> versioner.parse("abc"))
                .isInstanceOf(InvalidResourceVersionException.class)
                .hasMessage("resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing \"abc\": invalid syntax");
        assertThatThrownBy(() -> versioner.parse("-1"))
                .hasMessage("resourceVersion: Invalid value: \"-1\": strconv.ParseUint: parsing \"-1\": invalid syntax");
        assertThatThrownBy(() -> versioner.parse("+1")).isInstanceOf(InvalidResourceVersionException.class);
        assertThatThrownBy(() -> versioner.parse(" 1")).isInstanceOf(InvalidResourceVersionException.class);
        assertThatThrownBy(() -> versioner.parse("1e3")).isInstanceOf(InvalidResourceVersionException.class);
        assertThatThrownBy(() -> versioner.parse("99999999999999999999"))
                .hasMessageEndingWith("parsing \"99999999999999999999\": value out of range");
        // Go scans left to right: the overflow at the 20th digit comes before the bad character.
        assertThatThrownBy(() -> versioner.parse("99999999999999999999x"))
                .hasMessage("resourceVersion: Invalid value: \"99999999999999999999x\": strconv.ParseUint: parsing"
                        + " \"99999999999999999999x\": value out of range");
        assertThatThrownBy(() -> versioner.parse("9x9999999999999999999"))
                .hasMessageEndingWith("invalid syntax");
        assertThat(versioner.parse("18446744073709551615")).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> versioner.parse("18446744073709551616")).hasMessageEndingWith("value out of range");
    }

    @Test
    @DisplayName("revision 0 formats as \"\", any other as its decimal text")
    void format() {
        assertThat(versioner.format(0)).isEmpty();
        assertThat(versioner.format(84)).isEqualTo("84");
    }

    @Test
    @DisplayName("updateObject writes metadata.resourceVersion in ObjectMeta's place; prepareObjectForStorage removes it")
    void updateAndPrepare() {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", "ConfigMap");
        ObjectNode metadata = object.putObject("metadata");
        metadata.put("creationTimestamp", "2026-01-01T00:00:00Z");
        metadata.put("name", "cm-a");
        metadata.put("uid", "u");
        versioner.updateObject(object, 79);
        assertThat(GoJson.compact(object)).isEqualTo(
                "{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-a\",\"uid\":\"u\",\"resourceVersion\":\"79\","
                        + "\"creationTimestamp\":\"2026-01-01T00:00:00Z\"}}");
        versioner.prepareObjectForStorage(object);
        assertThat(object.path("metadata").has("resourceVersion")).isFalse();
    }
}
