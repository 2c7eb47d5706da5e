package io.rvlab.ch03.storage;

import static io.rvlab.ch03.support.Objects.rv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.storage.KeyNotFoundException;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch03.api.Conflicts;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch02.api.GroupResource;
import io.rvlab.ch03.support.Objects;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * GuaranteedUpdate and delete against the shared real etcd. Each test works under a namespace of its
 * own and reasons about revisions relative to its own writes, read back from etcd with jetcd.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("EtcdUpdatableStorage: writes guarded by mod_revision")
class GuaranteedUpdateTest {

    private final Client client;
    private final EtcdUpdatableStorage storage;
    private final String ns = Objects.uniqueNamespace("gu");

    GuaranteedUpdateTest(Client client) {
        this.client = client;
        this.storage = new EtcdUpdatableStorage(client, new Versioner(), Duration.ofSeconds(3));
    }

    private RegistryKey key(String name) {
        return Keys.object("configmaps", ns, name);
    }

    private ObjectNode create(String name, String value) {
        ObjectNode cm = Objects.configMap(name, ns, Map.of("k", value));
        ((ObjectNode) cm.get("metadata")).put("uid", "uid-" + name);
        return storage.create(key(name), cm);
    }

    private KeyValue etcd(String name) {
        GetResponse response = Await.result(client.getKVClient().get(Bytes.bytes(key(name).path())));
        return response.getKvs().isEmpty() ? null : response.getKvs().get(0);
    }

    private long etcdRevision() {
        return Await.result(client.getKVClient().get(Bytes.bytes("/rvlab-none"))).getHeader().getRevision();
    }

    private static UpdateFunction setData(String value) {
        return current -> {
            ((ObjectNode) current.get("data")).put("k", value);
            return current;
        };
    }

    @Test
    @DisplayName("an update is one put: the new resourceVersion is the key's new mod_revision")
    void updateWritesNewModRevision() {
        ObjectNode created = create("cm-a", "v1");
        ObjectNode updated = storage.guaranteedUpdate(key("cm-a"), Preconditions.NONE, setData("v2"));
        assertThat(rv(updated)).isGreaterThan(rv(created)).isEqualTo(etcd("cm-a").getModRevision());
        assertThat(etcd("cm-a").getVersion()).isEqualTo(2);
        assertThat(storage.get(key("cm-a"), GetOptions.LATEST).path("data").path("k").asText()).isEqualTo("v2");
        assertThat(Bytes.text(etcd("cm-a").getValue())).doesNotContain("resourceVersion");
    }

    @Test
    @DisplayName("a no-op update (identical bytes) writes nothing: resourceVersion and etcd revision stay (golden c1.4)")
    void noOpUpdateWritesNothing() {
        ObjectNode created = create("cm-a", "v1");
        long before = etcdRevision();
        ObjectNode same = storage.guaranteedUpdate(key("cm-a"), Preconditions.NONE, setData("v1"));
        assertThat(rv(same)).isEqualTo(rv(created));
        assertThat(etcd("cm-a").getVersion()).isEqualTo(1);
        assertThat(etcdRevision()).isLessThanOrEqualTo(before + 0); // other tests may write; this one did not
    }

    @Test
    @DisplayName("losing the race re-reads and re-runs tryUpdate on the winner's object: no error, both writes kept")
    void lostRaceRetriesOnFreshObject() {
        create("cm-a", "v1");
        AtomicInteger calls = new AtomicInteger();
        ObjectNode result = storage.guaranteedUpdate(key("cm-a"), Preconditions.NONE, current -> {
            if (calls.incrementAndGet() == 1) {
                // Another writer gets in between our read and our transaction.
                storage.guaranteedUpdate(key("cm-a"), Preconditions.NONE, other -> {
                    ((ObjectNode) other.get("data")).put("other", "yes");
                    return other;
                });
            }
            ((ObjectNode) current.get("data")).put("k", "mine");
            return current;
        });
        assertThat(calls).hasValue(2);
        assertThat(result.path("data").path("other").asText()).isEqualTo("yes");
        assertThat(result.path("data").path("k").asText()).isEqualTo("mine");
        assertThat(etcd("cm-a").getVersion()).isEqualTo(3);
    }

    @Test
    @DisplayName("a resourceVersion precondition that does not match fails at once: tryUpdate never runs, nothing written")
    void resourceVersionPreconditionIsNotRetried() {
        ObjectNode created = create("cm-a", "v1");
        storage.guaranteedUpdate(key("cm-a"), Preconditions.NONE, setData("v2"));
        AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> storage.guaranteedUpdate(key("cm-a"),
                Preconditions.resourceVersion(Long.toString(rv(created))), current -> {
                    calls.incrementAndGet();
                    return current;
                }))
                .isInstanceOf(PreconditionFailedException.class)
                .hasMessageStartingWith("StorageError: invalid object, Code: 4, Key: " + key("cm-a").path()
                        + ", ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: ResourceVersion in precondition: "
                        + rv(created) + ", ResourceVersion in object meta: ");
        assertThat(calls).hasValue(0);
        assertThat(etcd("cm-a").getVersion()).isEqualTo(2);
    }

    @Test
    @DisplayName("a UID precondition that does not match is a 409 Conflict with the StorageError text")
    void uidPrecondition() {
        ObjectNode created = create("cm-a", "v1");
        String uid = "00000000-0000-0000-0000-000000000000";
        RuntimeException error = org.junit.jupiter.api.Assertions.assertThrows(PreconditionFailedException.class,
                () -> storage.guaranteedUpdate(key("cm-a"), Preconditions.uid(uid), setData("v2")));
        assertThat(Conflicts.toStatus(error, new GroupResource("", "configmaps"), "cm-a").toString()).isEqualTo(
                "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":"
                        + "\"Operation cannot be fulfilled on configmaps \\\"cm-a\\\": StorageError: invalid object, Code: 4, Key: "
                        + key("cm-a").path() + ", ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: "
                        + uid + ", UID in object meta: uid-cm-a\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-a\",\"kind\":\"configmaps\"},\"code\":409}");
        assertThat(rv(created)).isEqualTo(etcd("cm-a").getModRevision());
    }

    @Test
    @DisplayName("an error thrown by tryUpdate reaches the caller unchanged and writes nothing")
    void tryUpdateErrorEndsTheUpdate() {
        create("cm-a", "v1");
        assertThatThrownBy(() -> storage.guaranteedUpdate(key("cm-a"), Preconditions.NONE, current -> {
            throw new IllegalStateException("no");
        })).isInstanceOf(IllegalStateException.class).hasMessage("no");
        assertThat(etcd("cm-a").getVersion()).isEqualTo(1);
    }

    @Test
    @DisplayName("update and delete of a missing key: KeyNotFound")
    void missingKey() {
        assertThatThrownBy(() -> storage.guaranteedUpdate(key("nope"), Preconditions.NONE, setData("x")))
                .isInstanceOf(KeyNotFoundException.class);
        assertThatThrownBy(() -> storage.delete(key("nope"), Preconditions.NONE)).isInstanceOf(KeyNotFoundException.class);
    }

    @Test
    @DisplayName("delete with preconditions: a stale resourceVersion or a wrong uid keeps the object; matching ones delete it")
    void deleteWithPreconditions() {
        ObjectNode created = create("cm-a", "v1");
        ObjectNode updated = storage.guaranteedUpdate(key("cm-a"), Preconditions.NONE, setData("v2"));
        assertThatThrownBy(() -> storage.delete(key("cm-a"), Preconditions.resourceVersion(Long.toString(rv(created)))))
                .isInstanceOf(PreconditionFailedException.class);
        assertThatThrownBy(() -> storage.delete(key("cm-a"), Preconditions.uid("someone-else")))
                .isInstanceOf(PreconditionFailedException.class);
        assertThat(etcd("cm-a")).isNotNull();
        String uid = created.path("metadata").path("uid").asText();
        ObjectNode deleted = storage.delete(key("cm-a"), new Preconditions(uid, Long.toString(rv(updated))));
        assertThat(etcd("cm-a")).isNull();
        assertThat(rv(deleted)).isGreaterThan(rv(updated));
        assertThat(deleted.path("data").path("k").asText()).isEqualTo("v2");
    }

    // tag::concurrent-writers[]
    @Test
    @DisplayName("N threads increment one counter through guaranteedUpdate: every increment counts, none is lost")
    void concurrentWritersLoseNothing() throws Exception {
        create("counter", "0");
        int threads = 8;
        int each = 15;
        AtomicInteger attempts = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        storage.guaranteedUpdate(key("counter"), Preconditions.NONE, current -> {
                            attempts.incrementAndGet();
                            int n = Integer.parseInt(current.path("data").path("k").asText());
                            ((ObjectNode) current.get("data")).put("k", Integer.toString(n + 1));
                            return current;
                        });
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        ObjectNode counter = storage.get(key("counter"), GetOptions.LATEST);
        assertThat(counter.path("data").path("k").asText()).isEqualTo(Integer.toString(threads * each));
        assertThat(etcd("counter").getVersion()).isEqualTo(1 + threads * each);
        assertThat(attempts.get()).isGreaterThanOrEqualTo(threads * each); // races re-ran tryUpdate
    }

    @Test
    @DisplayName("N clients increment with a resourceVersion precondition and RetryOnConflict: the count equals the acknowledged increments")
    void clientsWithPreconditionsAndRetry() throws Exception {
        create("counter", "0");
        GroupResource configmaps = new GroupResource("", "configmaps");
        int threads = 8;
        int each = 10;
        AtomicInteger acknowledged = new AtomicInteger();
        AtomicInteger gaveUp = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < each; i++) {
                        try {
                            RetryOnConflict.run(RetryOnConflict.DEFAULT_BACKOFF, () -> {
                                // A client: GET, change, PUT with the resourceVersion it read.
                                ObjectNode read = storage.get(key("counter"), GetOptions.LATEST);
                                int n = Integer.parseInt(read.path("data").path("k").asText());
                                try {
                                    return storage.guaranteedUpdate(key("counter"),
                                            Preconditions.resourceVersion(read.path("metadata").path("resourceVersion").asText()),
                                            current -> {
                                                ((ObjectNode) current.get("data")).put("k", Integer.toString(n + 1));
                                                return current;
                                            });
                                } catch (PreconditionFailedException e) {
                                    throw Conflicts.toStatus(e, configmaps, "counter").exception();
                                }
                            });
                            acknowledged.incrementAndGet();
                        } catch (StatusException e) {
                            assertThat(RetryOnConflict.isConflict(e)).isTrue();
                            gaveUp.incrementAndGet();
                        }
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
        ObjectNode counter = storage.get(key("counter"), GetOptions.LATEST);
        assertThat(counter.path("data").path("k").asText()).isEqualTo(Integer.toString(acknowledged.get()));
        assertThat(acknowledged.get() + gaveUp.get()).isEqualTo(threads * each);
        assertThat(acknowledged.get()).isPositive();
    }
    // end::concurrent-writers[]
}
