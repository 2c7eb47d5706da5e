package io.rvlab.ch04.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.Writes;
import io.rvlab.support.etcd.EtcdExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A watch over a WebSocket, as kube-apiserver serves one when the request asks for an upgrade
 * (apiserver's {@code endpoints/handlers/watch.go}, HandleWS): the same events, one text message
 * each; the watch's end closes the socket; a client that closes the socket ends its watcher.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@DisplayName("Watch over a WebSocket: one event per text message, closed when the watch ends")
class WatchWebSocketTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long WAIT_SECONDS = 10;

    private final Client client;
    private WatchApiServer server;

    WatchWebSocketTest(Client client) {
        this.client = client;
    }

    @BeforeAll
    void start() {
        server = WatchApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
    }

    @AfterAll
    void stop() {
        server.close();
    }

    /** What a WebSocket client received: each text message, then the close. */
    private static final class Received implements WebSocket.Listener {
        final LinkedBlockingQueue<String> messages = new LinkedBlockingQueue<>();
        final CompletableFuture<Integer> closed = new CompletableFuture<>();
        private final StringBuilder partial = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                messages.add(partial.toString());
                partial.setLength(0);
            }
            socket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket socket, int statusCode, String reason) {
            closed.complete(statusCode);
            return null;
        }

        @Override
        public void onError(WebSocket socket, Throwable error) {
            closed.completeExceptionally(error);
        }

        JsonNode next() throws Exception {
            String message = messages.poll(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(message).as("a message within " + WAIT_SECONDS + " s").isNotNull();
            assertThat(message).as("one whole JSON event per message").endsWith("}\n");
            return JSON.readTree(message);
        }
    }

    private WebSocket connect(String pathAndQuery, Received received) {
        URI uri = URI.create("ws://127.0.0.1:" + server.port() + pathAndQuery);
        return HttpClient.newHttpClient().newWebSocketBuilder().connectTimeout(Duration.ofSeconds(WAIT_SECONDS))
                .buildAsync(uri, received).join();
    }

    @Test
    @DisplayName("every event (ADDED, MODIFIED, DELETED) is one text message, and timeoutSeconds closes the socket")
    void eventsAsMessages() throws Exception {
        Writes writes = new Writes(client);
        Received received = new Received();
        connect("/api/v1/namespaces/" + writes.namespace + "/configmaps?watch=1&resourceVersion=" + writes.now()
                + "&timeoutSeconds=3", received);
        ObjectNode created = writes.create("cm-ws", "1");
        writes.update("cm-ws", "2");
        writes.delete("cm-ws");

        JsonNode added = received.next();
        assertThat(added.path("type").asText()).isEqualTo("ADDED");
        assertThat(added.at("/object/metadata/resourceVersion").asText()).isEqualTo(Writes.rv(created));
        assertThat(received.next().path("type").asText()).isEqualTo("MODIFIED");
        assertThat(received.next().path("type").asText()).isEqualTo("DELETED");
        assertThat(received.closed.get(WAIT_SECONDS, TimeUnit.SECONDS)).as("a normal close").isEqualTo(WebSocket.NORMAL_CLOSURE);
        assertThat(received.messages).isEmpty();
    }

    @Test
    @DisplayName("a client that closes its socket ends its watcher in the cache")
    void clientCloseEndsWatcher() throws Exception {
        Writes writes = new Writes(client);
        WatchCache cache = server.cache(ResourceTypes.CONFIGMAPS);
        int before = cache.watcherCount();
        Received received = new Received();
        WebSocket socket = connect("/api/v1/namespaces/" + writes.namespace + "/configmaps?watch=1&resourceVersion="
                + writes.now(), received);
        writes.create("cm-first", "1");
        assertThat(received.next().path("type").asText()).isEqualTo("ADDED");
        assertThat(cache.watcherCount()).isEqualTo(before + 1);

        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (cache.watcherCount() != before && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(cache.watcherCount()).as("the watcher is gone").isEqualTo(before);
    }

    @Test
    @DisplayName("a mistake found before the stream begins is a plain Status answer, not an upgrade")
    void mistakeBeforeUpgrade() {
        Received received = new Received();
        assertThatThrownBy(() -> connect("/api/v1/namespaces/default/configmaps?watch=1"
                + "&resourceVersion=5&resourceVersionMatch=NotOlderThan", received))
                .isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(WebSocketHandshakeException.class)
                .satisfies(e -> assertThat(((WebSocketHandshakeException) e).getResponse().statusCode()).isEqualTo(422));
    }
}
