package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * Chapter 4's API server on the real etcd, a chapter-3 client to write with, and a namespace per test.
 * Published in this module's test jar: chapter 5's informer tests run on the same cluster.
 */
public class Cluster implements AutoCloseable {

    public final WatchApiServer server;
    public final ApiClient api;

    /** Around a server already started (chapter 5's, for one). */
    protected Cluster(WatchApiServer server) {
        this.server = server;
        this.api = new ApiClient(server.url());
    }

    static Cluster start(Client etcd, WatchCache.Options options) {
        return new Cluster(WatchApiServer.start(etcd, "127.0.0.1", 0, options));
    }

    /** The server with every watch served straight from etcd (kube-apiserver's --watch-cache=false). */
    static Cluster startWithoutCache(Client etcd) {
        return new Cluster(WatchApiServer.startWithoutCache(etcd, "127.0.0.1", 0));
    }

    /** A new namespace of its own, and its ConfigMaps. */
    public ConfigMapClient namespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode namespace = JsonNodeFactory.instance.objectNode();
        namespace.put("apiVersion", "v1").put("kind", "Namespace");
        namespace.putObject("metadata").put("name", name);
        api.create("/api/v1/namespaces", namespace);
        return new ConfigMapClient(api, name);
    }

    ListWatch listWatch(ConfigMapClient configMaps) {
        return new ListWatch(server.url(), configMaps.collection());
    }

    /** A list's resourceVersion: where a watch of "everything after this list" starts. */
    public String listResourceVersion(ConfigMapClient configMaps) {
        return api.get(configMaps.collection()).path("metadata").path("resourceVersion").asText();
    }

    /** A fresh list from the server, as name to "rv k=value". */
    public Map<String, String> freshState(ConfigMapClient configMaps) {
        List<ObjectNode> objects = new ArrayList<>();
        api.get(configMaps.collection()).path("items").forEach(item -> objects.add((ObjectNode) item));
        return summary(objects);
    }

    public static ObjectNode configMap(String name, String value) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name);
        cm.putObject("data").put("k", value);
        return cm;
    }

    public static String patchData(String value) {
        return "{\"data\":{\"k\":\"" + value + "\"}}";
    }

    public static String rv(JsonNode object) {
        return object.path("metadata").path("resourceVersion").asText();
    }

    /** Name to "rv k=value": a state to compare (a cache against a fresh list). */
    public static Map<String, String> summary(Collection<ObjectNode> objects) {
        Map<String, String> summary = new TreeMap<>();
        for (ObjectNode o : objects) {
            summary.put(o.path("metadata").path("name").asText(), rv(o) + " k=" + o.path("data").path("k").asText());
        }
        return summary;
    }

    @Override
    public void close() {
        server.close();
    }
}
