package io.rvlab.ch03.storage;

import static io.rvlab.ch03.support.Objects.rv;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.storage.KeyNotFoundException;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch03.labs.EtcdCall;
import io.rvlab.ch03.labs.EtcdCallTrace;
import io.rvlab.ch03.support.Objects;
import io.rvlab.support.etcd.Etcd;
import io.rvlab.support.etcd.EtcdExtension;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * guaranteedUpdate starting from a suggestion (what the storage last read or wrote for the key, as
 * kube-apiserver starts from its watch cache's copy): one etcd call instead of two when the
 * suggestion is current, and the same answers as a read-first update when it is stale. The
 * storage's own etcd client is traced on the wire, so the calls counted are the calls made; the
 * "other writer" writes with a separate, untraced client, straight into etcd.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("EtcdUpdatableStorage: updates that start from the last value seen, never trusting it")
class SuggestedUpdateTest {

    private final Client other;
    private final EtcdCallTrace trace = new EtcdCallTrace();
    private final Client traced;
    private final EtcdUpdatableStorage storage;
    private final String ns = Objects.uniqueNamespace("sug");

    SuggestedUpdateTest(Client client, Etcd etcd) {
        this.other = client;
        this.traced = Client.builder().endpoints(etcd.endpoints().split(",")).interceptor(trace).build();
        this.storage = new EtcdUpdatableStorage(traced, new Versioner(), Duration.ofSeconds(3));
    }

    @AfterEach
    void close() {
        traced.close();
    }

    private RegistryKey key(String name) {
        return Keys.object("configmaps", ns, name);
    }

    private ObjectNode create(String name, String value) {
        return storage.create(key(name), Objects.configMap(name, ns, Map.of("k", value)));
    }

    private static UpdateFunction setData(String value) {
        return current -> {
            ((ObjectNode) current.get("data")).put("k", value);
            return current;
        };
    }

    /** Another writer changes the key straight in etcd: the storage cannot know. */
    private long writeBehindTheStorage(String name, String value) {
        ObjectNode changed = Objects.configMap(name, ns, Map.of("k", value));
        return Await.result(other.getKVClient().put(Bytes.bytes(key(name).path()),
                ByteSequence.from(changed.toString(), StandardCharsets.UTF_8))).getHeader().getRevision();
    }

    private KeyValue etcd(String name) {
        return Await.result(other.getKVClient().get(Bytes.bytes(key(name).path()))).getKvs().get(0);
    }

    private List<String> calls() {
        return trace.drain().stream().map(EtcdCall::method).toList();
    }

    @Test
    @DisplayName("an update after a GET is one etcd call: the txn, guarded by the mod_revision the GET saw")
    void updateAfterGetIsOneTxn() {
        create("cm", "v1");
        ObjectNode read = storage.get(key("cm"), GetOptions.LATEST);
        trace.drain();

        ObjectNode updated = storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v2"));

        List<EtcdCall> calls = trace.drain();
        assertThat(calls).extracting(EtcdCall::method).containsExactly("Txn");
        assertThat(calls.get(0).comparedModRevision()).hasValue(rv(read));
        assertThat(calls.get(0).succeeded()).isTrue();
        assertThat(rv(updated)).isEqualTo(etcd("cm").getModRevision());
        assertThat(updated.path("data").path("k").asText()).isEqualTo("v2");
    }

    @Test
    @DisplayName("successive updates start from the value the previous one wrote: one txn each")
    void updateAfterUpdateIsOneTxn() {
        create("cm", "v1");
        storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v2"));
        trace.drain();
        storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v3"));
        assertThat(calls()).containsExactly("Txn");
        assertThat(Bytes.text(etcd("cm").getValue())).contains("\"k\":\"v3\"");
    }

    @Test
    @DisplayName("without a suggestion the update reads first: a range, then the txn")
    void withoutSuggestionReadsFirst() {
        create("cm", "v1");
        storage.suggestions().forget(key("cm").path());
        trace.drain();
        storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v2"));
        assertThat(calls()).containsExactly("Range", "Txn");
    }

    @Test
    @DisplayName("a stale suggestion: the txn fails, its Else branch returns the other writer's value, tryUpdate runs "
            + "again on it; nothing lost")
    void staleSuggestionLosesNothing() {
        create("cm", "v1");
        storage.get(key("cm"), GetOptions.LATEST);
        long otherWrite = writeBehindTheStorage("cm", "theirs");
        trace.drain();
        AtomicInteger runs = new AtomicInteger();

        ObjectNode updated = storage.guaranteedUpdate(key("cm"), Preconditions.NONE, current -> {
            runs.incrementAndGet();
            ((ObjectNode) current.get("data")).put("mine", current.path("data").path("k").asText() + "+mine");
            return current;
        });

        assertThat(calls()).containsExactly("Txn", "Txn"); // the failed one read the fresh value: no range
        assertThat(runs).hasValue(2);
        assertThat(updated.path("data").path("mine").asText()).isEqualTo("theirs+mine");
        assertThat(rv(updated)).isGreaterThan(otherWrite).isEqualTo(etcd("cm").getModRevision());
        assertThat(Bytes.text(etcd("cm").getValue())).contains("\"k\":\"theirs\"", "\"mine\":\"theirs+mine\"");
    }

    @Test
    @DisplayName("a no-op decided on a stale suggestion is decided again on etcd's value: the change is written")
    void staleNoOpReReads() {
        create("cm", "v1");
        storage.get(key("cm"), GetOptions.LATEST); // remembered: k=v1
        long otherWrite = writeBehindTheStorage("cm", "theirs");
        trace.drain();

        // Setting k=v1 is "nothing changed" against the suggestion, but not against etcd.
        ObjectNode result = storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v1"));

        assertThat(calls()).containsExactly("Range", "Txn");
        assertThat(result.path("data").path("k").asText()).isEqualTo("v1");
        assertThat(rv(result)).isGreaterThan(otherWrite).isEqualTo(etcd("cm").getModRevision());
        assertThat(Bytes.text(etcd("cm").getValue())).contains("\"k\":\"v1\"");
    }

    @Test
    @DisplayName("a no-op on a stale suggestion that is a no-op in etcd too returns etcd's object, not the stale one")
    void staleNoOpReturnsCurrentObject() {
        create("cm", "v1");
        storage.get(key("cm"), GetOptions.LATEST); // remembered: k=v1
        ByteSequence v1 = etcd("cm").getValue();
        writeBehindTheStorage("cm", "theirs");
        // Back to the very bytes of v1, at a later mod_revision.
        long otherWrite = Await.result(other.getKVClient().put(Bytes.bytes(key("cm").path()), v1)).getHeader().getRevision();
        trace.drain();

        ObjectNode result = storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v1"));

        assertThat(calls()).containsExactly("Range"); // no txn: nothing to write
        assertThat(rv(result)).isEqualTo(otherWrite).isEqualTo(etcd("cm").getModRevision());
    }

    @Test
    @DisplayName("a current suggestion with a no-op update reads once to confirm, and writes nothing")
    void currentNoOpConfirms() {
        ObjectNode created = create("cm", "v1");
        trace.drain();
        ObjectNode result = storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v1"));
        assertThat(calls()).containsExactly("Range");
        assertThat(rv(result)).isEqualTo(rv(created)).isEqualTo(etcd("cm").getModRevision());
    }

    @Test
    @DisplayName("tryUpdate failing on a stale suggestion is retried on etcd's value: a stale guess never makes a 409")
    void errorOnStaleSuggestionIsRetried() {
        create("cm", "v1");
        storage.get(key("cm"), GetOptions.LATEST);
        long otherWrite = writeBehindTheStorage("cm", "v2");
        trace.drain();

        // Like the registry's resourceVersion check: the client read otherWrite, the suggestion is older.
        ObjectNode updated = storage.guaranteedUpdate(key("cm"), Preconditions.NONE, current -> {
            if (rv(current) != otherWrite) {
                throw new IllegalStateException("conflict: " + rv(current));
            }
            ((ObjectNode) current.get("data")).put("k", "v3");
            return current;
        });

        assertThat(calls()).containsExactly("Range", "Txn");
        assertThat(updated.path("data").path("k").asText()).isEqualTo("v3");
    }

    @Test
    @DisplayName("tryUpdate failing on a suggestion that etcd confirms is final: the same error, one range, nothing written")
    void errorOnCurrentSuggestionIsFinal() {
        ObjectNode created = create("cm", "v1");
        trace.drain();
        assertThatThrownBy(() -> storage.guaranteedUpdate(key("cm"), Preconditions.NONE, current -> {
            throw new IllegalStateException("no");
        })).isInstanceOf(IllegalStateException.class).hasMessage("no");
        assertThat(calls()).containsExactly("Range");
        assertThat(etcd("cm").getModRevision()).isEqualTo(rv(created));
    }

    @Test
    @DisplayName("a precondition failing on a stale suggestion is checked again on etcd's value")
    void preconditionOnStaleSuggestionIsRechecked() {
        create("cm", "v1");
        storage.get(key("cm"), GetOptions.LATEST);
        long otherWrite = writeBehindTheStorage("cm", "v2");
        ObjectNode updated = storage.guaranteedUpdate(key("cm"),
                Preconditions.resourceVersion(Long.toString(otherWrite)), setData("v3"));
        assertThat(rv(updated)).isGreaterThan(otherWrite);
        assertThat(updated.path("data").path("k").asText()).isEqualTo("v3");
    }

    @Test
    @DisplayName("a key deleted behind a suggestion: the update is KeyNotFound, and the suggestion is forgotten")
    void deletedBehindSuggestion() {
        create("cm", "v1");
        Await.result(other.getKVClient().delete(Bytes.bytes(key("cm").path())));
        assertThatThrownBy(() -> storage.guaranteedUpdate(key("cm"), Preconditions.NONE, setData("v2")))
                .isInstanceOf(KeyNotFoundException.class);
        assertThat(storage.suggestions().get(key("cm").path())).isNull();
    }

    @Test
    @DisplayName("a delete through the storage forgets the key")
    void deleteForgets() {
        create("cm", "v1");
        assertThat(storage.suggestions().get(key("cm").path())).isNotNull();
        storage.delete(key("cm"), Preconditions.NONE);
        assertThat(storage.suggestions().get(key("cm").path())).isNull();
    }
}
