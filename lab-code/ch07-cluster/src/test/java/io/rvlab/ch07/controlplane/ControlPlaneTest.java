package io.rvlab.ch07.controlplane;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/** A control plane: three etcd members, two replicas of chapter 6's server, one balancer address. */
@DisplayName("ControlPlane (3 etcd members, 2 replicas, 1 address)")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ControlPlaneTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();
    private static ControlPlane plane;

    @BeforeAll
    static void start() {
        plane = ControlPlane.start(3, 2, (etcd, bind, port) -> ApplyApiServer.start(etcd, bind, port,
                WatchCache.Options.DEFAULT), "127.0.0.1", 0);
        plane.logTo(new PrintStream(LOG, true, StandardCharsets.UTF_8));
    }

    @AfterAll
    static void stop() {
        if (plane != null) {
            plane.close();
        }
    }

    @Test
    @Order(1)
    @DisplayName("an object written through the balancer has the same resourceVersion on both replicas: one etcd, one revision sequence")
    void sameResourceVersionOnEveryReplica() throws Exception {
        JsonNode created = send(plane.url(), "POST", CONFIGMAPS,
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"same\"},\"data\":{\"a\":\"1\"}}", 201);
        String rv = created.path("metadata").path("resourceVersion").asText();
        for (ApiServerReplica replica : plane.replicas()) {
            JsonNode read = send(replica.url(), "GET", CONFIGMAPS + "/same", null, 200);
            assertThat(read.path("metadata").path("resourceVersion").asText()).as(replica.name()).isEqualTo(rv);
        }
    }

    @Test
    @Order(2)
    @DisplayName("each new connection reaches the next replica, and the log says which replica served each request")
    void connectionsTakeTurns() throws Exception {
        LOG.reset();
        send(plane.url(), "GET", "/api/v1/namespaces", null, 200);
        send(plane.url(), "GET", "/api/v1/namespaces", null, 200);
        String log = LOG.toString(StandardCharsets.UTF_8);
        assertThat(log).contains("-> replica-1", "-> replica-2")
                .contains("replica-1 | GET /api/v1/namespaces", "replica-2 | GET /api/v1/namespaces");
    }

    @Test
    @Order(3)
    @DisplayName("with a replica stopped, the balancer passes every connection to the one left")
    void aStoppedReplicaIsSkipped() throws Exception {
        plane.replica(1).close();
        for (int i = 0; i < 3; i++) {
            send(plane.url(), "GET", CONFIGMAPS + "/same", null, 200);
        }
        assertThat(LOG.toString(StandardCharsets.UTF_8)).contains("replica-1 refused");
    }

    /** One request on a new connection (a new client each time), as kubectl makes on each run. */
    private static JsonNode send(URI server, String method, String path, String body, int expected) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json");
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        HttpResponse<String> response = client.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(method + " " + path + ": " + response.body()).isEqualTo(expected);
        return JSON.readTree(response.body());
    }
}
