package io.rvlab.ch06.fieldpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("FieldsV1: managedFields' encoding, byte for byte as kube-apiserver writes it")
class FieldsV1Test {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path GOLDEN = Path.of("../../conformance/golden");

    private static FieldSet decode(String json) throws IOException {
        return FieldsV1.decode(JSON.readTree(json));
    }

    @Test
    @DisplayName("golden a1 (POST): \".\" first for a node owned with its children")
    void goldenA1() {
        FieldSet set = FieldSet.of(
                FieldPath.fields("data"), FieldPath.fields("data", "k"),
                FieldPath.fields("metadata", "labels"), FieldPath.fields("metadata", "labels", "app"));
        assertThat(GoJson.compact(FieldsV1.encode(set)))
                .isEqualTo("{\"f:data\":{\".\":{},\"f:k\":{}},\"f:metadata\":{\"f:labels\":{\".\":{},\"f:app\":{}}}}");
    }

    @Test
    @DisplayName("golden g1 (apply): leaves only, in name order")
    void goldenG1() {
        FieldSet set = FieldSet.of(FieldPath.fields("data", "owner"), FieldPath.fields("data", "color"));
        assertThat(GoJson.compact(FieldsV1.encode(set))).isEqualTo("{\"f:data\":{\"f:color\":{},\"f:owner\":{}}}");
    }

    @Test
    @DisplayName("keys, values and indices sort after fields")
    void mixedOrder() throws IOException {
        String json = "{\"f:metadata\":{\"f:finalizers\":{\".\":{},\"v:\\\"a\\\"\":{},\"v:\\\"b\\\"\":{}}},"
                + "\"f:spec\":{\"f:containers\":{\"k:{\\\"name\\\":\\\"nginx\\\"}\":{\".\":{},\"f:image\":{},"
                + "\"f:ports\":{\"k:{\\\"containerPort\\\":80,\\\"protocol\\\":\\\"TCP\\\"}\":{\".\":{},\"f:containerPort\":{}}}}}}}";
        assertThat(GoJson.compact(FieldsV1.encode(decode(json)))).isEqualTo(json);
    }

    @Test
    @DisplayName("decodes keys in any order and a \".\" anywhere in its node")
    void anyOrder() throws IOException {
        FieldSet set = decode("{\"f:metadata\":{\"f:labels\":{\"f:app\":{},\".\":{}}},\"f:data\":{\"f:k\":{},\".\":{}}}");
        assertThat(GoJson.compact(FieldsV1.encode(set)))
                .isEqualTo("{\"f:data\":{\".\":{},\"f:k\":{}},\"f:metadata\":{\"f:labels\":{\".\":{},\"f:app\":{}}}}");
        assertThat(set.has(FieldPath.fields("data"))).isTrue();
        assertThat(set.has(FieldPath.fields("metadata"))).isFalse();
    }

    @Test
    @DisplayName("skips elements of an unknown kind (a future version's), as structured-merge-diff does")
    void unknownPrefix() throws IOException {
        assertThat(decode("{\"f:data\":{\"f:k\":{}},\"z:future\":{}}")).isEqualTo(FieldSet.of(FieldPath.fields("data", "k")));
    }

    @Test
    @DisplayName("refuses malformed input with a message naming where")
    void malformed() {
        assertThatThrownBy(() -> decode("[]")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a JSON object");
        assertThatThrownBy(() -> decode("{\"f:data\":1}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at /f:data").hasMessageContaining("expected a JSON object");
        assertThatThrownBy(() -> decode("{\"f:data\":{\"k:{nope}\":{}}}")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at /f:data/k:{nope}").hasMessageContaining("malformed JSON");
    }

    @Test
    @DisplayName("every fieldsV1 of the golden transcripts decodes and encodes back to the same bytes")
    void goldenRoundTrip() throws IOException {
        List<JsonNode> all = new ArrayList<>();
        try (Stream<Path> files = Files.list(GOLDEN)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    if (line.startsWith("{") && line.contains("fieldsV1")) {
                        try {
                            collect(JSON.readTree(line), all);
                        } catch (IOException notOneJsonValue) {
                            // watch streams etc.: not one value per line; skip
                        }
                    }
                }
            }
        }
        assertThat(all).hasSizeGreaterThan(20);
        for (JsonNode fieldsV1 : all) {
            String golden = GoJson.compact(fieldsV1);
            assertThat(GoJson.compact(FieldsV1.encode(FieldsV1.decode(fieldsV1)))).isEqualTo(golden);
        }
    }

    private static void collect(JsonNode node, List<JsonNode> out) {
        if (node.has("fieldsV1")) {
            out.add(node.get("fieldsV1"));
        }
        node.forEach(child -> collect(child, out));
    }
}
