package io.rvlab.ch07.labs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.support.lab.Narrator;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Chapter 7's labs talk to a replica as a learner's curl would: one request, printed as the curl line
 * against the replica's name ({@code $REPLICA_1}, so no port appears), answered with its code and the
 * part of the body that matters. A request that takes longer than its deadline is reported as such,
 * never left hanging.
 */
final class LabHttp {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One answer: the HTTP code (0 when none came), the body, and how long it took. */
    record Answer(int code, JsonNode body, Duration took) {

        String resourceVersion() {
            return body.path("metadata").path("resourceVersion").asText();
        }

        String data(String key) {
            return body.path("data").path(key).asText();
        }

        /** "200", or "500 InternalError: message", or "no answer". */
        String summary() {
            if (code == 0) {
                return "no answer within the deadline";
            }
            if (!"Status".equals(body.path("kind").asText())) {
                return Integer.toString(code);
            }
            return code + " " + body.path("reason").asText("(no reason)") + ": " + body.path("message").asText();
        }

        /** The time taken, rounded to the second, as "about N s" (how long is the story, not the exact figure). */
        String seconds() {
            return "about " + Math.round(took.toMillis() / 1000.0) + " s";
        }
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final Duration deadline;

    LabHttp(Duration deadline) {
        this.deadline = deadline;
    }

    /** Sends and prints: the curl line against {@code $name}, then the answer. */
    Answer send(Narrator out, String name, URI server, String method, String path, String body) {
        out.say("$ curl -s" + ("GET".equals(method) ? "" : " -X " + method)
                + (body == null ? "" : " -H 'Content-Type: application/" + ("PATCH".equals(method) ? "merge-patch+json" : "json") + "'")
                + " \"$" + name + path + "\"" + (body == null ? "" : " -d '" + body + "'"));
        return quietly(server, method, path, body);
    }

    /** Sends without printing. */
    Answer quietly(URI server, String method, String path, String body) {
        long started = System.nanoTime();
        String type = "PATCH".equals(method) ? "application/merge-patch+json" : "application/json";
        HttpRequest request = HttpRequest.newBuilder(server.resolve(path)).timeout(deadline).header("Content-Type", type)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), JSON.readTree(response.body()), Duration.ofNanos(System.nanoTime() - started));
        } catch (java.net.http.HttpTimeoutException e) {
            return new Answer(0, JSON.createObjectNode(), Duration.ofNanos(System.nanoTime() - started));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e.getMessage(), e);
        }
    }
}
