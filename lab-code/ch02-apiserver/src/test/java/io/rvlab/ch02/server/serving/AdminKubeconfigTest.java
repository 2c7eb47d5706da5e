package io.rvlab.ch02.server.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("AdminKubeconfig: cluster, user, context, as kubeadm's admin.conf")
class AdminKubeconfigTest {

    private static final String CA = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";

    @TempDir
    Path dir;

    @Test
    @DisplayName("the whole file: server, CA as base64 data, token, one current context")
    void render() {
        String caData = Base64.getEncoder().encodeToString(CA.getBytes(StandardCharsets.US_ASCII));
        assertThat(AdminKubeconfig.render(URI.create("https://127.0.0.1:6443"), CA, "tok-en_123")).isEqualTo("""
                apiVersion: v1
                kind: Config
                clusters:
                - name: rvlab
                  cluster:
                    server: https://127.0.0.1:6443
                    certificate-authority-data: %s
                users:
                - name: rvlab-admin
                  user:
                    token: tok-en_123
                contexts:
                - name: rvlab-admin@rvlab
                  context:
                    cluster: rvlab
                    user: rvlab-admin
                current-context: rvlab-admin@rvlab
                preferences: {}
                """.formatted(caData));
    }

    @Test
    @DisplayName("written with mode 0600 (it holds the token), replacing an older one")
    void write() throws Exception {
        Path file = dir.resolve(".rvlab/kubeconfig");
        Files.createDirectories(file.getParent());
        Files.writeString(file, "old");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

        AdminKubeconfig.write(file, URI.create("https://127.0.0.1:6443"), CA, "token");

        assertThat(Files.readString(file)).contains("token: token").doesNotContain("old");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        try (var siblings = Files.list(file.getParent())) {
            assertThat(siblings).as("no temporary file is left behind").containsExactly(file);
        }
    }

    @Test
    @DisplayName("only for https, and only with a token that needs no quoting")
    void refused() {
        assertThatThrownBy(() -> AdminKubeconfig.render(URI.create("http://127.0.0.1:8080"), CA, "t"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("https");
        assertThatThrownBy(() -> AdminKubeconfig.render(URI.create("https://127.0.0.1:6443"), CA, "a: b"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("quote");
    }
}
