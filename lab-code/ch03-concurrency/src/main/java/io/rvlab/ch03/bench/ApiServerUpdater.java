package io.rvlab.ch03.bench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The same update through the API server, as a Kubernetes client does it: GET the ConfigMap, change
 * it, PUT it back with the metadata.resourceVersion it was read at. 200 is an update, 409 Conflict
 * a lost race (the server compared the resourceVersion with etcd's mod_revision).
 *
 * <p>Every client thread keeps its connection alive between requests, as client-go's transport does;
 * which JDK client sends them is the {@link LoadClient} chosen.
 */
// tag::api-update[]
public final class ApiServerUpdater implements Updater {

    private final HttpTransport http;
    private final URI server;
    private final String namespace;

    public ApiServerUpdater(URI server, String namespace, LoadClient client) {
        this.http = client.transport();
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
        HttpTransport.Response read = send("GET", path(name), null, 200);
        byte[] changed = Counter.increment(read.body()); // keeps metadata.resourceVersion: a precondition
        long start = System.nanoTime();
        HttpTransport.Response written = send("PUT", path(name), changed, 200, 409);
        return new Attempt(written.status() == 200, System.nanoTime() - start);
    }

    private String collection() {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    private String path(String name) {
        return collection() + "/" + name;
    }

    private HttpTransport.Response send(String method, String path, byte[] body, int... expected)
            throws IOException, InterruptedException {
        HttpTransport.Response response = http.send(method, server.resolve(path), body);
        for (int code : expected) {
            if (response.status() == code) {
                return response;
            }
        }
        throw new IOException(method + " " + path + " answered " + response.status() + ": "
                + new String(response.body(), StandardCharsets.UTF_8).strip());
    }
}
// end::api-update[]
