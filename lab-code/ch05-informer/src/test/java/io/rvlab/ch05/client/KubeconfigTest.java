package io.rvlab.ch05.client;

import io.rvlab.support.net.FreePorts;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch03.client.AlreadyExistsException;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.support.etcd.EtcdExtension;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kubeconfig read as kubectl reads it, pointing at the course's own server over http (it ignores
 * credentials, so the token is checked on a tiny recording server), and the RestClient's answers
 * and errors through it.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@DisplayName("RestConfig from a kubeconfig, and a RestClient through it")
class KubeconfigTest {

    private final Client etcd;
    private WatchApiServer server;

    @TempDir
    Path dir;

    KubeconfigTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() {
        server = WatchApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    static String kubeconfig(String server, String userYaml) {
        return """
                apiVersion: v1
                kind: Config
                current-context: rvlab
                clusters:
                - name: rvlab-cluster
                  cluster:
                    server: %s
                - name: other-cluster
                  cluster:
                    server: http://127.0.0.1:1
                contexts:
                - name: rvlab
                  context:
                    cluster: rvlab-cluster
                    user: rvlab-user
                    namespace: lab
                - name: other
                  context:
                    cluster: other-cluster
                    user: rvlab-user
                users:
                - name: rvlab-user
                  user:
                %s
                """.formatted(server, userYaml.indent(4).stripTrailing());
    }

    private Path write(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        return file;
    }

    @Test
    @DisplayName("the current context's server, namespace and token are used, and the client reads and writes the course's server through it")
    void currentContext() throws IOException {
        Path file = write("config", kubeconfig(server.url().toString(), "token: abc.def"));

        RestConfig config = RestConfig.fromKubeconfig(file, null);

        assertThat(config.server()).isEqualTo(server.url());
        assertThat(config.bearerToken()).isEqualTo("abc.def");
        assertThat(config.namespace()).isEqualTo("lab");
        assertThat(config.sslContext()).as("http: no TLS").isNull();
        assertThat(config.toString()).doesNotContain("abc.def");

        RestClient client = new RestClient(config);
        String ns = "kc-" + UUID.randomUUID().toString().substring(0, 8);
        ObjectNode namespace = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
        namespace.putObject("metadata").put("name", ns);
        client.create("/api/v1/namespaces", namespace);
        ObjectNode cm = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", "one");
        cm.putObject("data").put("k", "v1");
        String collection = "/api/v1/namespaces/" + ns + "/configmaps";
        ObjectNode created = client.create(collection, cm);

        ObjectNode patch = JsonNodeFactory.instance.objectNode();
        patch.putObject("data").put("k", "v2");
        ObjectNode patched = client.patch(collection + "/one", patch);
        assertThat(patched.path("data").path("k").asText()).isEqualTo("v2");
        assertThat(client.get(collection + "/one").path("data").path("k").asText()).isEqualTo("v2");

        assertThatThrownBy(() -> client.update(collection + "/one", created))
                .as("a PUT with the stale resourceVersion").isInstanceOf(ConflictException.class);
        assertThatThrownBy(() -> client.create(collection, cm)).isInstanceOf(AlreadyExistsException.class);
        client.delete(collection + "/one");
        assertThatThrownBy(() -> client.get(collection + "/one"))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(404));
    }

    @Test
    @DisplayName("the token travels as an Authorization: Bearer header; token wins over tokenFile, a tokenFile is read relative to the kubeconfig")
    void tokenHeader() throws Exception {
        AtomicReference<String> seen = new AtomicReference<>();
        HttpServer recorder = FreePorts.jdkHttpServer();
        recorder.createContext("/", exchange -> {
            seen.set(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"x\"}}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        recorder.start();
        try {
            String url = "http://127.0.0.1:" + recorder.getAddress().getPort();
            write("token", "from-file\n");

            new RestClient(RestConfig.fromKubeconfig(write("a", kubeconfig(url, "tokenFile: token")), null))
                    .get("/api/v1/namespaces/x");
            assertThat(seen.get()).isEqualTo("Bearer from-file");

            new RestClient(RestConfig.fromKubeconfig(write("b", kubeconfig(url, "token: inline\ntokenFile: token")), null))
                    .get("/api/v1/namespaces/x");
            assertThat(seen.get()).isEqualTo("Bearer inline");

            new RestClient(RestConfig.fromKubeconfig(write("c", kubeconfig(url, "{}")), null))
                    .get("/api/v1/namespaces/x");
            assertThat(seen.get()).as("no credentials: no header").isNull();
        } finally {
            recorder.stop(0);
        }
    }

    @Test
    @DisplayName("another context is chosen by name; an unknown one is an IllegalArgumentException naming the known ones")
    void contexts() throws IOException {
        Path file = write("config", kubeconfig(server.url().toString(), "token: t"));

        RestConfig other = RestConfig.fromKubeconfig(file, "other");
        assertThat(other.server()).isEqualTo(URI.create("http://127.0.0.1:1"));
        assertThat(other.namespace()).isEqualTo("default");

        assertThatThrownBy(() -> RestConfig.fromKubeconfig(file, "nope"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no context named \"nope\"")
                .hasMessageContaining("[rvlab, other]");
    }

    @Test
    @DisplayName("a missing kubeconfig file is a NoSuchFileException naming it")
    void missingFile() {
        Path missing = dir.resolve("does-not-exist");
        assertThatThrownBy(() -> RestConfig.fromKubeconfig(missing, null))
                .isInstanceOf(NoSuchFileException.class).hasMessageContaining("does-not-exist");
    }

    @Test
    @DisplayName("exec and auth-provider plugins are refused with a clear message")
    void plugins() throws IOException {
        Path exec = write("exec", kubeconfig(server.url().toString(),
                "exec:\n  apiVersion: client.authentication.k8s.io/v1\n  command: aws"));
        Path provider = write("provider", kubeconfig(server.url().toString(), "auth-provider:\n  name: gcp"));

        assertThatThrownBy(() -> RestConfig.fromKubeconfig(exec, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not supported by rvlab, use a token");
        assertThatThrownBy(() -> RestConfig.fromKubeconfig(provider, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("auth-provider");
    }

    @Test
    @DisplayName("$KUBECONFIG's first entry is the default file, else ~/.kube/config")
    void defaultFile() {
        String sep = java.io.File.pathSeparator;
        assertThat(RestConfig.defaultKubeconfig("/a/one" + sep + "/b/two", "/home/u")).isEqualTo(Path.of("/a/one"));
        assertThat(RestConfig.defaultKubeconfig(null, "/home/u")).isEqualTo(Path.of("/home/u/.kube/config"));
    }

    @Test
    @DisplayName("base64 -data that is not base64 is an IllegalArgumentException naming the field")
    void badBase64() throws IOException {
        String config = kubeconfig("https://127.0.0.1:6443", "token: t")
                .replace("server: https://127.0.0.1:6443", "server: https://127.0.0.1:6443\n    certificate-authority-data: '%%%'");
        Path file = write("config", config);
        assertThatThrownBy(() -> RestConfig.fromKubeconfig(file, null))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("certificate-authority-data");
    }

    static String base64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.US_ASCII));
    }
}
