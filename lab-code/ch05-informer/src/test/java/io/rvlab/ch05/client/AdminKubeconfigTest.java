package io.rvlab.ch05.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.server.authn.BearerTokenAuthenticator;
import io.rvlab.ch02.server.authn.TokenFile;
import io.rvlab.ch02.server.serving.AdminKubeconfig;
import io.rvlab.ch02.server.serving.AlternateNames;
import io.rvlab.ch02.server.serving.ServingCertKey;
import io.rvlab.ch02.server.serving.ServingCertificates;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * The kubeconfig chapter 2 writes for {@code ./course serve --tls}, read by this chapter's
 * RestConfig as kubectl reads it: the course CA is trusted, the token is sent. The server here is
 * the JDK's HTTPS server with chapter 2's certificate and authenticator in front of an echo, so the
 * check needs no etcd; the course's own server is checked through the same file by the chapter
 * that serves TLS.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 120, unit = TimeUnit.SECONDS)
@DisplayName("RestConfig reads the kubeconfig ./course serve --tls writes")
class AdminKubeconfigTest {

    private Path state;
    private HttpsServer server;
    private Path kubeconfig;
    private String token;

    @BeforeAll
    void start() throws Exception {
        state = Files.createTempDirectory("rvlab-state");
        ServingCertKey serving = new ServingCertificates(state.resolve("pki")).ensure(AlternateNames.loopback());
        token = TokenFile.loadOrCreate(state.resolve("token"));
        BearerTokenAuthenticator authenticator = new BearerTokenAuthenticator(token);

        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(serving.loadKeyStore(), serving.keystorePassword().toCharArray());
        SSLContext ssl = SSLContext.getInstance("TLS");
        ssl.init(keys.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(ssl));
        server.createContext("/", exchange -> {
            var user = authenticator.authenticate(exchange.getRequestURI().getPath(),
                    exchange.getRequestHeaders().getFirst("Authorization"));
            int code = user.isPresent() ? 200 : 401;
            String body = user.map(name -> "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"x\","
                    + "\"annotations\":{\"user\":\"" + name + "\"}}}").orElse(Status.unauthorized().toString());
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(code, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        kubeconfig = AdminKubeconfig.write(state.resolve("kubeconfig"),
                URI.create("https://127.0.0.1:" + server.getAddress().getPort()), serving.caPem(), token);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    @Test
    @DisplayName("its current context: the https server, trusted by the course CA, with the token as the course's admin")
    void readsAndAuthenticates() throws IOException {
        RestConfig config = RestConfig.fromKubeconfig(kubeconfig, null);
        assertThat(config.server()).hasScheme("https").hasHost("127.0.0.1");
        assertThat(config.bearerToken()).isEqualTo(token);
        assertThat(config.sslContext()).isNotNull();

        assertThat(new RestClient(config).get("/api/v1/namespaces/x").path("metadata").path("annotations").path("user").asText())
                .isEqualTo(BearerTokenAuthenticator.USER);
        assertThat(RestConfig.fromKubeconfig(kubeconfig, AdminKubeconfig.CONTEXT).server()).as("the context by name")
                .isEqualTo(config.server());
    }

    @Test
    @DisplayName("without the token the same server answers kube-apiserver's 401 Status")
    void withoutToken() throws IOException {
        RestConfig config = RestConfig.fromKubeconfig(kubeconfig, null);
        RestConfig anonymous = new RestConfig(config.server(), config.sslContext(), null);
        assertThatThrownBy(() -> new RestClient(anonymous).get("/api/v1/namespaces/x"))
                .isInstanceOfSatisfying(StatusException.class, e -> {
                    assertThat(e.status().code()).isEqualTo(401);
                    assertThat(e.status().reason()).isEqualTo("Unauthorized");
                });
    }
}
