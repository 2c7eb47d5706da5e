package io.rvlab.ch04.guarantees;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The end-to-end check has teeth: the same workload on the shared real etcd (no compaction, no
 * restart), with a watch target that gets the resume point wrong by one revision, the classic
 * mistake of passing a resourceVersion N to etcd as the start (which is inclusive) or of
 * starting one past it.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("Watch guarantees: an off-by-one resume is caught on real etcd")
class OffByOneResumeTest {

    @Test
    @DisplayName("a watch that starts at N instead of after N repeats a change: DUPLICATE")
    void inclusiveStartIsCaughtAsDuplicate(Client client) throws InterruptedException {
        WatchGuarantees.Report report = runWith(client, -1);

        assertThat(report.violations()).extracting(WatchGuarantees.Violation::kind)
                .contains(WatchGuarantees.Kind.DUPLICATE);
    }

    @Test
    @DisplayName("a watch that starts one past N loses a change: GAP")
    void skippingStartIsCaughtAsGap(Client client) throws InterruptedException {
        WatchGuarantees.Report report = runWith(client, +1);

        assertThat(report.violations()).extracting(WatchGuarantees.Violation::kind)
                .contains(WatchGuarantees.Kind.GAP);
    }

    private static WatchGuarantees.Report runWith(Client client, long shift) throws InterruptedException {
        RandomWorkload workload = new RandomWorkload(client, "off-by-one-" + UUID.randomUUID().toString().substring(0, 8),
                RandomWorkload.Options.of(42).withWrites(120).withWatchers(3).withCompaction(false, 0)
                        .withCatchUp(Duration.ofSeconds(3)));
        StorageWatchTarget correct = new StorageWatchTarget(client, workload.collection());
        WatchTarget shifted = new WatchTarget() {
            @Override
            public ObjectList list() {
                return correct.list();
            }

            @Override
            public EventStream watch(String resourceVersion) {
                return correct.watch(Long.toString(Math.max(1, Long.parseLong(resourceVersion) + shift)));
            }
        };
        WatchGuarantees.Report report = workload.run(shifted).check();
        System.out.println("[workload] shifted by " + shift + ": " + report);
        return report;
    }
}
