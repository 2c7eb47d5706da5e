package io.rvlab.ch04.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch04.cache.UncachedWatches;
import io.rvlab.ch04.watch.Writes;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A compaction, on an etcd of this test's own, meets a watch served straight from etcd. */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Watch without a watch cache: a compacted start")
class UncachedCompactionTest {

    @Test
    @DisplayName("from a compacted resourceVersion: one ERROR event with etcd's 410 message")
    void compacted(Client client) throws Exception {
        Writes writes = new Writes(client);
        ObjectNode first = writes.create("cm-f", "1");
        writes.update("cm-f", "2");
        ObjectNode last = writes.update("cm-f", "3");
        client.getKVClient().compact(Long.parseLong(Writes.rv(last))).get();
        try (WatchApiServer server = WatchApiServer.startWithoutCache(client, "127.0.0.1", 0);
                RawStream stream = new RawStream(server.url(), "/api/v1/namespaces/" + writes.namespace
                        + "/configmaps?watch=1&resourceVersion=" + Writes.rv(first), "application/json")) {
            List<JsonNode> events = UncachedWatchHttpTest.events(stream);
            assertThat(events).hasSize(1);
            assertThat(events.get(0).path("type").asText()).isEqualTo("ERROR");
            assertThat(events.get(0).path("object").toString()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\","
                    + "\"metadata\":{},\"status\":\"Failure\",\"message\":\"" + UncachedWatches.TOO_OLD
                    + "\",\"reason\":\"Expired\",\"code\":410}");
        }
    }

}
