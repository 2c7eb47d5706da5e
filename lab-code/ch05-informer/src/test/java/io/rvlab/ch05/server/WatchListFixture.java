package io.rvlab.ch05.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.watch.WatchEvent;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/** Chapter 5's server on the test's etcd, a chapter-3 client to write with, and raw HTTP to watch with. */
final class WatchListFixture implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String WATCH_LIST = "watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true";

    final WatchListApiServer server;
    final ApiClient api;
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final Client etcd;

    WatchListFixture(Client etcd, WatchListApiServer server) {
        this.etcd = etcd;
        this.server = server;
        this.api = new ApiClient(server.url());
    }

    /** A new namespace of the test's own. */
    String namespace(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode namespace = JsonNodeFactory.instance.objectNode();
        namespace.put("apiVersion", "v1").put("kind", "Namespace");
        namespace.putObject("metadata").put("name", name);
        api.create("/api/v1/namespaces", namespace);
        return name;
    }

    static String configMaps(String namespace) {
        return "/api/v1/namespaces/" + namespace + "/configmaps";
    }

    ObjectNode create(String namespace, String name) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name);
        cm.putObject("data").put("k", name);
        return api.create(configMaps(namespace), cm);
    }

    ObjectNode update(String namespace, String name, String value) {
        return api.patch(configMaps(namespace) + "/" + name, "{\"data\":{\"k\":\"" + value + "\"}}");
    }

    long etcdRevision() {
        return new RevisionReader(etcd).currentRevision();
    }

    static long rv(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    /** A watch stream, opened (its headers received) before this returns. */
    StreamWatcher watch(String pathAndQuery) throws IOException {
        return StreamWatcher.open(http, get(pathAndQuery));
    }

    /** Events until the first BOOKMARK, which is included. */
    static List<WatchEvent> untilBookmark(StreamWatcher watch) throws IOException {
        List<WatchEvent> events = new ArrayList<>();
        for (WatchEvent event = watch.next(); event != null; event = watch.next()) {
            events.add(event);
            if (event.type() == WatchEvent.Type.BOOKMARK || event.type() == WatchEvent.Type.ERROR) {
                return events;
            }
        }
        return events;
    }

    /** The next {@code count} events. */
    static List<WatchEvent> next(StreamWatcher watch, int count) throws IOException {
        List<WatchEvent> events = new ArrayList<>();
        while (events.size() < count) {
            WatchEvent event = watch.next();
            if (event == null) {
                break;
            }
            events.add(event);
        }
        return events;
    }

    /** A plain GET whose whole answer is read (for refusals, lists, short watches). */
    HttpResponse<String> send(String pathAndQuery) throws IOException, InterruptedException {
        return http.send(get(pathAndQuery), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest get(String pathAndQuery) {
        return HttpRequest.newBuilder(server.url().resolve(pathAndQuery))
                .header("Accept", "application/json").timeout(Duration.ofSeconds(30)).GET().build();
    }

    @Override
    public void close() {
        server.close();
    }
}
