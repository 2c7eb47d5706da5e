package io.rvlab.ch06.managedfields;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A managedFields entry")
class ManagedFieldsEntryTest {

    static final ObjectMapper JSON = new ObjectMapper();

    static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    @DisplayName("is written with kube's key order: manager, operation, apiVersion, time, fieldsType, fieldsV1, subresource")
    void keyOrder() throws Exception {
        String golden = "{\"manager\":\"golden-capture\",\"operation\":\"Update\",\"apiVersion\":\"apps/v1\","
                + "\"time\":\"2026-11-22T21:17:32Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:status\":{\"f:observedGeneration\":{},"
                + "\"f:readyReplicas\":{},\"f:replicas\":{}}},\"subresource\":\"status\"}";
        ManagedFieldsEntry entry = ManagedFieldsEntry.fromJson(json(golden));
        assertThat(entry.operation()).isEqualTo(Operation.Update);
        assertThat(entry.subresource()).isEqualTo("status");
        assertThat(GoJson.compact(entry.toJson())).isEqualTo(golden);
    }

    @Test
    @DisplayName("leaves out an empty subresource and writes its time in RFC 3339 whole seconds, UTC")
    void mainResourceEntry() throws Exception {
        ManagedFieldsEntry entry = new ManagedFieldsEntry("alice", Operation.Apply, "v1",
                Instant.parse("2026-11-22T21:17:16.789Z"), (com.fasterxml.jackson.databind.node.ObjectNode)
                        json("{\"f:data\":{\"f:color\":{}}}"), "");
        assertThat(GoJson.compact(entry.toJson())).isEqualTo("{\"manager\":\"alice\",\"operation\":\"Apply\","
                + "\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:16Z\",\"fieldsType\":\"FieldsV1\","
                + "\"fieldsV1\":{\"f:data\":{\"f:color\":{}}}}");
    }

    @Test
    @DisplayName("reads a time with an offset as the same instant")
    void timeWithOffset() throws Exception {
        ManagedFieldsEntry entry = ManagedFieldsEntry.fromJson(json("{\"manager\":\"m\",\"operation\":\"Update\","
                + "\"apiVersion\":\"v1\",\"time\":\"2026-11-22T23:17:16+02:00\",\"fieldsType\":\"FieldsV1\"}"));
        assertThat(entry.time()).isEqualTo(Instant.parse("2026-11-22T21:17:16Z"));
    }

    @Test
    @DisplayName("is refused (400, kube's decode message) when its operation is neither Apply nor Update")
    void badOperation() {
        assertThatThrownBy(() -> ManagedFieldsEntry.fromJson(json("{\"manager\":\"m\",\"operation\":\"Patch\","
                + "\"apiVersion\":\"v1\",\"fieldsType\":\"FieldsV1\"}")))
                .isInstanceOfSatisfying(StatusException.class, e -> {
                    assertThat(e.status().code()).isEqualTo(400);
                    assertThat(e.status().message()).isEqualTo("operation must be `Apply` or `Update`");
                });
    }

    @Test
    @DisplayName("is refused when its fieldsType is missing or not FieldsV1, or its apiVersion is empty")
    void badFieldsTypeOrVersion() {
        assertThatThrownBy(() -> ManagedFields.decode(json("[{\"manager\":\"m\",\"operation\":\"Update\",\"apiVersion\":\"v1\"}]")))
                .hasMessage("missing fieldsType in managed fields entry 0");
        assertThatThrownBy(() -> ManagedFields.decode(json("[{\"manager\":\"m\",\"operation\":\"Update\",\"apiVersion\":\"v1\","
                + "\"fieldsType\":\"FieldsV2\"}]")))
                .hasMessage("invalid fieldsType \"FieldsV2\" in managed fields entry 0");
        assertThatThrownBy(() -> ManagedFieldsEntry.fromJson(json("{\"manager\":\"m\",\"operation\":\"Update\",\"fieldsType\":\"FieldsV1\"}")))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(400))
                .hasMessage("apiVersion must not be empty");
    }

    @Test
    @DisplayName("reads and writes its time by hand exactly as java.time does, and leaves every other form to java.time")
    void timeFastPathAgreesWithJavaTime() {
        java.time.format.DateTimeFormatter rfc3339 = ManagedFieldsEntry.RFC3339;
        for (String text : java.util.List.of("2026-11-22T21:17:32Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
                "2024-02-29T12:00:00Z", "2026-11-22T21:17:32.5Z", "2026-11-22T22:17:32+01:00")) {
            Instant expected = java.time.OffsetDateTime.parse(text).toInstant();
            assertThat(ManagedFieldsEntry.parseTime(text)).as(text).isEqualTo(expected);
            assertThat(ManagedFieldsEntry.formatTime(expected.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)))
                    .as(text).isEqualTo(rfc3339.format(expected.truncatedTo(java.time.temporal.ChronoUnit.SECONDS)));
        }
        for (String bad : java.util.List.of("2023-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-22T24:00:00Z",
                "2026-11-22T21:17:60Z", "2026-1x-22T21:17:32Z", "2026-11-22 21:17:32Z", "")) {
            assertThatThrownBy(() -> ManagedFieldsEntry.parseTime(bad)).as(bad)
                    .isInstanceOf(java.time.format.DateTimeParseException.class);
        }
        Instant farFuture = Instant.parse("+10000-01-01T00:00:00Z");
        assertThat(ManagedFieldsEntry.formatTime(farFuture)).isEqualTo(rfc3339.format(farFuture));
    }
}
