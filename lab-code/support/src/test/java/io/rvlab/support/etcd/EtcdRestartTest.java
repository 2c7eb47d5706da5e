package io.rvlab.support.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.etcd.jetcd.watch.WatchEvent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Etcd#restart: the same member comes back with its data, at its endpoint, and clients carry on. */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Etcd.restart()")
class EtcdRestartTest {

    @Test
    @DisplayName("keeps data, revision and endpoint; the same client writes again and a watch spans the restart")
    void restartKeepsDataAndClients(Etcd etcd, KeyPrefix prefix) throws Exception {
        assumeTrue(etcd.canRestart(), "the external etcd at " + etcd.endpoints() + " cannot be restarted by the course");
        Client client = etcd.client();
        long before = client.getKVClient().put(prefix.bytes("a"), utf8("1")).get().getHeader().getRevision();
        String endpoints = etcd.endpoints();

        List<WatchEvent> seen = new CopyOnWriteArrayList<>();
        WatchOption fromNext = WatchOption.builder().isPrefix(true).withRevision(before + 1).build();
        try (Watch.Watcher ignored = client.getWatchClient().watch(prefix.bytes(), fromNext,
                response -> seen.addAll(response.getEvents()))) {
            etcd.restart();

            assertThat(etcd.endpoints()).isEqualTo(endpoints);
            var got = client.getKVClient().get(prefix.bytes("a")).get(10, TimeUnit.SECONDS);
            assertThat(got.getKvs()).singleElement()
                    .satisfies(kv -> assertThat(kv.getModRevision()).isEqualTo(before));
            assertThat(got.getHeader().getRevision()).isEqualTo(before);

            long after = client.getKVClient().put(prefix.bytes("b"), utf8("2")).get(10, TimeUnit.SECONDS)
                    .getHeader().getRevision();
            assertThat(after).isEqualTo(before + 1);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (seen.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            // jetcd resumed the watch by itself, from the revision after the last one it delivered.
            assertThat(seen).extracting(e -> e.getKeyValue().getModRevision()).containsExactly(after);
        }
    }

    @Test
    @DisplayName("refuses the shared etcd, which every other test of the JVM is using")
    void sharedIsNotRestarted() {
        Etcd shared = Etcd.shared();
        assumeTrue(shared.canRestart(), "the shared etcd is external here");
        assertThatThrownBy(shared::restart).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("@FreshEtcd");
    }

    @Test
    @DisplayName("refuses an external etcd, which the course does not own")
    void externalCannotRestart() {
        EtcdSettings settings = EtcdSettings.load();
        assumeTrue(settings.endpoints().isPresent(), "only meaningful with RVLAB_ETCD_ENDPOINTS set");
        try (Etcd external = Etcd.start()) {
            assertThat(external.canRestart()).isFalse();
            assertThatThrownBy(external::restart).isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("cannot restart the external etcd");
        }
    }

    private static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }
}
