package io.rvlab.exercises.ch07;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.ch02.storage.ResourceExpiredException;
import io.rvlab.ch02.storage.TooLargeResourceVersionException;
import io.rvlab.support.etcd.EtcdCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Grading tests for exercise 7.1 (which read may a member answer): a real three-member etcd cluster, the key
 * written as "first" at revision {@code compactedAway} and written again, the history compacted past
 * {@code compactedAway} (as kube-apiserver has etcd do every five minutes), the key written as "before" at revision
 * {@code before}, then one follower cut off from its peers, then the key written as "after" at revision
 * {@code after} through the leader. The cut member still has "before" and does not know it is behind.
 */
@Timeout(120)
@DisplayName("7.1 Which read may a member answer")
class MemberReadTest {

    private static final ByteSequence KEY = utf8("/registry/configmaps/lab/settings");
    /** How long an answer that a member can give at once may take. */
    private static final Duration PROMPT = Duration.ofSeconds(5);

    /** One thread per call: a read waiting for a quorum it cannot reach must not hold up the next one. */
    private static final java.util.concurrent.ExecutorService CALLS = java.util.concurrent.Executors.newCachedThreadPool(r -> {
        Thread thread = new Thread(r, "member-read");
        thread.setDaemon(true);
        return thread;
    });

    private static EtcdCluster cluster;
    private static Client leader;
    private static Client cut;
    private static long compactedAway;
    private static long compactedAt;
    private static long before;
    private static long after;

    @BeforeAll
    static void cutOneFollowerOff() throws Exception {
        cluster = EtcdCluster.start(3);
        assumeTrue(cluster.canInjectFaults(), "an external etcd cluster cannot be cut off by the course");
        int leaderIndex = cluster.awaitLeader(Duration.ofSeconds(30));
        int follower = (leaderIndex + 1) % cluster.size();
        leader = cluster.clientOf(leaderIndex);
        cut = cluster.clientOf(follower);
        compactedAway = leader.getKVClient().put(KEY, utf8("first")).get(20, TimeUnit.SECONDS).getHeader().getRevision();
        compactedAt = leader.getKVClient().put(KEY, utf8("second")).get(20, TimeUnit.SECONDS).getHeader().getRevision();
        leader.getKVClient().compact(compactedAt, io.etcd.jetcd.options.CompactOption.builder().withCompactPhysical(true).build())
                .get(20, TimeUnit.SECONDS);
        before = leader.getKVClient().put(KEY, utf8("before")).get(20, TimeUnit.SECONDS).getHeader().getRevision();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (cut.getKVClient().get(KEY, io.etcd.jetcd.options.GetOption.builder().withSerializable(true).build())
                .get(10, TimeUnit.SECONDS).getHeader().getRevision() < before) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the follower never reached revision " + before);
            }
            Thread.sleep(50);
        }
        cluster.partition(follower);
        after = leader.getKVClient().put(KEY, utf8("after")).get(20, TimeUnit.SECONDS).getHeader().getRevision();
    }

    @AfterAll
    static void stop() {
        if (leader != null) {
            leader.close();
        }
        if (cut != null) {
            cut.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @DisplayName("resourceVersion=\"\" through the leader answers the newest value")
    void mostRecentThroughTheLeader() throws Exception {
        GetResponse got = promptly(leader, "", "", "through the leader");
        assertThat(value(got)).as("GET resourceVersion=\"\" through the leader, after the write of \"after\" at revision "
                + after + " was acknowledged").isEqualTo("after");
    }

    @Test
    @DisplayName("resourceVersion=\"\" through a cut-off member never answers with data from before the last acknowledged write")
    void mostRecentNeverStale() throws Exception {
        CompletableFuture<GetResponse> answer = CompletableFuture.supplyAsync(() -> call(cut, "", ""), CALLS);
        try {
            GetResponse got = answer.get(PROMPT.toSeconds(), TimeUnit.SECONDS);
            assertThat(got.getHeader().getRevision())
                    .as("GET resourceVersion=\"\" (most recent) through the cut-off member answered \"%s\" as of revision %d,"
                            + " but \"after\" had been acknowledged at revision %d: a stale answer to a request that"
                            + " promised the most recent data", value(got), got.getHeader().getRevision(), after)
                    .isGreaterThanOrEqualTo(after);
        } catch (TimeoutException waitingForAQuorum) {
            answer.cancel(true); // no answer at all keeps the promise: the member cannot know what it misses
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof UnsupportedOperationException todo) {
                throw todo; // the skeleton, as it is
            }
            // an error (no quorum, TooLarge) keeps the promise too
        }
    }

    @Test
    @DisplayName("resourceVersion=\"0\" through a cut-off member answers at once, with what the member has")
    void anyFromACutOffMember() throws Exception {
        GetResponse got = promptly(cut, "0", "", "through the cut-off member");
        assertThat(value(got)).as("GET resourceVersion=\"0\" (any) through the member cut off since revision " + before)
                .isEqualTo("before");
    }

    @Test
    @DisplayName("resourceVersion=N, NotOlderThan, that the cut-off member has reached: answered at once, not older than N")
    void notOlderThanWithinReach() throws Exception {
        for (String match : new String[] {"NotOlderThan", ""}) {
            GetResponse got = promptly(cut, Long.toString(before), match, "through the cut-off member");
            assertThat(got.getHeader().getRevision())
                    .as("GET resourceVersion=%d resourceVersionMatch=%s: the answer's revision", before, match.isEmpty() ? "(unset)" : match)
                    .isGreaterThanOrEqualTo(before);
            assertThat(value(got)).isEqualTo("before");
        }
    }

    @Test
    @DisplayName("resourceVersion=N, NotOlderThan, beyond what the cut-off member has: 504 Too large resource version at once, never older data")
    void notOlderThanBeyondReach() throws Exception {
        CompletableFuture<GetResponse> answer = CompletableFuture.supplyAsync(() -> call(cut, Long.toString(after), "NotOlderThan"), CALLS);
        try {
            GetResponse got = answer.get(PROMPT.toSeconds(), TimeUnit.SECONDS);
            fail("GET resourceVersion=%d resourceVersionMatch=NotOlderThan through the cut-off member answered \"%s\" as of"
                    + " revision %d: data older than the request allows; the member should refuse with"
                    + " TooLargeResourceVersionException", after, value(got), got.getHeader().getRevision());
        } catch (TimeoutException hanging) {
            answer.cancel(true);
            fail("GET resourceVersion=%d resourceVersionMatch=NotOlderThan through the cut-off member got no answer in %d s;"
                    + " the member can tell by itself that it has not reached revision %d, and should say so"
                    + " (TooLargeResourceVersionException) instead of waiting for a quorum it cannot reach",
                    after, PROMPT.toSeconds(), after);
        } catch (ExecutionException failed) {
            assertThat(failed.getCause())
                    .as("the refusal of GET resourceVersion=%d resourceVersionMatch=NotOlderThan by a member at revision %d",
                            after, before)
                    .isInstanceOf(TooLargeResourceVersionException.class);
            TooLargeResourceVersionException tooLarge = (TooLargeResourceVersionException) failed.getCause();
            assertThat(tooLarge.requested()).as("the refusal's requested resourceVersion").isEqualTo(after);
        }
    }

    @Test
    @DisplayName("resourceVersion=N, Exact: the key as it was at revision N, even after it changed")
    void exact() throws Exception {
        GetResponse got = promptly(leader, Long.toString(before), "Exact", "through the leader");
        assertThat(value(got)).as("GET resourceVersion=%d resourceVersionMatch=Exact, the key was \"before\" at that revision"
                + " and \"after\" since revision %d", before, after).isEqualTo("before");
    }

    @Test
    @DisplayName("resourceVersion=N, Exact, that the cut-off member has reached: answered at once, as it was at N")
    void exactFromACutOffMember() throws Exception {
        // Revision N is history: every member that has applied it holds the same state at N, and a later write cannot
        // change it. The member need not ask a quorum (etcd's serializable range read with a revision).
        GetResponse got = promptly(cut, Long.toString(before), "Exact", "through the member cut off since revision " + before);
        assertThat(value(got)).as("GET resourceVersion=%d resourceVersionMatch=Exact through the member cut off since that"
                + " revision: the key was \"before\" at revision %d", before, before).isEqualTo("before");
    }

    /**
     * Exact asks for history, and a member has only what compaction left of it: kube-apiserver answers 410 Gone,
     * reason Expired, "The resourceVersion for the provided list is too old." (etcd3/errors.go,
     * interpretListError, for etcd's ErrCompacted; storage/testing/store_tests.go expects it for Exact only).
     */
    @Test
    @DisplayName("resourceVersion=N, Exact, where the member's history was compacted past N: 410 Expired, at once")
    void exactCompactedAway() throws Exception {
        CompletableFuture<GetResponse> answer = CompletableFuture.supplyAsync(
                () -> call(cut, Long.toString(compactedAway), "Exact"), CALLS);
        String asked = "GET resourceVersion=" + compactedAway + " resourceVersionMatch=Exact through a member whose history"
                + " was compacted at revision " + compactedAt;
        try {
            GetResponse got = answer.get(PROMPT.toSeconds(), TimeUnit.SECONDS);
            fail("%s answered \"%s\" as of revision %d (see ./course hint 7.1)", asked, value(got),
                    got.getHeader().getRevision());
        } catch (TimeoutException hanging) {
            answer.cancel(true);
            fail("%s got no answer in %d s (see ./course hint 7.1)", asked, PROMPT.toSeconds());
        } catch (ExecutionException failed) {
            if (failed.getCause() instanceof UnsupportedOperationException todo) {
                throw todo; // the skeleton, as it is
            }
            assertThat(failed.getCause()).as("what %s threw (see ./course hint 7.1)", asked)
                    .isInstanceOf(ResourceExpiredException.class);
            assertThat(((ResourceExpiredException) failed.getCause()).requestedRevision())
                    .as("the revision the 410 says was asked for").isEqualTo(compactedAway);
        }
    }

    /**
     * Not older than N says nothing of N's history: kube-apiserver reads such a list at the latest revision and only
     * checks it against N, so compaction cannot make it fail (storage/testing/store_tests.go: "too old" for Exact and
     * the legacy limit+resourceVersion only).
     */
    @Test
    @DisplayName("resourceVersion=N, NotOlderThan or unset, where the member's history was compacted past N: answered at once")
    void notOlderThanCompactedAway() throws Exception {
        for (String match : new String[] {"NotOlderThan", ""}) {
            GetResponse got = promptly(cut, Long.toString(compactedAway), match,
                    "through a member whose history was compacted at revision " + compactedAt);
            assertThat(got.getHeader().getRevision())
                    .as("GET resourceVersion=%d resourceVersionMatch=%s: the answer's revision", compactedAway,
                            match.isEmpty() ? "(unset)" : match)
                    .isGreaterThanOrEqualTo(compactedAway);
            assertThat(value(got)).as("GET resourceVersion=%d resourceVersionMatch=%s through the member cut off at"
                    + " revision %d", compactedAway, match.isEmpty() ? "(unset)" : match, before).isEqualTo("before");
        }
    }

    private static GetResponse promptly(Client member, String rv, String match, String where) throws Exception {
        CompletableFuture<GetResponse> answer = CompletableFuture.supplyAsync(() -> call(member, rv, match), CALLS);
        try {
            return answer.get(PROMPT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException hanging) {
            answer.cancel(true);
            throw new AssertionError("GET resourceVersion=\"" + rv + "\" resourceVersionMatch=\"" + match + "\" " + where
                    + " got no answer in " + PROMPT.toSeconds() + " s (see ./course hint 7.1)");
        } catch (ExecutionException failed) {
            throw new AssertionError("GET resourceVersion=\"" + rv + "\" resourceVersionMatch=\"" + match + "\" " + where
                    + " threw " + failed.getCause() + " (see ./course hint 7.1)", failed.getCause());
        }
    }

    private static GetResponse call(Client member, String rv, String match) {
        try {
            return MemberRead.get(member.getKVClient(), KEY, rv, match);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new java.util.concurrent.CompletionException(e);
        }
    }

    private static String value(GetResponse got) {
        return got.getKvs().isEmpty() ? "(not found)" : got.getKvs().get(0).getValue().toString(StandardCharsets.UTF_8);
    }

    private static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }
}
