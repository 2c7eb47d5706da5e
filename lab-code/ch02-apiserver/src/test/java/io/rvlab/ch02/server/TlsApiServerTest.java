package io.rvlab.ch02.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.authn.BearerTokenAuthenticator;
import io.rvlab.ch02.server.serving.SecureServing;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.support.Objects;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.kubectl.Kubectl;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.net.http.WebSocketHandshakeException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@code ./course serve --tls} on real etcd: HTTPS with the course CA, HTTP/2 chosen by ALPN, and
 * the bearer token checked before anything else, answered as kube-apiserver answers it; then the
 * real kubectl through the kubeconfig the server's main writes, unchanged.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@DisplayName("ApiServer over HTTPS with a bearer token, and kubectl through the written kubeconfig")
class TlsApiServerTest {

    private static final String UNAUTHORIZED = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
            + "\"message\":\"Unauthorized\",\"reason\":\"Unauthorized\",\"code\":401}";

    private final Client etcd;
    private SecureServing secure;
    private ApiServer server;
    private Path kubeconfig;
    private HttpClient h2;

    TlsApiServerTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() throws IOException {
        Path state = Files.createTempDirectory("rvlab-state");
        secure = SecureServing.prepare(state, "127.0.0.1");
        server = ApiServer.start(new EtcdStorage(etcd), "127.0.0.1", 0, secure);
        kubeconfig = secure.writeKubeconfig(server.url());
        h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).sslContext(secure.servingCertKey().clientContext())
                .connectTimeout(Duration.ofSeconds(10)).build();
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private HttpResponse<String> get(HttpClient client, String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(server.url().resolve(path)).timeout(Duration.ofSeconds(30));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @DisplayName("its URL is https://127.0.0.1:<port>; with the token, 200 over HTTP/2 (ALPN), and HTTP/1.1 for a client that only speaks that")
    void withToken() throws Exception {
        assertThat(server.url()).hasScheme("https").hasHost("127.0.0.1");
        HttpResponse<String> response = get(h2, "/api/v1/namespaces", "Bearer " + secure.token());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        assertThat(response.version()).as("negotiated by ALPN").isEqualTo(HttpClient.Version.HTTP_2);
        assertThat(response.body()).contains("\"kind\":\"NamespaceList\"");

        HttpClient http11 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(secure.servingCertKey().clientContext()).build();
        HttpResponse<String> old = get(http11, "/api/v1/namespaces/default", "Bearer " + secure.token());
        assertThat(old.statusCode()).isEqualTo(200);
        assertThat(old.version()).isEqualTo(HttpClient.Version.HTTP_1_1);
    }

    @Test
    @DisplayName("no token, a wrong one, an empty one: 401 and kube-apiserver's Status, byte for byte, before routing")
    void withoutToken() throws Exception {
        for (String authorization : new String[] {null, "Bearer wrong", "Bearer " + secure.token() + "x", "Bearer  " + secure.token(),
                "Basic cnZsYWI6cnZsYWI="}) {
            for (String path : new String[] {"/api/v1/namespaces", "/version", "/", "/no/such/path", "/api/v1/watch/namespaces"}) {
                HttpResponse<String> response = get(h2, path, authorization);
                assertThat(response.statusCode()).as("%s with %s", path, authorization).isEqualTo(401);
                assertThat(response.body().strip()).as("%s with %s", path, authorization).isEqualTo(UNAUTHORIZED);
                assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
            }
        }
        assertThat(Status.unauthorized().toString()).isEqualTo(UNAUTHORIZED);
    }

    @Test
    @DisplayName("a write without the token is refused and writes nothing")
    void writeWithoutToken() throws Exception {
        String name = Objects.uniqueNamespace("tls");
        HttpRequest create = HttpRequest.newBuilder(server.url().resolve("/api/v1/namespaces"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(Objects.namespace(name).toString())).build();
        assertThat(h2.send(create, HttpResponse.BodyHandlers.ofString()).statusCode()).isEqualTo(401);
        assertThat(get(h2, "/api/v1/namespaces/" + name, "Bearer " + secure.token()).statusCode()).isEqualTo(404);
    }

    @Test
    @DisplayName("a body sent without the token is not read: 401 at once, and the HTTP/2 connection goes on serving")
    void bodyWithoutToken() throws Exception {
        HttpRequest upload = HttpRequest.newBuilder(server.url().resolve("/api/v1/namespaces/default/configmaps"))
                .header("Content-Type", "application/json")
                // within HTTP/2's initial flow-control window: the JDK's client sends a larger body to the end
                // even after the server's answer and its RST_STREAM, waiting for window updates (curl stops at once)
                .POST(HttpRequest.BodyPublishers.ofByteArray(new byte[32 * 1024])).build();
        HttpResponse<String> refused = h2.send(upload, HttpResponse.BodyHandlers.ofString());
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.version()).isEqualTo(HttpClient.Version.HTTP_2);
        for (int i = 0; i < 3; i++) {
            assertThat(get(h2, "/api/v1/namespaces/default", "Bearer " + secure.token()).statusCode())
                    .as("the stream was reset, not the connection").isEqualTo(200);
        }
    }

    @Test
    @DisplayName("the health checks answer anyone without a token, as kube-apiserver's anonymous probes; a wrong token is still 401")
    void healthChecks() throws Exception {
        for (String path : BearerTokenAuthenticator.ANONYMOUS_PATHS) {
            HttpResponse<String> response = get(h2, path, null);
            assertThat(response.statusCode()).as(path).isEqualTo(200);
            assertThat(response.body()).isEqualTo("ok");
            assertThat(get(h2, path, "Bearer wrong").statusCode()).as(path).isEqualTo(401);
        }
    }

    @Test
    @DisplayName("kubectl through the kubeconfig as written: get ns, create configmap, get cm -o yaml; -v=6 shows https")
    void kubectl() throws Exception {
        Optional<Path> binary = Kubectl.find();
        Assumptions.assumeTrue(binary.isPresent(), "kubectl is not installed (looked on PATH and at /usr/bin/kubectl): skipping");
        String ns = Objects.uniqueNamespace("tls-kubectl");
        try (Kubectl kubectl = Kubectl.withKubeconfig(binary.get(), kubeconfig)) {
            Kubectl.Result namespaces = kubectl.run("get", "ns");
            assertThat(namespaces.exitCode()).as(namespaces.err()).isZero();
            assertThat(namespaces.out()).contains("default", "kube-system");

            assertThat(kubectl.run("create", "namespace", ns).out()).isEqualTo("namespace/" + ns + " created\n");
            Kubectl.Result created = kubectl.run("create", "configmap", "demo", "--from-literal=greeting=hello", "-n", ns);
            assertThat(created.out()).as(created.err()).isEqualTo("configmap/demo created\n");

            Kubectl.Result yaml = kubectl.run("get", "cm", "demo", "-n", ns, "-o", "yaml");
            assertThat(yaml.exitCode()).as(yaml.err()).isZero();
            assertThat(yaml.out()).contains("kind: ConfigMap", "name: demo", "greeting: hello", "resourceVersion:");

            Kubectl.Result verbose = kubectl.run("get", "ns", "default", "-v=6");
            assertThat(verbose.exitCode()).as(verbose.err()).isZero();
            assertThat(verbose.err()).as("kubectl's log names the https URL it used")
                    .contains(server.url() + "/api/v1/namespaces/default").contains("200 OK");
        }
    }

    @Test
    @DisplayName("kubectl with the kubeconfig's token removed is refused with kube-apiserver's message")
    void kubectlWithoutToken() throws Exception {
        Optional<Path> binary = Kubectl.find();
        Assumptions.assumeTrue(binary.isPresent(), "kubectl is not installed (looked on PATH and at /usr/bin/kubectl): skipping");
        Path anonymous = Files.createTempFile("rvlab-anonymous", ".kubeconfig");
        Files.writeString(anonymous, Files.readString(kubeconfig).replace("token: " + secure.token(), "token: not-the-token"));
        try (Kubectl kubectl = Kubectl.withKubeconfig(binary.get(), anonymous)) {
            Kubectl.Result refused = kubectl.run("get", "ns");
            assertThat(refused.exitCode()).isNotZero();
            // what kubectl 1.32 prints for a real cluster's 401 during discovery, too (the reason's generic text)
            assertThat(refused.err()).contains("error: You must be logged in to the server (the server has asked for the"
                    + " client to provide credentials)");
            Kubectl.Result raw = kubectl.run("get", "--raw", "/api/v1/namespaces");
            assertThat(raw.exitCode()).isNotZero();
            assertThat(raw.err()).as("past discovery, kubectl prints the Status's own message, as for kube-apiserver")
                    .isEqualTo("error: You must be logged in to the server (Unauthorized)\n");
        } finally {
            Files.deleteIfExists(anonymous);
        }
    }

    @Test
    @DisplayName("a WebSocket may carry its token as a subprotocol, as a browser must: past authentication with it, 401 without")
    void webSocketProtocolToken() {
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(secure.token().getBytes(StandardCharsets.UTF_8));
        // Chapter 2 serves no watch, so a WebSocket that gets past authentication is answered with the
        // list over plain HTTP (200, no upgrade): the status shows which side of the check it was on.
        assertThat(webSocketHandshakeStatus(BearerTokenAuthenticator.WEBSOCKET_PROTOCOL_PREFIX + token)).isEqualTo(200);
        assertThat(webSocketHandshakeStatus(BearerTokenAuthenticator.WEBSOCKET_PROTOCOL_PREFIX + token + "x")).isEqualTo(401);
        assertThat(webSocketHandshakeStatus("v4.channel.k8s.io")).isEqualTo(401);
    }

    private int webSocketHandshakeStatus(String subprotocol) {
        URI uri = URI.create(server.url().toString().replace("https://", "wss://") + "/api/v1/namespaces");
        HttpClient client = HttpClient.newBuilder().sslContext(secure.servingCertKey().clientContext()).build();
        try {
            client.newWebSocketBuilder().subprotocols(subprotocol).connectTimeout(Duration.ofSeconds(10))
                    .buildAsync(uri, new WebSocket.Listener() { }).get(30, TimeUnit.SECONDS).abort();
            return 101;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof WebSocketHandshakeException refused) {
                return refused.getResponse().statusCode();
            }
            throw new AssertionError("the handshake failed otherwise", e);
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError(e);
        }
    }
}
