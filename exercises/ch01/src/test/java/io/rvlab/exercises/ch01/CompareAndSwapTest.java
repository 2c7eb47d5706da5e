package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import io.rvlab.exercises.ch01.CompareAndSwap.Outcome;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 1.5 (compare-and-swap on mod_revision). The last two tests race two
 * independent clients against each other, as two API servers or two controllers would; the loser
 * retries from the state its lost race returned, as the API server's GuaranteedUpdate does
 * (staging/src/k8s.io/apiserver/pkg/storage/etcd3/store.go).
 */
@ExtendWith(EtcdExtension.class)
@Timeout(120)
@DisplayName("1.5 compare-and-swap on mod_revision")
class CompareAndSwapTest {

    @Test
    @DisplayName("the expected mod_revision matches: the put happens")
    void matchingRevisionWrites(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("k");
        long seen = etcd.put(key, "v1");
        etcd.put(prefix.key("elsewhere"), "x"); // another key moves the store, not this key

        Outcome outcome = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "v2", seen);

        assertThat(outcome.written()).as("mod_revision is still %d, so the put should apply (written true)", seen).isTrue();
        KeyValue now = etcd.get(key).orElseThrow();
        assertThat(Direct.text(now.getValue())).as("value in etcd after a successful swap").isEqualTo("v2");
        assertThat(now.getModRevision()).as("a successful swap is a write: mod_revision must move past %d", seen)
                .isGreaterThan(seen);
        assertThat(now.getVersion()).isEqualTo(2);
        assertThat(outcome.modRevision())
                .as("after a successful swap the outcome's modRevision is the one your put gave the key (%d),"
                        + " the resourceVersion the caller holds next", now.getModRevision())
                .isEqualTo(now.getModRevision());
        assertThat(outcome.value()).as("after a successful swap the outcome's value is the value written")
                .contains("v2");
    }

    @Test
    @DisplayName("a stale mod_revision: nothing is written, and false is returned")
    void staleRevisionWritesNothing(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("k");
        long stale = etcd.put(key, "v1");
        long current = etcd.put(key, "v2"); // someone else wrote after we read
        long store = etcd.put(prefix.key("elsewhere"), "x"); // the store moves on; the key does not

        Outcome outcome = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "mine", stale);

        assertThat(outcome.written())
                .as("the key changed at %d after we saw %d: the swap must fail (written false)", current, stale)
                .isFalse();
        KeyValue now = etcd.get(key).orElseThrow();
        assertThat(Direct.text(now.getValue())).as("a failed swap must not write").isEqualTo("v2");
        assertThat(now.getModRevision()).as("a failed swap must leave mod_revision at %d", current).isEqualTo(current);
        assertThat(now.getVersion()).isEqualTo(2);
        assertThat(outcome.modRevision())
                .as("a lost swap returns the key's mod_revision (%d), what a retry must send; not the one the caller"
                        + " expected (%d), nor the store's revision (%d)", current, stale, store)
                .isEqualTo(current);
        assertThat(outcome.value()).as("a lost swap returns the key's current value, the one that stopped it")
                .contains("v2");

        Outcome never = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "mine", current + 1000);
        assertThat(never.written()).as("a mod_revision the key never had must not match either").isFalse();
        assertThat(never.modRevision()).as("lost against mod_revision %d", current).isEqualTo(current);
        Outcome retried = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "mine", outcome.modRevision());
        assertThat(retried.written())
                .as("retrying with the mod_revision the lost swap returned (%d) should apply", outcome.modRevision())
                .isTrue();
        assertThat(etcd.value(key)).isEqualTo("mine");
    }

    @Test
    @DisplayName("0 means 'only if absent': creates a missing key, refuses an existing one")
    void zeroMeansCreateOnly(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("new");

        Outcome create = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "first", 0);
        assertThat(create.written())
                .as("the key does not exist, so expected mod_revision 0 should match and create it").isTrue();
        KeyValue created = etcd.get(key).orElseThrow(() -> new AssertionError("the swap said written but " + key + " was not created"));
        assertThat(Direct.text(created.getValue())).isEqualTo("first");
        assertThat(created.getVersion()).isEqualTo(1);
        assertThat(create.modRevision()).as("a create's outcome carries the new key's mod_revision")
                .isEqualTo(created.getModRevision());

        Outcome refused = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "second", 0);
        assertThat(refused.written()).as("the key exists now, so 0 must not match").isFalse();
        assertThat(etcd.value(key)).as("a refused create must not overwrite").isEqualTo("first");
        assertThat(refused.modRevision()).as("a refused create returns the existing key's mod_revision")
                .isEqualTo(created.getModRevision());
        assertThat(refused.value()).as("a refused create returns the existing key's value").contains("first");

        long lastMod = etcd.get(key).orElseThrow().getModRevision();
        etcd.delete(key);
        Outcome ghost = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "ghost", lastMod);
        assertThat(ghost.written()).as("after a delete the key has no mod_revision %d any more", lastMod).isFalse();
        assertThat(etcd.get(key)).as("a failed swap must not recreate a deleted key").isEmpty();
        assertThat(ghost)
                .as("lost against a deleted key: the key does not exist, so its mod_revision is 0 and it has no value")
                .isEqualTo(new Outcome(false, 0, Optional.empty()));
        assertThat(CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "again", ghost.modRevision()).written())
                .as("after a delete, retrying with the returned 0 should create the key again").isTrue();
        assertThat(etcd.get(key).orElseThrow().getVersion()).as("a recreated key starts at version 1").isEqualTo(1);
    }

    @Test
    @DisplayName("a write that lands right after any read of yours is never overwritten")
    void writeBetweenReadAndPut(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("contended");
        long seen = etcd.put(key, "start");
        AtomicInteger intruded = new AtomicInteger();
        // Another client writes the key at the worst moment: just after each read your code makes.
        KV observed = ObservedKv.writeAfterEachRead(client.getKVClient(), () -> {
            etcd.put(key, "theirs-" + intruded.incrementAndGet());
        });

        boolean applied = CompareAndSwap.putIfUnchanged(observed, key, "mine", seen).written();

        KeyValue now = etcd.get(key).orElseThrow();
        if (intruded.get() > 0) {
            assertThat(applied)
                    .as("your code read %s, then another client wrote it (mod_revision %d is no longer %d),"
                            + " then your put ran anyway: a read followed by a put loses that update;"
                            + " let etcd compare and write in one step", key, now.getModRevision(), seen)
                    .isFalse();
            assertThat(Direct.text(now.getValue())).as("the other client's write must survive")
                    .isEqualTo("theirs-" + intruded.get());
        } else {
            assertThat(applied).as("nobody else wrote %s since mod_revision %d: the swap should apply", key, seen)
                    .isTrue();
            assertThat(Direct.text(now.getValue())).isEqualTo("mine");
        }
    }

    @Test
    @DisplayName("one request to etcd per call, won or lost")
    void oneRequestPerCall(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("counted");
        long seen = etcd.put(key, "v1");
        AtomicInteger requests = new AtomicInteger();
        KV counted = ObservedKv.countingRequests(client.getKVClient(), requests);

        Outcome won = CompareAndSwap.putIfUnchanged(counted, key, "v2", seen);
        assertThat(won.written()).as("mod_revision %d still matches", seen).isTrue();
        assertThat(requests.get()).as("requests to etcd for a swap that won").isEqualTo(1);

        requests.set(0);
        long current = etcd.put(key, "theirs");
        Outcome lost = CompareAndSwap.putIfUnchanged(counted, key, "mine", won.modRevision());
        assertThat(lost.written()).as("another client wrote at %d", current).isFalse();
        assertThat(requests.get())
                .as("requests to etcd for a swap that lost: the state it lost against must come back in the same"
                        + " answer as the refusal, not from a second read (which costs a round trip and may see"
                        + " a later state than the one compared)")
                .isEqualTo(1);
        assertThat(lost.modRevision()).isEqualTo(current);
        assertThat(lost.value()).contains("theirs");
    }

    @Test
    @DisplayName("two clients racing from the same read: exactly one wins, every time")
    void exactlyOneWinnerPerRace(Client client, Etcd etcdHandle, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Client other = etcdHandle.newClient()) {
            for (int round = 0; round < 20; round++) {
                String key = prefix.key("race-" + round);
                long seen = etcd.put(key, "start");
                CyclicBarrier start = new CyclicBarrier(2);
                Future<Outcome> a = pool.submit(racer(start, () ->
                        CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "A", seen)));
                Future<Outcome> b = pool.submit(racer(start, () ->
                        CompareAndSwap.putIfUnchanged(other.getKVClient(), key, "B", seen)));
                Outcome aOutcome = a.get(30, TimeUnit.SECONDS);
                Outcome bOutcome = b.get(30, TimeUnit.SECONDS);
                boolean aWon = aOutcome.written();
                boolean bWon = bOutcome.written();

                assertThat(aWon ^ bWon)
                        .as("round %d: both writers saw mod_revision %d; exactly one may win, but A=%s and B=%s",
                                round, seen, aWon, bWon)
                        .isTrue();
                KeyValue now = etcd.get(key).orElseThrow();
                assertThat(Direct.text(now.getValue())).as("round %d: etcd should hold the winner's value", round)
                        .isEqualTo(aWon ? "A" : "B");
                assertThat(now.getVersion()).as("round %d: exactly one write after 'start'", round).isEqualTo(2);
                Outcome winner = aWon ? aOutcome : bOutcome;
                Outcome loser = aWon ? bOutcome : aOutcome;
                assertThat(winner.modRevision()).as("round %d: the winner's mod_revision", round)
                        .isEqualTo(now.getModRevision());
                assertThat(loser.modRevision())
                        .as("round %d: the loser lost against the winner's write, so it must return the winner's"
                                + " mod_revision %d", round, now.getModRevision())
                        .isEqualTo(now.getModRevision());
                assertThat(loser.value()).as("round %d: the loser must return the winner's value", round)
                        .contains(aWon ? "A" : "B");
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    @DisplayName("two clients incrementing one counter with read + swap lose no update")
    void noLostUpdates(Client client, Etcd etcdHandle, KeyPrefix prefix) throws Exception {
        String key = prefix.key("counter");
        new Direct(client).put(key, "0");
        int perWriter = 25;
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Client other = etcdHandle.newClient()) {
            CyclicBarrier start = new CyclicBarrier(2);
            Future<Integer> a = pool.submit(racer(start, () -> increment(client, key, perWriter)));
            Future<Integer> b = pool.submit(racer(start, () -> increment(other, key, perWriter)));
            int successes = a.get(90, TimeUnit.SECONDS) + b.get(90, TimeUnit.SECONDS);

            KeyValue end = new Direct(client).get(key).orElseThrow();
            assertThat(successes).as("every increment should eventually succeed").isEqualTo(2 * perWriter);
            assertThat(Direct.text(end.getValue()))
                    .as("%d successful increments from 0 must leave %d; anything less is a lost update",
                            2 * perWriter, 2 * perWriter)
                    .isEqualTo(Integer.toString(2 * perWriter));
            assertThat(end.getVersion()).as("one initial put plus exactly one write per increment")
                    .isEqualTo(2L * perWriter + 1);
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * Read the counter once, then add one and swap; on a conflict retry from the state the lost swap
     * returned, never reading again (as GuaranteedUpdate does). Returns the number of successful increments.
     */

    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("putIfUnchanged",
                () -> CompareAndSwap.putIfUnchanged(client.getKVClient(), prefix.key("k"), "v", 0));
    }

    private static int increment(Client client, String key, int times) {
        KeyValue read = new Direct(client).get(key).orElseThrow();
        long seenRevision = read.getModRevision();
        String seenValue = Direct.text(read.getValue());
        int done = 0;
        for (int i = 0; i < times; i++) {
            for (int attempt = 0; ; attempt++) {
                assertThat(attempt)
                        .as("an increment kept failing: retrying from the mod_revision your lost swaps returned"
                                + " never succeeds, so it is not the key's current one")
                        .isLessThan(1000);
                String next = Integer.toString(Integer.parseInt(seenValue) + 1);
                Outcome outcome = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, next, seenRevision);
                seenRevision = outcome.modRevision();
                seenValue = outcome.value().orElseThrow(() -> new AssertionError(
                        "the counter exists, but your outcome has no value for it"));
                if (outcome.written()) {
                    done++;
                    break;
                }
            }
        }
        return done;
    }

    private static <T> Callable<T> racer(CyclicBarrier start, Callable<T> body) {
        return () -> {
            start.await(30, TimeUnit.SECONDS);
            return body.call();
        };
    }
}
