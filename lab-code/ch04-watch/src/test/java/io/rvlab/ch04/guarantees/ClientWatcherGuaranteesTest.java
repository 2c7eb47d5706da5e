package io.rvlab.ch04.guarantees;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.client.ListWatch;
import io.rvlab.ch04.client.ListerWatcher;
import io.rvlab.ch04.client.ResumingWatcher;
import io.rvlab.ch04.client.StreamWatcher;
import io.rvlab.ch04.client.WatchHandler;
import io.rvlab.ch04.client.WatchRequest;
import io.rvlab.ch04.server.WatchApiServer;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The course's own client, judged: chapter 4's {@link ResumingWatcher} (which resumes and relists
 * by itself) over HTTP through the watch cache, while the random workload writes, compacts and
 * restarts etcd. Its streams last one second ({@code timeoutSeconds=1}) and its watch requests
 * are sometimes held back long enough for the cache's window of twenty changes to move past
 * them, so it must both resume and relist. Its handler writes what it is told into a
 * {@link WatchRecord}; the checker does the rest. Own etcd: it compacts and restarts.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Watch guarantees on real etcd (the course's ResumingWatcher client, over HTTP)")
class ClientWatcherGuaranteesTest {

    private static final int CLIENTS = 3;

    // tag::client-guarantees[]
    @Test
    @Timeout(120)
    @DisplayName("every change once and in order, relists only after 410, and etcd's final state, through a compaction and an etcd restart")
    void resumingWatcherKeepsTheGuarantees(Etcd etcd) throws Exception {
        assumeTrue(etcd.canRestart(), "this test restarts etcd, and " + etcd.endpoints()
                + " is an external etcd the course cannot restart; unset RVLAB_ETCD_ENDPOINTS to run it");
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        RandomWorkload workload = new RandomWorkload(etcd.client(), "client",
                RandomWorkload.Options.of(seed).withWatchers(0).withRestart(etcd::restart));
        try (WatchApiServer server = WatchApiServer.start(etcd.client(), "127.0.0.1", 0,
                WatchCache.Options.DEFAULT.withCapacity(20).withBookmarkFrequency(Duration.ofMillis(200)))) {
            String start = Long.toString(etcd.client().getKVClient().get(io.rvlab.ch01.Bytes.bytes("/"))
                    .get().getHeader().getRevision());
            List<WatchRecord> records = new ArrayList<>();
            List<ResumingWatcher> clients = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                WatchRecord record = new WatchRecord("client-" + i).resumed(Long.parseLong(start));
                ListerWatcher slow = new Hesitant(new ListWatch(server.url(), "/api/v1/namespaces/client/configmaps"),
                        new Random(seed + i));
                records.add(record);
                clients.add(new ResumingWatcher(slow, start, recording(record),
                        ResumingWatcher.Options.DEFAULT.withTimeoutSeconds(1)).start());
            }

            RandomWorkload.Result result = workload.run(null);
            long last = result.history().lastRevision();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (clients.stream().anyMatch(c -> Long.parseLong(c.resourceVersion()) < last)
                    && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            clients.forEach(ResumingWatcher::close);
            WatchGuarantees.Report report = new WatchGuarantees(result.history(), result.finalState(),
                    result.finalRevision()).check(records);
            System.out.println("[workload] clients at " + clients.stream().map(ResumingWatcher::resourceVersion).toList()
                    + " after " + clients.stream().mapToInt(ResumingWatcher::watches).sum() + " watch requests and "
                    + clients.stream().mapToInt(ResumingWatcher::relists).sum() + " relists; " + report);

            assertThat(report.ok()).as("seed %d: %s", seed, report).isTrue();
            assertThat(clients).allSatisfy(c -> assertThat(Long.parseLong(c.resourceVersion())).isGreaterThanOrEqualTo(last));
        }
    }
    // end::client-guarantees[]

    /** The handler a store would be: here it only writes down what it is told. */
    private static WatchHandler recording(WatchRecord record) {
        return new WatchHandler() {
            @Override
            public void onEvent(WatchEvent event) {
                record.received(event);
            }

            @Override
            public void onReplace(List<ObjectNode> items, String resourceVersion) {
                record.relistedAfterExpired(Long.parseLong(resourceVersion), items);
            }

            @Override
            public void onBookmark(String resourceVersion) {
                record.bookmarked(resourceVersion);
            }
        };
    }

    /** Sometimes waits before a watch request, as a client on a slow network would: the window may move on. */
    private record Hesitant(ListerWatcher delegate, Random random) implements ListerWatcher {

        @Override
        public ObjectNode list() throws IOException {
            return delegate.list();
        }

        @Override
        public StreamWatcher watch(WatchRequest request) throws IOException {
            if (random.nextInt(4) == 0) {
                try {
                    Thread.sleep(random.nextInt(500));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new java.io.InterruptedIOException("interrupted while hesitating");
                }
            }
            return delegate.watch(request);
        }
    }
}
