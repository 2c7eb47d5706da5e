package io.rvlab.ch03.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

/**
 * The same update through the API server, as a Kubernetes client does it: GET the ConfigMap, change
 * it, PUT it back with the metadata.resourceVersion it was read at. 200 is an update, 409 Conflict
 * a lost race (the server compared the resourceVersion with etcd's mod_revision).
 *
 * <p>One {@link HttpClient} for all client threads, speaking HTTP/1.1 with keep-alive: the JDK
 * server speaks nothing else, so the client never tries an h2c upgrade, and each thread keeps a
 * pooled connection as client-go's transport does.
 */
// tag::api-update[]
public final class ApiServerUpdater implements Updater {

    private final HttpClient http = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
    private final URI server;
    private final String namespace;

    public ApiServerUpdater(URI server, String namespace) {
        this.server = server;
        this.namespace = namespace;
    }

    @Override
    public String name() {
        return "API server";
    }

    @Override
    public void prepare(List<String> names) throws Exception {
        ObjectNode ns = Counter.JSON.createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", namespace);
        send("POST", "/api/v1/namespaces", Counter.JSON.writeValueAsBytes(ns), 201, 409);
        for (String name : names) {
            send("DELETE", path(name), null, 200, 404);
            send("POST", collection(), Counter.JSON.writeValueAsBytes(Counter.configMap(namespace, name)), 201);
        }
    }

    @Override
    public Attempt update(String name) throws Exception {
        HttpResponse<byte[]> read = send("GET", path(name), null, 200);
        byte[] changed = Counter.increment(read.body()); // keeps metadata.resourceVersion: a precondition
        long start = System.nanoTime();
        HttpResponse<byte[]> written = send("PUT", path(name), changed, 200, 409);
        return new Attempt(written.statusCode() == 200, System.nanoTime() - start);
    }

    private String collection() {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    private String path(String name) {
        return collection() + "/" + name;
    }

    private HttpResponse<byte[]> send(String method, String path, byte[] body, int... expected)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.resolve(path))
                .header("Accept", "application/json")
                .header("User-Agent", "rvlab-bench/1.0")
                .timeout(Duration.ofSeconds(30));
        if (body == null) {
            request.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            request.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofByteArray(body));
        }
        HttpResponse<byte[]> response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        for (int code : expected) {
            if (response.statusCode() == code) {
                return response;
            }
        }
        throw new IOException(method + " " + path + " answered " + response.statusCode() + ": "
                + new String(response.body(), java.nio.charset.StandardCharsets.UTF_8).strip());
    }
}
// end::api-update[]
