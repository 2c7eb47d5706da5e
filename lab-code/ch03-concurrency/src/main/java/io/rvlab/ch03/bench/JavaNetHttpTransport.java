package io.rvlab.ch03.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * {@link HttpTransport} over {@code java.net.http}: one {@link HttpClient} for all client threads,
 * speaking HTTP/1.1 with keep-alive (the JDK server speaks nothing else, so the client never tries
 * an h2c upgrade); each thread keeps a pooled connection, as client-go's transport does.
 */
final class JavaNetHttpTransport implements HttpTransport {

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();

    @Override
    public Response send(String method, URI uri, byte[] body) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri)
                .header("Accept", "application/json")
                .header("User-Agent", "rvlab-bench/1.0")
                .timeout(Duration.ofSeconds(30));
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        }
        HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        return new Response(response.statusCode(), response.body());
    }
}
