package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.support.Http.Response;
import io.rvlab.ch03.support.Http;
import io.rvlab.ch03.support.ServerOnEtcd;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI documents kubectl reads before {@code create -f} and {@code replace -f}, and the field
 * validation it then asks the server for ({@code fieldValidation=Strict}).
 */
@DisplayName("OpenAPI documents and server-side field validation")
class OpenApiHttpTest extends ServerOnEtcd {

    OpenApiHttpTest(Client client) {
        super(client);
    }

    private JsonNode document(String groupVersionPath) {
        JsonNode index = http.send("GET", "/openapi/v3", null, null).json();
        String url = index.path("paths").path(groupVersionPath).path("serverRelativeURL").asText();
        assertThat(url).startsWith("/openapi/v3/" + groupVersionPath + "?hash=");
        Response document = http.send("GET", url, null, null);
        assertThat(document.code()).isEqualTo(200);
        return document.json();
    }

    @Test
    @DisplayName("/openapi/v3 lists one document per group version; each PATCH names its kind and takes fieldValidation")
    void v3() {
        JsonNode index = http.send("GET", "/openapi/v3", null, null).json();
        List<String> groupVersions = new ArrayList<>();
        index.path("paths").fieldNames().forEachRemaining(groupVersions::add);
        assertThat(groupVersions).containsExactly("api/v1", "apis/apps/v1", "apis/rvlab.io/v1");

        for (String[] kind : new String[][] {{"api/v1", "", "Namespace"}, {"api/v1", "", "ConfigMap"},
                {"apis/apps/v1", "apps", "Deployment"}}) {
            JsonNode document = document(kind[0]);
            // What cli-runtime's queryParamVerifierV3 looks for, for every PATCH of the kind:
            int patches = 0;
            for (Iterator<Map.Entry<String, JsonNode>> it = document.path("paths").fields(); it.hasNext(); ) {
                JsonNode patch = it.next().getValue().path("patch");
                JsonNode gvk = patch.path("x-kubernetes-group-version-kind");
                if (gvk.path("kind").asText().equals(kind[2]) && gvk.path("group").asText().equals(kind[1])) {
                    patches++;
                    assertThat(gvk.path("version").asText()).isEqualTo("v1");
                    assertThat(patch.path("parameters").findValuesAsText("name")).contains("fieldValidation");
                    assertThat(patch.path("requestBody").path("content").has("application/strategic-merge-patch+json")).isTrue();
                }
            }
            assertThat(patches).as(kind[2]).isEqualTo(kind[2].equals("Deployment") ? 2 : 1); // the object, and /status
            String definition = "io.k8s.api." + (kind[1].isEmpty() ? "core" : kind[1]) + ".v1." + kind[2];
            JsonNode schema = document.path("components").path("schemas").path(definition);
            assertThat(schema.path("x-kubernetes-group-version-kind").get(0).path("kind").asText()).isEqualTo(kind[2]);
            // every reference resolves inside the document
            for (JsonNode ref : document.findValues("$ref")) {
                String name = ref.asText().substring("#/components/schemas/".length());
                assertThat(document.path("components").path("schemas").has(name)).as(ref.asText()).isTrue();
            }
        }
        JsonNode containers = document("apis/apps/v1").path("components").path("schemas").path("io.k8s.api.core.v1.PodSpec")
                .path("properties").path("containers");
        assertThat(containers.path("x-kubernetes-patch-merge-key").asText()).isEqualTo("name");
        assertThat(http.send("GET", "/openapi/v3/apis/batch/v1", null, null).code()).isEqualTo(404);
        assertThat(http.send("POST", "/openapi/v3", "application/json", "{}").code()).isEqualTo(405);
    }

    @Test
    @DisplayName("/openapi/v2 is a minimal Swagger 2.0 document, in protobuf for kubectl 1.27 and 1.28")
    void v2() {
        Response protobuf = http.send("GET", "/openapi/v2", null, null,
                "application/com.github.proto-openapi.spec.v2@v1.0+protobuf");
        assertThat(protobuf.code()).isEqualTo(200);
        assertThat(protobuf.contentType()).isEqualTo("application/com.github.proto-openapi.spec.v2.v1.0+protobuf");
        assertThat(protobuf.bytes()).startsWith(0x0a, 3, '2', '.', '0', 0x12);
        Response json = http.send("GET", "/openapi/v2", null, null);
        assertThat(json.json().path("swagger").asText()).isEqualTo("2.0");
    }

    @Test
    @DisplayName("fieldValidation=Strict refuses unknown fields (400 on POST/PUT, 422 on PATCH); the default drops them")
    void strict() {
        String ns = http.namespace("strict");
        String base = "/api/v1/namespaces/" + ns + "/configmaps";
        Response refused = http.json("POST", base + "?fieldValidation=Strict",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm\",\"lables\":{}},\"dta\":{}}");
        assertThat(refused.code()).isEqualTo(400);
        assertThat(refused.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"ConfigMap in version \\\"v1\\\" cannot be handled as a ConfigMap: strict decoding error: "
                + "unknown field \\\"metadata.lables\\\", unknown field \\\"dta\\\"\",\"reason\":\"BadRequest\",\"code\":400}");

        Response lenient = http.json("POST", base, "{\"metadata\":{\"name\":\"cm\"},\"data\":{\"a\":\"b\"},\"dta\":{}}");
        assertThat(lenient.code()).as(lenient.body()).isEqualTo(201);
        assertThat(lenient.json().has("dta")).isFalse();
        assertThat(http.send("GET", base + "/cm", null, null).json().has("dta")).isFalse();

        Response put = http.json("PUT", base + "/cm?fieldValidation=Strict", "{\"metadata\":{\"name\":\"cm\"},\"spec\":{}}");
        assertThat(put.code()).isEqualTo(400);
        assertThat(put.json().path("message").asText()).endsWith("strict decoding error: unknown field \"spec\"");

        Response patch = http.send("PATCH", base + "/cm?fieldValidation=Strict", "application/merge-patch+json", "{\"dta\":{\"x\":\"y\"}}");
        assertThat(patch.code()).isEqualTo(422);
        assertThat(patch.json().path("message").asText()).startsWith(" \"\" is invalid: patch: Invalid value: \"{")
                .endsWith("\": strict decoding error: unknown field \"dta\"");
        assertThat(patch.json().path("details").path("causes").get(0).path("field").asText()).isEqualTo("patch");

        Response smp = http.send("PATCH", base + "/cm?fieldValidation=Strict", "application/strategic-merge-patch+json",
                "{\"dta\":{\"x\":\"y\"}}");
        assertThat(smp.json().path("message").asText())
                .isEqualTo(" \"\" is invalid: patch: Invalid value: \"map[dta:map[x:y]]\": strict decoding error: unknown field \"dta\"");

        Response wrongType = http.json("POST", base, "{\"metadata\":{\"name\":\"typed\"},\"data\":{\"a\":1}}");
        assertThat(wrongType.code()).isEqualTo(400);
        assertThat(wrongType.json().path("message").asText()).isEqualTo("ConfigMap in version \"v1\" cannot be handled as a "
                + "ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string");

        Response bogus = http.json("POST", base + "?fieldValidation=Bogus", "{\"metadata\":{\"name\":\"b\"}}");
        assertThat(bogus.code()).isEqualTo(422);
        assertThat(bogus.json().path("details").path("kind").asText()).isEqualTo("CreateOptions");
    }
}
