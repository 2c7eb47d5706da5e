package io.rvlab.ch04.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.Writes;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code ?watch=1} over HTTP/1.1, read byte by byte: the framing kube-apiserver uses (golden
 * transcripts e1, e3, f1), and the answers to mistakes made before the stream begins.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Watch over HTTP: chunked JSON lines, ERROR events, 4xx before streaming")
class WatchHttpTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int WINDOW = 50;

    private final Client client;
    private WatchApiServer server;

    WatchHttpTest(Client client) {
        this.client = client;
    }

    @BeforeAll
    void start() {
        server = WatchApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT.withCapacity(WINDOW));
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private static JsonNode json(String text) throws IOException {
        return JSON.readTree(text);
    }

    private static String collection(Writes writes) {
        return "/api/v1/namespaces/" + writes.namespace + "/configmaps";
    }

    @Test
    @DisplayName("200, application/json, chunked; one JSON event per line; the server ends the stream at timeoutSeconds")
    void framing() throws Exception {
        Writes writes = new Writes(client);
        try (RawStream stream = new RawStream(server.url(),
                collection(writes) + "?watch=1&resourceVersion=" + writes.now() + "&timeoutSeconds=2", "application/json")) {
            assertThat(stream.status).isEqualTo(200);
            assertThat(stream.headers).containsEntry("content-type", "application/json")
                    .containsEntry("transfer-encoding", "chunked");
            ObjectNode created = writes.create("cm-w", "w1");
            writes.update("cm-w", "w2");
            ObjectNode deleted = writes.delete("cm-w");

            List<String> lines = new ArrayList<>();
            for (String chunk : stream.chunksUntilEnd()) {
                assertThat(chunk).as("a chunk holds whole lines").endsWith("\n");
                lines.addAll(List.of(chunk.split("\n")));
            }
            assertThat(stream.ended()).as("terminating chunk").isTrue();
            assertThat(lines).hasSize(3);
            assertThat(lines.get(0)).startsWith("{\"type\":\"ADDED\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\"");
            assertThat(json(lines.get(0)).at("/object/metadata/resourceVersion").asText()).isEqualTo(Writes.rv(created));
            assertThat(json(lines.get(1)).path("type").asText()).isEqualTo("MODIFIED");
            assertThat(json(lines.get(2)).path("type").asText()).isEqualTo("DELETED");
            assertThat(json(lines.get(2)).at("/object/metadata/resourceVersion").asText()).isEqualTo(Writes.rv(deleted));
        }
    }

    @Test
    @DisplayName("a resourceVersion older than the window: 200, then one ERROR event with a 410 Expired Status, then the end")
    void expired() throws Exception {
        Writes writes = new Writes(client);
        ObjectNode first = writes.create("cm-old", "0");
        for (int i = 1; i <= WINDOW + 5; i++) {
            writes.update("cm-old", Integer.toString(i));
        }
        long oldest;
        do {
            Thread.sleep(20);
            oldest = server.cache(ResourceTypes.CONFIGMAPS).oldestResumable();
        } while (oldest <= Long.parseLong(Writes.rv(first)));
        try (RawStream stream = new RawStream(server.url(),
                collection(writes) + "?watch=1&resourceVersion=" + Writes.rv(first), "application/json")) {
            assertThat(stream.status).isEqualTo(200);
            List<String> chunks = stream.chunksUntilEnd();
            assertThat(chunks).hasSize(1);
            assertThat(chunks.get(0)).isEqualTo("{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                    + "\"metadata\":{},\"status\":\"Failure\",\"message\":\"too old resource version: " + Writes.rv(first)
                    + " (" + oldest + ")\",\"reason\":\"Expired\",\"code\":410}}\n");
        }
    }

    @Test
    @DisplayName("the legacy /api/v1/watch/ path watches one object")
    void legacyPath() throws Exception {
        Writes writes = new Writes(client);
        writes.create("cm-a", "a");
        writes.create("cm-b", "b");
        try (RawStream stream = new RawStream(server.url(), "/api/v1/watch/namespaces/" + writes.namespace
                + "/configmaps/cm-a?timeoutSeconds=1", "application/json")) {
            List<String> chunks = stream.chunksUntilEnd();
            String all = String.join("", chunks);
            assertThat(all.split("\n")).hasSize(1);
            assertThat(json(all.trim()).at("/object/metadata/name").asText()).isEqualTo("cm-a");
            assertThat(json(all.trim()).path("type").asText()).isEqualTo("ADDED");
        }
    }

    @Test
    @DisplayName("mistakes found before streaming are ordinary Status answers")
    void mistakesBeforeStreaming() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String base = server.url() + "/api/v1/namespaces/default/configmaps?watch=1";
        HttpResponse<String> match = http.send(HttpRequest.newBuilder(URI.create(base
                + "&resourceVersion=5&resourceVersionMatch=NotOlderThan")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(match.statusCode()).isEqualTo(422);
        assertThat(json(match.body()).path("message").asText()).contains("resourceVersionMatch is forbidden for watch");

        HttpResponse<String> selector = http.send(HttpRequest.newBuilder(URI.create(base
                + "&labelSelector=a%3D%3D%3Db")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(selector.statusCode()).isEqualTo(400);
        assertThat(json(selector.body()).path("kind").asText()).isEqualTo("Status");

        HttpResponse<String> rv = http.send(HttpRequest.newBuilder(URI.create(base
                + "&resourceVersion=abc")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(rv.statusCode()).isBetween(400, 499);
        assertThat(json(rv.body()).path("kind").asText()).isEqualTo("Status");

        HttpResponse<String> timeout = http.send(HttpRequest.newBuilder(URI.create(base
                + "&timeoutSeconds=soon")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(timeout.statusCode()).isEqualTo(400);
    }

    @Test
    @DisplayName("a watch request no stream can answer: a 4xx Status, and the server keeps serving")
    void badWatchRequests() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String[][] cases = {
            {"/api/v1/namespaces/default/widgets?watch=1", "404"},
            {"/api/v1/watch/namespaces/default/widgets", "404"},
            {"/api/v1/watch", "404"},
            {"/api/v1/namespaces/default/configmaps/cm/status?watch=1", "404"},
            {"/api/v1/namespaces/Not_A_Namespace/configmaps?watch=1", "400"},
            {"/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=-1", "400"},
            {"/api/v1/namespaces/default/configmaps?watch=1&resourceVersion=-5", "400"},
            {"/api/v1/namespaces/default/configmaps?watch=1&fieldSelector=spec.foo%3Dx", "400"},
            {"/api/v1/namespaces/default/configmaps?watch=1&labelSelector=%21%21", "400"},
            {"/apis/apps/v1/namespaces/default/configmaps?watch=1", "404"},
        };
        for (String[] c : cases) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create(server.url() + c[0]))
                    .timeout(java.time.Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(c[0]).isEqualTo(Integer.parseInt(c[1]));
            assertThat(json(response.body()).path("kind").asText()).as(c[0]).isEqualTo("Status");
        }
        HttpResponse<String> still = http.send(HttpRequest.newBuilder(URI.create(server.url()
                + "/api/v1/namespaces/default/configmaps")).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(still.statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("a list with resourceVersion=0 is answered from the watch cache")
    void listFromCache() throws Exception {
        Writes writes = new Writes(client);
        ObjectNode created = writes.create("cm-a", "a");
        HttpClient http = HttpClient.newHttpClient();
        JsonNode list;
        do {
            list = json(http.send(HttpRequest.newBuilder(URI.create(server.url() + collection(writes)
                    + "?resourceVersion=0&limit=1")).build(), HttpResponse.BodyHandlers.ofString()).body());
        } while (list.path("items").isEmpty());
        assertThat(list.path("items").get(0).at("/metadata/resourceVersion").asText()).isEqualTo(Writes.rv(created));
        assertThat(list.path("metadata").has("continue")).as("no paging from the cache").isFalse();
    }

    @Test
    @DisplayName("discovery lists the watch verb")
    void discoveryListsWatch() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        JsonNode resources = json(http.send(HttpRequest.newBuilder(URI.create(server.url() + "/api/v1")).build(),
                HttpResponse.BodyHandlers.ofString()).body());
        JsonNode configmaps = null;
        for (JsonNode resource : resources.path("resources")) {
            if (resource.path("name").asText().equals("configmaps")) {
                configmaps = resource;
            }
        }
        assertThat(configmaps).isNotNull();
        assertThat(configmaps.path("verbs").toString()).contains("\"watch\"");
        assertThat(server.etcdWatches()).isEqualTo(4); // namespaces, configmaps, deployments, foos
    }
}
