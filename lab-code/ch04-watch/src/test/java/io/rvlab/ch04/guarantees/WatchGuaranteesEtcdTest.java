package io.rvlab.ch04.guarantees;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.security.SecureRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The watch guarantees end to end on a real etcd, with chapter 4's StorageWatch as the watch
 * target: a few hundred random writes while six watchers drop and resume their watches at
 * random, a compaction that forces 410s and relists, and an etcd restart. Own etcd: it compacts
 * and restarts. A failure prints the seed; {@code -Drvlab.workload.seed=N} replays it.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@DisplayName("Watch guarantees on real etcd (StorageWatch)")
class WatchGuaranteesEtcdTest {

    @Test
    @Timeout(120)
    @DisplayName("ordered, no duplicates, no gaps but 410-then-relist, and every watcher ends with etcd's state, through a compaction and an etcd restart")
    void guaranteesHoldThroughCompactionAndRestart(Etcd etcd) throws InterruptedException {
        assumeTrue(etcd.canRestart(), "this test restarts etcd, and " + etcd.endpoints()
                + " is an external etcd the course cannot restart; unset RVLAB_ETCD_ENDPOINTS to run it");
        long seed = Long.getLong("rvlab.workload.seed", new SecureRandom().nextLong());
        RandomWorkload workload = new RandomWorkload(etcd.client(), "guarantees",
                RandomWorkload.Options.of(seed).withRestart(etcd::restart));

        RandomWorkload.Result result = workload.run(new StorageWatchTarget(etcd.client(), workload.collection()));
        WatchGuarantees.Report report = result.check();
        System.out.println("[workload] " + report);

        // On an etcd only this workload writes to, every revision is one of its recorded writes.
        assertThat(result.history().unexplainedRevisions()).as("revisions no recorded write explains").isEmpty();
        assertThat(report.ok()).as("seed %d: %s", seed, report).isTrue();
        // The disruptions really happened, so the guarantees were tested under them.
        assertThat(report.resumes()).as("resumes").isGreaterThan(result.records().size());
        assertThat(report.expired()).as("ERROR 410 events").isGreaterThanOrEqualTo(2);
        assertThat(report.relists()).as("relists after a 410").isGreaterThanOrEqualTo(2);
        assertThat(result.timeline()).anyMatch(line -> line.startsWith("etcd restarted"));
    }
}
