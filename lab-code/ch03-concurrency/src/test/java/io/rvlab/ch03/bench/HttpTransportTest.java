package io.rvlab.ch03.bench;

import io.rvlab.support.net.FreePorts;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both load clients against a plain JDK server that echoes: bodies and statuses arrive intact, a
 * 4xx answer is an answer, and one thread's requests share one kept-alive connection (the table
 * says so, and a new TCP connection per request would be a different benchmark).
 */
@DisplayName("The benchmark's HTTP clients: answers intact, one kept-alive connection per thread")
class HttpTransportTest {

    private HttpServer server;
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

    @BeforeEach
    void start() throws Exception {
        server = FreePorts.jdkHttpServer();
        server.createContext("/", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            byte[] in = exchange.getRequestBody().readAllBytes();
            String reply = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + new String(in, StandardCharsets.UTF_8) + " " + exchange.getRequestHeaders().getFirst("Accept");
            byte[] out = reply.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(exchange.getRequestURI().getPath().endsWith("conflict") ? 409 : 200, out.length);
            exchange.getResponseBody().write(out);
            exchange.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(LoadClient.class)
    @DisplayName("GET, PUT with a body, and a 409: the answers as sent, all on one connection")
    void answersOnOneConnection(LoadClient client) throws Exception {
        HttpTransport http = client.transport();
        URI base = URI.create("http://127.0.0.1:" + server.getAddress().getPort());

        HttpTransport.Response get = http.send("GET", base.resolve("/a"), null);
        HttpTransport.Response put = http.send("PUT", base.resolve("/b"), "{\"x\":1}".getBytes(StandardCharsets.UTF_8));
        HttpTransport.Response conflict = http.send("PUT", base.resolve("/conflict"), "{}".getBytes(StandardCharsets.UTF_8));
        HttpTransport.Response again = http.send("GET", base.resolve("/c"), null);

        assertThat(List.of(get.status(), put.status(), conflict.status(), again.status())).containsExactly(200, 200, 409, 200);
        assertThat(new String(get.body(), StandardCharsets.UTF_8)).isEqualTo("GET /a  application/json");
        assertThat(new String(put.body(), StandardCharsets.UTF_8)).isEqualTo("PUT /b {\"x\":1} application/json");
        assertThat(new String(conflict.body(), StandardCharsets.UTF_8)).isEqualTo("PUT /conflict {} application/json");
        assertThat(clientPorts).as("client ports seen by the server").hasSize(1);
    }
}
