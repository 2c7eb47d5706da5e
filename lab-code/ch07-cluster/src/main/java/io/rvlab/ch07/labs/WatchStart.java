package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Iterator;
import java.util.stream.Stream;

/**
 * How a watch started (lab 7.5): refused with an HTTP error Status, or accepted and then ended by
 * an ERROR event (kube-apiserver sends a 410 for a watch cache's too-old resourceVersion this way),
 * or accepted and streaming. {@code code} is the HTTP status or the ERROR event's Status code.
 */
record WatchStart(int code, String reason, String message) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    static WatchStart open(URI server, String path) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(30)).build();
        HttpResponse<Stream<String>> response = HTTP.send(request, HttpResponse.BodyHandlers.ofLines());
        try (Stream<String> lines = response.body()) {
            Iterator<String> it = lines.filter(line -> !line.isBlank()).iterator();
            if (response.statusCode() != 200) {
                JsonNode status = it.hasNext() ? JSON.readTree(it.next()) : JSON.createObjectNode();
                return new WatchStart(response.statusCode(), status.path("reason").asText(), status.path("message").asText());
            }
            if (it.hasNext()) {
                JsonNode event = JSON.readTree(it.next());
                if (event.path("type").asText().equals("ERROR")) {
                    JsonNode status = event.path("object");
                    return new WatchStart(status.path("code").asInt(), status.path("reason").asText(),
                            status.path("message").asText());
                }
            }
            return new WatchStart(200, "", "");
        }
    }

    @Override
    public String toString() {
        return code == 200 ? "200, the watch is open" : code + " " + reason + ": " + message;
    }
}
