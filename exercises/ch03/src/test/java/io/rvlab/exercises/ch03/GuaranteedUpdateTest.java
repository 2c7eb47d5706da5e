package io.rvlab.exercises.ch03;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 3.1 (GuaranteedUpdate). The races are real: the update function
 * itself writes to etcd (through a separate, direct call) between your read and your transaction,
 * exactly where another API server's write would land; the last test races several clients.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(120)
@DisplayName("3.1 GuaranteedUpdate")
class GuaranteedUpdateTest {

    @Test
    @DisplayName("an update writes the function's value once, at the revision it returns")
    void update(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("cm-a");
        long created = etcd.put(key, "v1");
        List<String> seen = new ArrayList<>();

        long revision = GuaranteedUpdate.update(client.getKVClient(), key, value -> {
            seen.add(value);
            return value + "+v2";
        }, 5);

        assertThat(seen).as("the function runs once, with the stored value").containsExactly("v1");
        KeyValue now = etcd.existing(key);
        assertThat(Direct.text(now.getValue())).as("the value in etcd").isEqualTo("v1+v2");
        assertThat(now.getVersion()).as("created, then written exactly once").isEqualTo(2);
        assertThat(revision).as("the returned revision is the key's new mod_revision, after %d", created)
                .isEqualTo(now.getModRevision())
                .isGreaterThan(created);
    }

    @Test
    @DisplayName("GOLD c1.4: a function that returns the stored value writes nothing, and etcd's revision does not move")
    void noOpWritesNothing(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("cm-a");
        long written = etcd.put(key, "{\"data\":{\"k\":\"v\"}}");
        long storeBefore = etcd.currentRevision();
        List<String> seen = new ArrayList<>();

        long revision = GuaranteedUpdate.update(client.getKVClient(), key, value -> {
            seen.add(value);
            return new String(value); // equal content, another String object: compare values, not references
        }, 5);

        assertThat(seen).as("the function runs once").hasSize(1);
        assertThat(revision).as("nothing was written: the key keeps its mod_revision %d (its resourceVersion)", written)
                .isEqualTo(written);
        assertThat(etcd.currentRevision())
                .as("an identical update must not write at all: etcd's revision stays %d (GOLD c1.4: 91 before and after)",
                        storeBefore)
                .isEqualTo(storeBefore);
        assertThat(etcd.existing(key).getVersion()).as("the key was written once, when the test created it").isEqualTo(1);
    }

    @Test
    @DisplayName("a lost race: nothing of yours is written, the key is read again and the function runs on the fresh value")
    void lostRaceRetriesOnFreshValue(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("cm-a");
        etcd.put(key, "base");
        List<String> seen = new ArrayList<>();

        long revision = GuaranteedUpdate.update(client.getKVClient(), key, value -> {
            seen.add(value);
            if (seen.size() == 1) {
                etcd.put(key, "theirs"); // another writer wins the race, after your read
            }
            return value + "+mine";
        }, 5);

        assertThat(seen).as("first run on what you read; after the lost transaction, a second run on the new value")
                .containsExactly("base", "theirs");
        KeyValue now = etcd.existing(key);
        assertThat(Direct.text(now.getValue()))
                .as("their write is kept and yours is applied on top; \"base+mine\" would be a lost update")
                .isEqualTo("theirs+mine");
        assertThat(now.getVersion()).as("three writes: the test's, theirs and yours (the lost attempt wrote nothing)")
                .isEqualTo(3);
        assertThat(revision).as("the returned revision is the key's mod_revision").isEqualTo(now.getModRevision());
    }

    @Test
    @DisplayName("a retry whose function returns the fresh value unchanged writes nothing and returns its mod_revision")
    void noOpAfterLostRace(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("cm-a");
        etcd.put(key, "a");
        long[] theirs = new long[1];
        List<String> seen = new ArrayList<>();

        long revision = GuaranteedUpdate.update(client.getKVClient(), key, value -> {
            seen.add(value);
            if (seen.size() == 1) {
                theirs[0] = etcd.put(key, "b"); // someone else already made the change we wanted
                return "b";
            }
            return value;
        }, 5);
        long storeAfter = etcd.currentRevision();

        assertThat(seen).containsExactly("a", "b");
        assertThat(revision).as("the second run changes nothing: return the mod_revision of their write, %d", theirs[0])
                .isEqualTo(theirs[0]);
        assertThat(storeAfter).as("no write after theirs").isEqualTo(theirs[0]);
        assertThat(etcd.existing(key).getVersion()).isEqualTo(2);
    }

    @Test
    @DisplayName("after maxAttempts lost races: IllegalStateException naming the key, and none of your values written")
    void givesUp(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("hot");
        etcd.put(key, "0");
        List<String> seen = new ArrayList<>();

        Throwable thrown = catchThrowable(() -> GuaranteedUpdate.update(client.getKVClient(), key, value -> {
            seen.add(value);
            etcd.put(key, "theirs-" + seen.size()); // every single attempt loses
            return "mine";
        }, 3));

        assertThat(thrown).as("three lost transactions out of 3 attempts: give up with an IllegalStateException")
                .isInstanceOf(IllegalStateException.class);
        assertThat(thrown.getMessage()).as("the message names the key").contains(key);
        assertThat(seen).as("the function runs exactly maxAttempts times, each time on the latest value")
                .containsExactly("0", "theirs-1", "theirs-2");
        assertThat(etcd.value(key)).as("only the other writer's values were written").isEqualTo("theirs-3");
        assertThat(etcd.existing(key).getVersion()).isEqualTo(4);
    }

    @Test
    @DisplayName("a missing key: NoSuchElementException naming it, and nothing is created")
    void missing(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("nothing");
        List<String> seen = new ArrayList<>();

        Throwable thrown = catchThrowable(() -> GuaranteedUpdate.update(client.getKVClient(), key, value -> {
            seen.add(value);
            return "created?";
        }, 5));

        assertThat(thrown).isInstanceOf(NoSuchElementException.class);
        assertThat(thrown.getMessage()).as("the message names the key").contains(key);
        assertThat(seen).as("there is nothing to update: the function never runs").isEmpty();
        assertThat(etcd.get(key)).as("an update never creates").isEmpty();
    }

    @Test
    @DisplayName("a key deleted during the update is not brought back")
    void deletedDuringUpdate(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("cm-a");
        etcd.put(key, "v1");
        List<String> seen = new ArrayList<>();

        Throwable thrown = catchThrowable(() -> GuaranteedUpdate.update(client.getKVClient(), key, value -> {
            seen.add(value);
            etcd.delete(key); // deleted after your read
            return "v2";
        }, 5));

        assertThat(thrown).as("the transaction loses (the key's mod_revision is gone), the re-read finds nothing:"
                + " NoSuchElementException").isInstanceOf(NoSuchElementException.class);
        assertThat(thrown.getMessage()).contains(key);
        assertThat(seen).containsExactly("v1");
        assertThat(etcd.get(key)).as("an unconditional put would have recreated the deleted key").isEmpty();
    }

    @Test
    @DisplayName("4 writers on 2 clients, 25 increments each: the counter ends at 100, one write per increment")
    void concurrentIncrements(Client client, Etcd etcdHandle, KeyPrefix prefix) throws Exception {
        String key = prefix.key("counter");
        Direct etcd = new Direct(client);
        etcd.put(key, "0");
        int writers = 4;
        int perWriter = 25;
        Set<Long> revisions = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try (Client other = etcdHandle.newClient()) {
            CyclicBarrier start = new CyclicBarrier(writers);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                Client mine = w % 2 == 0 ? client : other;
                done.add(pool.submit(() -> {
                    start.await(30, TimeUnit.SECONDS);
                    for (int i = 0; i < perWriter; i++) {
                        revisions.add(GuaranteedUpdate.update(mine.getKVClient(), key,
                                value -> Integer.toString(Integer.parseInt(value) + 1), 10_000));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(100, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        KeyValue end = etcd.existing(key);
        assertThat(Direct.text(end.getValue()))
                .as("%d increments from 0 must leave %d; anything less is a lost update", writers * perWriter, writers * perWriter)
                .isEqualTo(Integer.toString(writers * perWriter));
        assertThat(end.getVersion()).as("the initial put plus exactly one write per increment (lost attempts write nothing)")
                .isEqualTo(writers * perWriter + 1L);
        assertThat(revisions).as("every increment returns the revision of its own write: %d different revisions",
                writers * perWriter).hasSize(writers * perWriter);
        assertThat(revisions).as("the last increment's revision is the key's mod_revision").contains(end.getModRevision());
    }
}
