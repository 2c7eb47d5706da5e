package io.rvlab.exercises.ch01;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
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
 * independent clients against each other, as two API servers or two controllers would.
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

        boolean applied = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "v2", seen);

        assertThat(applied).as("mod_revision is still %d, so the put should apply and return true", seen).isTrue();
        KeyValue now = etcd.get(key).orElseThrow();
        assertThat(Direct.text(now.getValue())).as("value in etcd after a successful swap").isEqualTo("v2");
        assertThat(now.getModRevision()).as("a successful swap is a write: mod_revision must move past %d", seen)
                .isGreaterThan(seen);
        assertThat(now.getVersion()).isEqualTo(2);
    }

    @Test
    @DisplayName("a stale mod_revision: nothing is written, and false is returned")
    void staleRevisionWritesNothing(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("k");
        long stale = etcd.put(key, "v1");
        long current = etcd.put(key, "v2"); // someone else wrote after we read

        boolean applied = CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "mine", stale);

        assertThat(applied).as("the key changed at %d after we saw %d: the swap must fail and return false", current, stale)
                .isFalse();
        KeyValue now = etcd.get(key).orElseThrow();
        assertThat(Direct.text(now.getValue())).as("a failed swap must not write").isEqualTo("v2");
        assertThat(now.getModRevision()).as("a failed swap must leave mod_revision at %d", current).isEqualTo(current);
        assertThat(now.getVersion()).isEqualTo(2);

        assertThat(CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "mine", current + 1000))
                .as("a mod_revision the key never had must not match either").isFalse();
        assertThat(CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "mine", current))
                .as("with the current mod_revision %d the swap should apply", current).isTrue();
        assertThat(etcd.value(key)).isEqualTo("mine");
    }

    @Test
    @DisplayName("0 means 'only if absent': creates a missing key, refuses an existing one")
    void zeroMeansCreateOnly(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("new");

        assertThat(CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "first", 0))
                .as("the key does not exist, so expected mod_revision 0 should match and create it").isTrue();
        KeyValue created = etcd.get(key).orElseThrow(() -> new AssertionError("the swap returned true but " + key + " was not created"));
        assertThat(Direct.text(created.getValue())).isEqualTo("first");
        assertThat(created.getVersion()).isEqualTo(1);

        assertThat(CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "second", 0))
                .as("the key exists now, so 0 must not match").isFalse();
        assertThat(etcd.value(key)).as("a refused create must not overwrite").isEqualTo("first");

        long lastMod = etcd.get(key).orElseThrow().getModRevision();
        etcd.delete(key);
        assertThat(CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "ghost", lastMod))
                .as("after a delete the key has no mod_revision %d any more", lastMod).isFalse();
        assertThat(etcd.get(key)).as("a failed swap must not recreate a deleted key").isEmpty();
        assertThat(CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "again", 0))
                .as("after a delete, 0 should match again").isTrue();
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

        boolean applied = CompareAndSwap.putIfUnchanged(observed, key, "mine", seen);

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
    @DisplayName("two clients racing from the same read: exactly one wins, every time")
    void exactlyOneWinnerPerRace(Client client, Etcd etcdHandle, KeyPrefix prefix) throws Exception {
        Direct etcd = new Direct(client);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Client other = etcdHandle.newClient()) {
            for (int round = 0; round < 20; round++) {
                String key = prefix.key("race-" + round);
                long seen = etcd.put(key, "start");
                CyclicBarrier start = new CyclicBarrier(2);
                Future<Boolean> a = pool.submit(racer(start, () ->
                        CompareAndSwap.putIfUnchanged(client.getKVClient(), key, "A", seen)));
                Future<Boolean> b = pool.submit(racer(start, () ->
                        CompareAndSwap.putIfUnchanged(other.getKVClient(), key, "B", seen)));
                boolean aWon = a.get(30, TimeUnit.SECONDS);
                boolean bWon = b.get(30, TimeUnit.SECONDS);

                assertThat(aWon ^ bWon)
                        .as("round %d: both writers saw mod_revision %d; exactly one may win, but A=%s and B=%s",
                                round, seen, aWon, bWon)
                        .isTrue();
                KeyValue now = etcd.get(key).orElseThrow();
                assertThat(Direct.text(now.getValue())).as("round %d: etcd should hold the winner's value", round)
                        .isEqualTo(aWon ? "A" : "B");
                assertThat(now.getVersion()).as("round %d: exactly one write after 'start'", round).isEqualTo(2);
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

    /** Read the counter, add one, swap; on a conflict read again. Returns the number of successful increments. */
    private static int increment(Client client, String key, int times) {
        Direct etcd = new Direct(client);
        int done = 0;
        for (int i = 0; i < times; i++) {
            for (int attempt = 0; ; attempt++) {
                assertThat(attempt).as("an increment kept failing: the swap never succeeds with a fresh mod_revision")
                        .isLessThan(1000);
                KeyValue seen = etcd.get(key).orElseThrow();
                int next = Integer.parseInt(Direct.text(seen.getValue())) + 1;
                if (CompareAndSwap.putIfUnchanged(client.getKVClient(), key, Integer.toString(next), seen.getModRevision())) {
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
