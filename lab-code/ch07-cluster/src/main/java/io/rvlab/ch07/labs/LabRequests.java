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
 * The chapter 7 labs' HTTP client: one request, a deadline of the client's own (so a request the
 * server never answers is seen as such, not waited for forever), and the answer as a Kubernetes
 * Status would name it: code, reason, message.
 */
final class LabRequests {

    static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
    /** Above the server's own 30 s bound on an etcd call, so the server's answer comes first. */
    static final Duration DEADLINE = Duration.ofSeconds(45);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private LabRequests() {
    }

    /** What came back: an HTTP code (-1 when the client's deadline passed first), the body, the time taken. */
    record Answer(int code, JsonNode body, long millis) {

        boolean ok() {
            return code >= 200 && code < 300;
        }

        String resourceVersion() {
            return body.path("metadata").path("resourceVersion").asText("");
        }

        String reason() {
            return body.path("reason").asText("");
        }

        String message() {
            // etcd's and gRPC's messages may name a member's address: keep them out of the transcript
            return body.path("message").asText("").replaceAll("\\b\\d{1,3}(\\.\\d{1,3}){3}:\\d+", "<member>")
                    .replaceAll("(127\\.0\\.0\\.1|localhost):\\d+", "<member>");
        }

        /** "500, reason (none), message \"...\"": what a Status says, in one line. */
        String status() {
            if (code < 0) {
                return "no answer before the client's deadline";
            }
            return code + ", reason " + (reason().isEmpty() ? "(none)" : reason()) + ", message \"" + message() + "\"";
        }

        /** The code alone for an object or list; code, reason and message for a Status. */
        String summary() {
            return "Status".equals(body.path("kind").asText()) || code < 0 ? status() : Integer.toString(code);
        }

        /** data.v of the ConfigMap answered, or of a list's first item. */
        String value() {
            JsonNode object = body.has("items") ? body.path("items").path(0) : body;
            return object.path("data").path("v").asText();
        }

        /** The time taken, rounded to whole seconds for the transcript ("under 1 s", "about 7 s"). */
        String took() {
            return millis < 1000 ? "under 1 s" : "about " + Math.round(millis / 1000.0) + " s";
        }
    }

    /** Prints the request as the curl line against {@code $name} (a replica, so no port appears), then sends it. */
    static Answer printed(Narrator out, String name, URI base, String method, String path, String body) {
        out.say("$ curl -s" + ("GET".equals(method) ? "" : " -X " + method)
                + (body == null ? "" : " -H 'Content-Type: " + contentType(method) + "'")
                + " \"$" + name + path + "\"" + (body == null ? "" : " -d '" + body + "'"));
        return send(base, method, path, body, DEADLINE);
    }

    static Answer send(URI base, String method, String path, String body, Duration deadline) {
        HttpRequest.Builder request = HttpRequest.newBuilder(base.resolve(path)).timeout(deadline)
                .header("Content-Type", contentType(method));
        request.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode json = response.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(response.body());
            return new Answer(response.statusCode(), json, (System.nanoTime() - start) / 1_000_000);
        } catch (java.net.http.HttpTimeoutException e) {
            return new Answer(-1, JSON.createObjectNode(), (System.nanoTime() - start) / 1_000_000);
        } catch (java.io.IOException e) {
            return new Answer(-2, JSON.createObjectNode().put("message", "connection: " + e.getMessage()),
                    (System.nanoTime() - start) / 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** A PATCH here is a JSON merge patch; every other body is a whole object. */
    private static String contentType(String method) {
        return "PATCH".equals(method) ? "application/merge-patch+json" : "application/json";
    }

    static String configMap(String name, String value) {
        return "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name
                + "\"},\"data\":{\"v\":\"" + value + "\"}}";
    }
}
