package io.rvlab.ch05.server;

import static io.rvlab.ch05.server.WatchListFixture.JSON;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.etcd.EtcdExtension;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The watch options current Kubernetes refuses (apimachinery's validateWatchOptions, after the
 * WatchList defaulting), each a 422 Invalid Status for ListOptions.meta.k8s.io before any stream
 * begins, with Kubernetes' exact messages and order.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Watch option validation, as current Kubernetes (WatchList gate on)")
class WatchListValidationTest {

    private static final String PREFIX = "ListOptions.meta.k8s.io \"\" is invalid: ";
    private static final String REQUIRES = "resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan";
    private static final String MATCH_NEEDS_SEND = "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided";
    private static final String CONTINUE = "resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden when continue is provided";

    private final WatchListFixture cluster;
    private final String collection;

    WatchListValidationTest(Client etcd) {
        this.cluster = new WatchListFixture(etcd, WatchListApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT));
        this.collection = WatchListFixture.configMaps(cluster.namespace("valid"));
    }

    @AfterAll
    void stop() {
        cluster.close();
    }

    private JsonNode refused(String query, int code) throws Exception {
        HttpResponse<String> response = cluster.send(collection + "?" + query);
        assertThat(response.statusCode()).as(query + " -> " + response.body()).isEqualTo(code);
        JsonNode status = JSON.readTree(response.body());
        assertThat(status.path("kind").asText()).isEqualTo("Status");
        return status;
    }

    private JsonNode invalid(String query, String message) throws Exception {
        JsonNode status = refused(query, 422);
        assertThat(status.path("reason").asText()).isEqualTo("Invalid");
        assertThat(status.path("message").asText()).isEqualTo(message);
        assertThat(status.at("/details/group").asText()).isEqualTo("meta.k8s.io");
        assertThat(status.at("/details/kind").asText()).isEqualTo("ListOptions");
        return status;
    }

    @Test
    @DisplayName("sendInitialEvents without resourceVersionMatch=NotOlderThan: Forbidden (true or false alike)")
    void sendInitialEventsNeedsMatch() throws Exception {
        JsonNode status = invalid("watch=1&sendInitialEvents=true&allowWatchBookmarks=true", PREFIX + REQUIRES);
        assertThat(status.at("/details/causes/0/reason").asText()).isEqualTo("FieldValueForbidden");
        assertThat(status.at("/details/causes/0/field").asText()).isEqualTo("resourceVersionMatch");
        assertThat(status.at("/details/causes/0/message").asText())
                .isEqualTo("Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan");
        invalid("watch=1&sendInitialEvents=false&resourceVersion=0", PREFIX + REQUIRES);
    }

    @Test
    @DisplayName("resourceVersionMatch without sendInitialEvents: Forbidden (a watch from N is not defaulted)")
    void matchNeedsSendInitialEvents() throws Exception {
        invalid("watch=1&resourceVersionMatch=NotOlderThan&resourceVersion=5", PREFIX + MATCH_NEEDS_SEND);
        // "" and "0" are not defaulted either once a match is named
        invalid("watch=1&resourceVersionMatch=NotOlderThan", PREFIX + MATCH_NEEDS_SEND);
    }

    @Test
    @DisplayName("any other resourceVersionMatch: Forbidden and NotSupported, both, in that order")
    void otherMatch() throws Exception {
        JsonNode status = invalid("watch=1&sendInitialEvents=true&resourceVersionMatch=Exact&resourceVersion=5",
                PREFIX + "[" + REQUIRES + ", resourceVersionMatch: Unsupported value: \"Exact\": supported values: \"NotOlderThan\"]");
        assertThat(status.at("/details/causes/1/reason").asText()).isEqualTo("FieldValueNotSupported");
        invalid("watch=1&resourceVersionMatch=Exact&resourceVersion=5", PREFIX + "[" + MATCH_NEEDS_SEND
                + ", resourceVersionMatch: Unsupported value: \"Exact\": supported values: \"NotOlderThan\"]");
    }

    @Test
    @DisplayName("resourceVersionMatch with continue: Forbidden, even when defaulting put the match there")
    void withContinue() throws Exception {
        invalid("watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&continue=abc", PREFIX + CONTINUE);
        invalid("watch=1&continue=abc", PREFIX + CONTINUE);
    }

    @Test
    @DisplayName("a list (not a watch) with sendInitialEvents: still 'forbidden for list', as chapter 2")
    void listRefusesSendInitialEvents() throws Exception {
        invalid("sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=0",
                PREFIX + "sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list");
    }

    @Test
    @DisplayName("sendInitialEvents that is no boolean, or a resourceVersion that is no number: 400 before any stream")
    void badValues() throws Exception {
        assertThat(refused("watch=1&sendInitialEvents=maybe&resourceVersionMatch=NotOlderThan", 400)
                .path("reason").asText()).isEqualTo("BadRequest");
        assertThat(refused("watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=abc", 400)
                .path("reason").asText()).isEqualTo("BadRequest");
    }
}
