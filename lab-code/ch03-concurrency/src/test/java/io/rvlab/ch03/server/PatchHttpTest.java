package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.support.Http.Response;
import io.rvlab.ch03.support.Http;
import io.rvlab.ch03.support.ServerOnEtcd;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** JSON patch and strategic merge patch over HTTP, on a real etcd. */
@DisplayName("PATCH over HTTP: JSON patch, strategic merge patch, preconditions and retries")
class PatchHttpTest extends ServerOnEtcd {

    private static final String JSON_PATCH = "application/json-patch+json";
    private static final String SMP = "application/strategic-merge-patch+json";

    PatchHttpTest(Client client) {
        super(client);
    }

    private String configMap(String ns, String name) {
        Response created = http.json("POST", "/api/v1/namespaces/" + ns + "/configmaps",
                "{\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\"k\":\"v6\"}}");
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        return "/api/v1/namespaces/" + ns + "/configmaps/" + name;
    }

    // tag::json-patch-test-op[]
    @Test
    @DisplayName("golden c1.10: a failed test op is a 422 with Kubernetes' exact body, and nothing is written")
    void failedTestOperation() {
        String cm = configMap(http.namespace("jp"), "cm-a");
        String before = http.send("GET", cm, null, null).rv();
        Response response = http.send("PATCH", cm, JSON_PATCH,
                "[{\"op\":\"test\",\"path\":\"/data/k\",\"value\":\"WRONG\"},{\"op\":\"replace\",\"path\":\"/data/k\",\"value\":\"v7\"}]");
        assertThat(response.code()).isEqualTo(422);
        assertThat(response.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"the server rejected our request due to an error in our request\",\"reason\":\"Invalid\","
                + "\"details\":{},\"code\":422}");
        assertThat(http.send("GET", cm, null, null).rv()).isEqualTo(before);

        Response passed = http.send("PATCH", cm, JSON_PATCH,
                "[{\"op\":\"test\",\"path\":\"/data/k\",\"value\":\"v6\"},{\"op\":\"replace\",\"path\":\"/data/k\",\"value\":\"v7\"}]");
        assertThat(passed.code()).isEqualTo(200);
        assertThat(passed.json().path("data").path("k").asText()).isEqualTo("v7");
    }
    // end::json-patch-test-op[]

    @Test
    @DisplayName("a resourceVersion put into the object by a patch is a precondition: stale is a 409, current applies")
    void resourceVersionInPatch() {
        String cm = configMap(http.namespace("rv"), "cm");
        String stale = http.send("GET", cm, null, null).rv();
        assertThat(http.send("PATCH", cm, SMP, "{\"data\":{\"k\":\"moved\"}}").code()).isEqualTo(200);

        Response conflict = http.send("PATCH", cm, JSON_PATCH,
                "[{\"op\":\"replace\",\"path\":\"/metadata/resourceVersion\",\"value\":\"" + stale + "\"},"
                        + "{\"op\":\"replace\",\"path\":\"/data/k\",\"value\":\"lost\"}]");
        assertThat(conflict.code()).isEqualTo(409);
        assertThat(conflict.json().path("reason").asText()).isEqualTo("Conflict");
        Response smpConflict = http.send("PATCH", cm, SMP, "{\"metadata\":{\"resourceVersion\":\"" + stale + "\"},\"data\":{\"k\":\"lost\"}}");
        assertThat(smpConflict.code()).isEqualTo(409);

        String current = http.send("GET", cm, null, null).rv();
        Response applied = http.send("PATCH", cm, SMP, "{\"metadata\":{\"resourceVersion\":\"" + current + "\"},\"data\":{\"k\":\"won\"}}");
        assertThat(applied.code()).isEqualTo(200);
        assertThat(applied.json().path("data").path("k").asText()).isEqualTo("won");
    }

    @Test
    @DisplayName("strategic merge patch on a Deployment: containers by name, env by name, ports by containerPort")
    void deployment() {
        String ns = http.namespace("smp");
        Response created = http.json("POST", "/apis/apps/v1/namespaces/" + ns + "/deployments", "{\"metadata\":{\"name\":\"web\"},"
                + "\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},"
                + "\"spec\":{\"containers\":[{\"name\":\"app\",\"image\":\"nginx:1\",\"env\":[{\"name\":\"A\",\"value\":\"1\"}],"
                + "\"ports\":[{\"containerPort\":80}]},{\"name\":\"log\",\"image\":\"busybox\"}]}}}}");
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        String web = "/apis/apps/v1/namespaces/" + ns + "/deployments/web";
        Response patched = http.send("PATCH", web, SMP, "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"app\","
                + "\"image\":\"nginx:2\",\"env\":[{\"name\":\"B\",\"value\":\"2\"}],\"ports\":[{\"containerPort\":8080}]}]}}}}");
        assertThat(patched.code()).as(patched.body()).isEqualTo(200);
        JsonNode containers = patched.json().path("spec").path("template").path("spec").path("containers");
        assertThat(containers.findValuesAsText("name")).containsExactly("app", "A", "B", "log");
        assertThat(containers.get(0).path("image").asText()).isEqualTo("nginx:2");
        assertThat(containers.get(0).path("ports").findValuesAsText("containerPort")).containsExactly("80", "8080");
        assertThat(patched.json().path("metadata").path("generation").asLong()).isEqualTo(2);
    }

    @Test
    @DisplayName("patches without a resourceVersion never conflict: concurrent patches all land (retried inside the update)")
    void concurrentPatchesAllLand() throws Exception {
        String cm = configMap(http.namespace("race"), "cm");
        int writers = 16;
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<Integer>> codes = new ArrayList<>();
            for (int i = 0; i < writers; i++) {
                int n = i;
                String type = n % 3 == 0 ? JSON_PATCH : n % 3 == 1 ? SMP : "application/merge-patch+json";
                String body = type.equals(JSON_PATCH) ? "[{\"op\":\"add\",\"path\":\"/data/w" + n + "\",\"value\":\"x\"}]"
                        : "{\"data\":{\"w" + n + "\":\"x\"}}";
                codes.add(pool.submit(() -> http.send("PATCH", cm, type, body).code()));
            }
            for (Future<Integer> code : codes) {
                assertThat(code.get()).isEqualTo(200);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(http.send("GET", cm, null, null).json().path("data").size()).isEqualTo(writers + 1);
    }

    @Test
    @DisplayName("other content types are a 415 naming the three patch formats")
    void unsupportedPatchType() {
        String cm = configMap(http.namespace("ct"), "cm");
        for (String type : new String[] {"application/json", "application/apply-patch+yaml", "text/plain"}) {
            Response response = http.send("PATCH", cm, type, "{}");
            assertThat(response.code()).isEqualTo(415);
            assertThat(response.json().path("message").asText()).isEqualTo("the body of the request was in an unknown format - "
                    + "accepted media types include: application/json-patch+json, application/merge-patch+json, "
                    + "application/strategic-merge-patch+json");
        }
    }
}
