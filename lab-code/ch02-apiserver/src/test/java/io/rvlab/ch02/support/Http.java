package io.rvlab.ch02.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** A tiny HTTP client for the tests: java.net.http for requests, a raw socket to see the framing. */
public final class Http {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final URI base;
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    public Http(URI base) {
        this.base = base;
    }

    /** A response: status, headers (lower-case names) and body. */
    public record Response(int code, Map<String, String> headers, String body) {

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + body, e);
            }
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }

    public Response get(String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET().header("User-Agent", "rvlab-test/1.0"));
    }

    public Response get(String path, String userAgent) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET().header("User-Agent", userAgent));
    }

    /** A GET with an Accept header, as kubectl sends for server-side printing. */
    public Response getAccepting(String path, String accept) {
        return send(HttpRequest.newBuilder(base.resolve(path)).GET().header("User-Agent", "rvlab-test/1.0").header("Accept", accept));
    }

    public Response post(String path, String body) {
        return post(path, body, "application/json");
    }

    public Response post(String path, String body, String contentType) {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("Content-Type", contentType)
                .header("User-Agent", "rvlab-test/1.0")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    public Response method(String method, String path) {
        return send(HttpRequest.newBuilder(base.resolve(path)).header("User-Agent", "rvlab-test/1.0")
                .method(method, HttpRequest.BodyPublishers.noBody()));
    }

    private Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = client.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            Map<String, String> headers = new LinkedHashMap<>();
            response.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
            return new Response(response.statusCode(), headers, response.body());
        } catch (IOException e) {
            throw new AssertionError("request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** A GET over a raw socket (HTTP/1.1, Connection: close): the exact bytes of the status line and headers. */
    public String rawHead(String path) {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + path + " HTTP/1.1\r\nHost: " + base.getHost() + ":" + base.getPort()
                    + "\r\nUser-Agent: rvlab-test/1.0\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            in.transferTo(all);
            return all.toString(StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
