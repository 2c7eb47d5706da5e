package io.rvlab.ch03.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch03.api.Conflicts;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.support.Objects;
import io.rvlab.ch03.support.ServerOnEtcd;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ApiClient and ConfigMapClient against the chapter 3 server on a real etcd")
class ApiClientTest extends ServerOnEtcd {

    ApiClientTest(Client client) {
        super(client);
    }

    private ConfigMapClient namespace(String prefix) {
        String ns = Objects.uniqueNamespace(prefix);
        ObjectNode namespace = Objects.configMap(ns, "", Map.of());
        namespace.put("kind", "Namespace");
        namespace.remove("data");
        api.create("/api/v1/namespaces", namespace);
        return new ConfigMapClient(api, ns);
    }

    @Test
    @DisplayName("create, get, update, merge patch and delete return the server's objects")
    void roundTrip() {
        ConfigMapClient cms = namespace("client");
        ObjectNode created = cms.create(Objects.configMap("cm", "", Map.of("bar", "0")));
        assertThat(Objects.rv(created)).isPositive();
        ObjectNode got = cms.get("cm");
        assertThat(Objects.rv(got)).isEqualTo(Objects.rv(created));

        ((ObjectNode) got.path("data")).put("bar", "1");
        ObjectNode updated = cms.update(got);
        assertThat(updated.path("data").path("bar").asText()).isEqualTo("1");
        assertThat(Objects.rv(updated)).isGreaterThan(Objects.rv(created));

        ObjectNode patched = cms.patch("cm", "{\"data\":{\"baz\":\"2\"}}");
        assertThat(patched.path("data").path("bar").asText()).isEqualTo("1");
        assertThat(patched.path("data").path("baz").asText()).isEqualTo("2");
        assertThat(Objects.rv(patched)).isGreaterThan(Objects.rv(updated));

        cms.delete("cm");
        assertThatThrownBy(() -> cms.get("cm")).isInstanceOf(StatusException.class)
                .isNotInstanceOf(ConflictException.class)
                .satisfies(e -> assertThat(((StatusException) e).status().code()).isEqualTo(404))
                .satisfies(e -> assertThat(((StatusException) e).status().reason()).isEqualTo("NotFound"));
    }

    @Test
    @DisplayName("a PUT with a stale resourceVersion throws ConflictException carrying the 409 Status")
    void staleUpdateConflicts() {
        ConfigMapClient cms = namespace("client");
        cms.create(Objects.configMap("cm", "", Map.of("bar", "0")));
        ObjectNode a = cms.get("cm");
        ObjectNode b = cms.get("cm");
        ((ObjectNode) a.path("data")).put("bar", "A");
        cms.update(a);
        ((ObjectNode) b.path("data")).put("baz", "B");
        assertThatThrownBy(() -> cms.update(b)).isInstanceOf(ConflictException.class)
                .satisfies(e -> {
                    StatusException conflict = (StatusException) e;
                    assertThat(conflict.status().code()).isEqualTo(409);
                    assertThat(conflict.status().reason()).isEqualTo("Conflict");
                    assertThat(conflict.status().message()).isEqualTo("Operation cannot be fulfilled on configmaps \"cm\": "
                            + Conflicts.OPTIMISTIC_LOCK_MESSAGE);
                    assertThat(conflict.status().details().name()).isEqualTo("cm");
                    assertThat(conflict.status().details().kind()).isEqualTo("configmaps");
                    assertThat(RetryOnConflict.isConflict(conflict)).isTrue();
                });
    }

    @Test
    @DisplayName("RetryOnConflict over the client re-reads and applies the change on the latest version")
    void retryOnConflict() {
        ConfigMapClient cms = namespace("client");
        cms.create(Objects.configMap("cm", "", Map.of("bar", "0", "baz", "0")));
        ObjectNode stale = cms.get("cm");
        cms.patch("cm", "{\"data\":{\"bar\":\"A\"}}");
        int[] attempts = {0};
        ObjectNode result = RetryOnConflict.run(RetryOnConflict.DEFAULT_RETRY, () -> {
            ObjectNode current = attempts[0]++ == 0 ? stale : cms.get("cm");
            ((ObjectNode) current.path("data")).put("baz", "B");
            return cms.update(current);
        });
        assertThat(attempts[0]).isEqualTo(2);
        assertThat(result.path("data").path("bar").asText()).isEqualTo("A");
        assertThat(result.path("data").path("baz").asText()).isEqualTo("B");
    }

    @Test
    @DisplayName("creating an existing name is a 409 AlreadyExists: an AlreadyExistsException, not a conflict, and not retried")
    void alreadyExists() {
        ConfigMapClient cms = namespace("client");
        cms.create(Objects.configMap("cm", "", Map.of()));
        assertThatThrownBy(() -> cms.create(Objects.configMap("cm", "", Map.of())))
                .isInstanceOf(AlreadyExistsException.class)
                .isNotInstanceOf(ConflictException.class)
                .satisfies(e -> assertThat(((StatusException) e).status().code()).isEqualTo(409))
                .satisfies(e -> assertThat(((StatusException) e).status().reason()).isEqualTo("AlreadyExists"))
                .satisfies(e -> assertThat(RetryOnConflict.isConflict((RuntimeException) e)).isFalse());

        int[] attempts = {0};
        assertThatThrownBy(() -> RetryOnConflict.run(RetryOnConflict.DEFAULT_RETRY, () -> {
            attempts[0]++;
            return cms.create(Objects.configMap("cm", "", Map.of()));
        })).isInstanceOf(AlreadyExistsException.class);
        assertThat(attempts[0]).as("RetryOnConflict gives up at once").isEqualTo(1);
    }
}
