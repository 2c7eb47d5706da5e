package io.rvlab.ch05.cache;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/** Chapter 4's API server on the test's etcd, a chapter-3 client to write with, and a namespace per test. */
final class TestCluster implements AutoCloseable {

    final WatchApiServer server;
    final ApiClient api;

    TestCluster(WatchApiServer server) {
        this.server = server;
        this.api = new ApiClient(server.url());
    }

    static TestCluster start(Client etcd, WatchCache.Options options) {
        return new TestCluster(WatchApiServer.start(etcd, "127.0.0.1", 0, options));
    }

    static TestCluster startWithoutCache(Client etcd) {
        return new TestCluster(WatchApiServer.startWithoutCache(etcd, "127.0.0.1", 0));
    }

    ConfigMapClient namespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode namespace = JsonNodeFactory.instance.objectNode();
        namespace.put("apiVersion", "v1").put("kind", "Namespace");
        namespace.putObject("metadata").put("name", name);
        api.create("/api/v1/namespaces", namespace);
        return new ConfigMapClient(api, name);
    }

    ResourceListerWatcher listerWatcher(ConfigMapClient configMaps) {
        return new ResourceListerWatcher(RestConfig.forUrl(server.url()), configMaps.collection());
    }

    /** A fresh list from the server, as name to "rv k=value". */
    Map<String, String> freshState(ConfigMapClient configMaps) {
        List<ObjectNode> objects = new ArrayList<>();
        api.get(configMaps.collection()).path("items").forEach(item -> objects.add((ObjectNode) item));
        return summary(objects);
    }

    String listResourceVersion(ConfigMapClient configMaps) {
        return api.get(configMaps.collection()).path("metadata").path("resourceVersion").asText();
    }

    /** The namespace a ConfigMapClient writes to (from its collection path). */
    static String namespaceOf(ConfigMapClient configMaps) {
        return configMaps.collection().replaceAll(".*/namespaces/([^/]+)/.*", "$1");
    }

    static ObjectNode configMap(String name, String value) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name);
        cm.putObject("data").put("k", value);
        return cm;
    }

    static String patchData(String value) {
        return "{\"data\":{\"k\":\"" + value + "\"}}";
    }

    static String rv(JsonNode object) {
        return object.path("metadata").path("resourceVersion").asText();
    }

    static Map<String, String> summary(Collection<ObjectNode> objects) {
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
