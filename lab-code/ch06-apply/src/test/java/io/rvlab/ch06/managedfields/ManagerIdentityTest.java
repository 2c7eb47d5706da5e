package io.rvlab.ch06.managedfields;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A manager identity")
class ManagerIdentityTest {

    @Test
    @DisplayName("of an applier has no apiVersion: one entry whatever version it applied")
    void applyIdentity() {
        assertThat(ManagerIdentity.of("alice", Operation.Apply, "v1", ""))
                .isEqualTo("{\"manager\":\"alice\",\"operation\":\"Apply\"}")
                .isEqualTo(ManagerIdentity.of("alice", Operation.Apply, "v2", ""));
    }

    @Test
    @DisplayName("of an updater keeps the apiVersion, and the subresource when there is one")
    void updateIdentity() {
        assertThat(ManagerIdentity.of("carol", Operation.Update, "v1", ""))
                .isEqualTo("{\"manager\":\"carol\",\"operation\":\"Update\",\"apiVersion\":\"v1\"}");
        assertThat(ManagerIdentity.of("kcm", Operation.Update, "apps/v1", "status"))
                .isEqualTo("{\"manager\":\"kcm\",\"operation\":\"Update\",\"apiVersion\":\"apps/v1\",\"subresource\":\"status\"}");
    }

    @Test
    @DisplayName("prints as kube's conflict messages name managers")
    void print() {
        assertThat(ManagerIdentity.print(ManagerIdentity.of("alice", Operation.Apply, "v1", ""))).isEqualTo("\"alice\"");
        assertThat(ManagerIdentity.print(ManagerIdentity.of("carol", Operation.Update, "v1", ""))).isEqualTo("\"carol\" using v1");
        assertThat(ManagerIdentity.print(ManagerIdentity.of("x", Operation.Apply, "v1", "status")))
                .isEqualTo("\"x\" with subresource \"status\"");
        assertThat(ManagerIdentity.print(ManagerIdentity.of("x", Operation.Update, "apps/v1", "status")))
                .isEqualTo("\"x\" with subresource \"status\" using apps/v1");
    }

    @Test
    @DisplayName("that is not JSON prints quoted")
    void printNotJson() {
        assertThat(ManagerIdentity.print("plain")).isEqualTo("\"plain\"");
    }
}
