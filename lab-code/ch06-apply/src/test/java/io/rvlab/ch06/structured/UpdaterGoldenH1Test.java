package io.rvlab.ch06.structured;

import static io.rvlab.ch06.structured.Fixtures.strip;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch06.fieldpath.FieldsV1;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Golden h1 (a Deployment created, patched, PUT, and written through /status) replayed as Updates:
 * each response's object is the update of the previous one, and the managedFields kube-apiserver
 * returned are what the Updater computes, byte for byte, per manager and subresource.
 */
@DisplayName("Updater: golden h1's managedFields (a Deployment's create, patches, PUT and /status writes) recomputed")
class UpdaterGoldenH1Test {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @DisplayName("a create owns what it set and the defaults, not the zero-value structs; /status writes get their own entry")
    void replay() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("../../conformance/golden/h1-deployment-generation.txt"),
                StandardCharsets.UTF_8);
        Updater updater = new Updater(ApplySchema.of(ResourceTypes.DEPLOYMENTS));
        ObjectNode live = null;
        ManagedFieldSets managers = ManagedFieldSets.empty();
        String request = null;
        boolean response = false;
        int steps = 0;
        for (String line : lines) {
            if (line.matches("^(POST|PATCH|PUT|GET|DELETE) .*")) {
                request = line;
                response = false;
            } else if (line.startsWith("=== RESPONSE")) {
                response = true;
            } else if (response && line.startsWith("{\"kind\":\"Deployment\"") && !request.startsWith("GET")) {
                ObjectNode object = (ObjectNode) JSON.readTree(line);
                JsonNode expected = ((ObjectNode) object.get("metadata")).remove("managedFields");
                String manager = "golden-capture|" + (request.contains("/status ") ? "status" : "");
                managers = strip(updater.update(live, object, "apps/v1", managers, manager).managers());
                live = object;
                steps++;

                Map<String, String> want = new TreeMap<>();
                for (JsonNode entry : expected) {
                    want.put(entry.get("manager").asText() + "|" + entry.path("subresource").asText(),
                            GoJson.compact(entry.get("fieldsV1")));
                }
                Map<String, String> got = new TreeMap<>();
                managers.asMap().forEach((m, set) -> got.put(m, GoJson.compact(FieldsV1.encode(set.set()))));
                assertThat(got).as("after %s", request).isEqualTo(want);
            }
        }
        assertThat(steps).isGreaterThanOrEqualTo(8);
    }
}
