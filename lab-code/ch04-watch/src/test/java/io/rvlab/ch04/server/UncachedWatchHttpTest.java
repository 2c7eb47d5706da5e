package io.rvlab.ch04.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch04.watch.Writes;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The same server without watch caches (kube-apiserver's {@code --watch-cache=false}): every
 * watch is an etcd watch of its own, and the answers are those of golden transcripts n1 to n3.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("Watch without a watch cache: straight from etcd")
class UncachedWatchHttpTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    static List<JsonNode> events(RawStream stream) throws Exception {
        List<JsonNode> events = new ArrayList<>();
        for (String chunk : stream.chunksUntilEnd()) {
            for (String line : chunk.split("\n")) {
                events.add(JSON.readTree(line));
            }
        }
        return events;
    }

    @Test
    @DisplayName("from \"0\": the namespace's objects in key order as ADDED, then changes; one etcd watch per watcher")
    void fromZero(Client client) throws Exception {
        Writes writes = new Writes(client);
        writes.create("cm-b", "b");
        writes.create("cm-a", "a");
        try (WatchApiServer server = WatchApiServer.startWithoutCache(client, "127.0.0.1", 0);
                RawStream stream = new RawStream(server.url(), "/api/v1/namespaces/" + writes.namespace
                        + "/configmaps?watch=1&resourceVersion=0&timeoutSeconds=2", "application/json")) {
            Thread.sleep(300);
            assertThat(server.etcdWatches()).as("one etcd watch: this watcher's").isEqualTo(1);
            ObjectNode c = writes.create("cm-c", "c");
            List<JsonNode> events = events(stream);
            assertThat(events).extracting(e -> e.path("type").asText()).containsExactly("ADDED", "ADDED", "ADDED");
            assertThat(events).extracting(e -> e.at("/object/metadata/name").asText()).containsExactly("cm-a", "cm-b", "cm-c");
            assertThat(events.get(2).at("/object/metadata/resourceVersion").asText()).isEqualTo(Writes.rv(c));
        }
    }

    @Test
    @DisplayName("a selector sees an object leave as DELETED: etcd's prev_kv tells what it was")
    void selectorFromEtcd(Client client) throws Exception {
        Writes writes = new Writes(client);
        writes.create("cm-l", "x");
        String from = writes.now();
        try (WatchApiServer server = WatchApiServer.startWithoutCache(client, "127.0.0.1", 0);
                RawStream stream = new RawStream(server.url(), "/api/v1/namespaces/" + writes.namespace
                        + "/configmaps?watch=1&labelSelector=app%3Dweb&timeoutSeconds=2&resourceVersion=" + from,
                        "application/json")) {
            ObjectNode in = label(writes, "web");
            ObjectNode out = label(writes, "db");
            List<JsonNode> events = events(stream);
            assertThat(events).extracting(e -> e.path("type").asText()).containsExactly("ADDED", "DELETED");
            assertThat(events).extracting(e -> e.at("/object/metadata/resourceVersion").asText())
                    .containsExactly(Writes.rv(in), Writes.rv(out));
        }
    }

    private static ObjectNode label(Writes writes, String app) {
        return writes.storage.guaranteedUpdate(writes.key("cm-l"), Preconditions.NONE, current -> {
            ((ObjectNode) current.get("metadata")).putObject("labels").put("app", app);
            return current;
        });
    }
}
