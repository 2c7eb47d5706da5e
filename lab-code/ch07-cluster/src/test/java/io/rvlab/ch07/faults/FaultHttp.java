package io.rvlab.ch07.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The fault tests' writes: one HTTP request to one replica, its JSON answer (a 2xx required). */
final class FaultHttp {

    static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private FaultHttp() {
    }

    static JsonNode send(URI server, String method, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
            throw new IllegalStateException(method + " " + path + " -> " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
    }

    static String configMap(String name, String value) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\"v\":\""
                + value + "\"}}";
    }

    static long rv(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }
}
