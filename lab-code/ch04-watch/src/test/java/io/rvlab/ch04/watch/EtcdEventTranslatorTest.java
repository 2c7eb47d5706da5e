package io.rvlab.ch04.watch;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.options.WatchOption;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** What the translator refuses, on events from a real etcd watch. */
@ExtendWith(EtcdExtension.class)
@DisplayName("EtcdEventTranslator")
class EtcdEventTranslatorTest {

    @Test
    @DisplayName("a DELETE without its previous value (watch opened without prev_kv) is refused, not guessed")
    void deleteWithoutPrevKvIsRefused(Client client) throws Exception {
        Writes writes = new Writes(client);
        writes.create("cm-p", "v1");
        String from = writes.now();
        writes.delete("cm-p");

        CompletableFuture<io.etcd.jetcd.watch.WatchEvent> delete = new CompletableFuture<>();
        WatchOption withoutPrevKv = WatchOption.builder().isPrefix(true)
                .withRevision(Long.parseLong(from) + 1).build();
        try (Watch.Watcher ignored = client.getWatchClient().watch(Bytes.bytes(writes.collection().path()),
                withoutPrevKv, response -> response.getEvents().forEach(delete::complete))) {
            io.etcd.jetcd.watch.WatchEvent event = delete.get(10, TimeUnit.SECONDS);
            assertThatThrownBy(() -> new EtcdEventTranslator(new Versioner()).translate(event))
                    .isInstanceOf(MissingPrevKvException.class)
                    .hasMessageContaining("PrevKv=nil");
        }
    }
}
