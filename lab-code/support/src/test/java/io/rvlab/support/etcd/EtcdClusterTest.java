package io.rvlab.support.etcd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * EtcdCluster: three real members, one revision sequence, and the faults chapter 7 needs; members
 * as this run's settings start them (containers, or processes with RVLAB_ETCD_BINARY).
 * {@link EtcdClusterProcessTest} runs the same with processes of the etcd binary.
 */
@DisplayName("EtcdCluster (three members)")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class EtcdClusterTest {

    static EtcdCluster cluster;

    @BeforeAll
    static void start() {
        cluster = EtcdCluster.start(3);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    @DisplayName("a write through one member is read at the same revision from every member")
    void oneRevisionSequence() throws Exception {
        long rev = cluster.client().getKVClient().put(utf8("/c/a"), utf8("1")).get(10, TimeUnit.SECONDS)
                .getHeader().getRevision();
        for (int i = 0; i < cluster.size(); i++) {
            try (Client one = cluster.clientOf(i)) {
                GetResponse got = one.getKVClient().get(utf8("/c/a")).get(10, TimeUnit.SECONDS);
                assertThat(got.getKvs()).singleElement().satisfies(kv -> assertThat(kv.getModRevision()).isEqualTo(rev));
            }
        }
    }

    @Test
    @Order(2)
    @DisplayName("a member cut off from its peers still answers a serializable read, from before the cut; a linearizable read there cannot complete")
    void partitionedFollowerServesStaleSerializableReads() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external cluster cannot be cut by the course");
        int leader = cluster.awaitLeader(Duration.ofSeconds(30));
        int follower = (leader + 1) % cluster.size();
        long before = cluster.client().getKVClient().put(utf8("/c/b"), utf8("before")).get(10, TimeUnit.SECONDS)
                .getHeader().getRevision();
        try (Client cut = cluster.clientOf(follower); Client toLeader = cluster.clientOf(leader)) {
            awaitRevision(cut, before);
            cluster.partition(follower);
            // Through the leader: a client that knows every member may pick the cut one, and wait there.
            long after = toLeader.getKVClient().put(utf8("/c/b"), utf8("after")).get(20, TimeUnit.SECONDS)
                    .getHeader().getRevision();
            assertThat(after).isGreaterThan(before);

            GetResponse stale = cut.getKVClient().get(utf8("/c/b"), GetOption.builder().withSerializable(true).build())
                    .get(10, TimeUnit.SECONDS);
            assertThat(stale.getKvs()).singleElement()
                    .satisfies(kv -> assertThat(kv.getValue().toString(StandardCharsets.UTF_8)).isEqualTo("before"));
            assertThat(stale.getHeader().getRevision()).isLessThan(after);

            assertThatThrownBy(() -> cut.getKVClient().get(utf8("/c/b")).get(3, TimeUnit.SECONDS))
                    .as("a linearizable read on a member without a quorum");

            cluster.heal(follower);
            awaitRevision(cut, after);
        } finally {
            cluster.heal(follower); // so a failure here does not leave the next test without a quorum
        }
    }

    @Test
    @Order(3)
    @DisplayName("the leader killed: the others elect a new one, and writes go on at higher revisions")
    void leaderKilled() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external cluster cannot be stopped by the course");
        int leader = cluster.awaitLeader(Duration.ofSeconds(30));
        long before = cluster.client().getKVClient().put(utf8("/c/d"), utf8("1")).get(10, TimeUnit.SECONDS)
                .getHeader().getRevision();
        cluster.killMember(leader);
        int next = cluster.awaitLeader(Duration.ofSeconds(30));
        assertThat(next).isNotEqualTo(leader);
        long after = putEventually(cluster.client(), "/c/d", "2", Duration.ofSeconds(30));
        assertThat(after).isGreaterThan(before);
        cluster.startMember(leader);
        try (Client back = cluster.clientOf(leader)) {
            awaitRevision(back, after);
        }
    }

    @Test
    @Order(4)
    @DisplayName("a frozen member answers nothing while the others go on; thawed, it catches up")
    void frozenMember() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external cluster cannot be frozen by the course");
        int leader = cluster.awaitLeader(Duration.ofSeconds(30));
        int frozen = (leader + 1) % cluster.size();
        try (Client stalled = cluster.clientOf(frozen); Client toLeader = cluster.clientOf(leader)) {
            awaitRevision(stalled, 1);
            cluster.freezeMember(frozen);
            boolean thawed = false;
            try {
                long after = toLeader.getKVClient().put(utf8("/c/f"), utf8("1")).get(10, TimeUnit.SECONDS)
                        .getHeader().getRevision();
                assertThatThrownBy(() -> stalled.getKVClient().get(utf8("/c/f"), GetOption.builder().withSerializable(true).build())
                        .get(2, TimeUnit.SECONDS))
                        .as("even a serializable read: the member does not run at all");
                cluster.thawMember(frozen);
                thawed = true;
                awaitRevision(stalled, after);
            } finally {
                if (!thawed) {
                    cluster.thawMember(frozen);
                }
            }
        }
    }

    @Test
    @Order(5)
    @DisplayName("a member stopped cleanly comes back with its data at the same endpoint and catches up")
    void memberStoppedAndStarted() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external cluster cannot be stopped by the course");
        int leader = cluster.awaitLeader(Duration.ofSeconds(30));
        int stopped = (leader + 2) % cluster.size();
        cluster.stopMember(stopped);
        long after = putEventually(cluster.client(), "/c/s", "1", Duration.ofSeconds(30));
        cluster.startMember(stopped);
        try (Client back = cluster.clientOf(stopped)) {
            awaitRevision(back, after);
        }
    }

    private static long putEventually(Client client, String key, String value, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                return client.getKVClient().put(utf8(key), utf8(value)).get(5, TimeUnit.SECONDS).getHeader().getRevision();
            } catch (Exception e) {
                last = e;
                Thread.sleep(200);
            }
        }
        throw new AssertionError("no put succeeded within " + timeout.toSeconds() + " s of the leader's death", last);
    }

    private static void awaitRevision(Client one, long revision) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            try {
                GetResponse got = one.getKVClient().get(utf8("/c"), GetOption.builder().withSerializable(true).build())
                        .get(3, TimeUnit.SECONDS);
                if (got.getHeader().getRevision() >= revision) {
                    return;
                }
            } catch (Exception notYet) {
                // the member is still starting or catching up
            }
            Thread.sleep(100);
        }
        throw new AssertionError("member did not reach revision " + revision + " within 30 s");
    }

    private static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }
}
