package io.rvlab.exercises.ch02;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.exercises.ch02.ObjectReader.ObjectList;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.etcd.KeyPrefix;
import io.etcd.jetcd.KV;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 2.5 (resourceVersion is mod_revision). Each test writes objects
 * straight into etcd, the way kube-apiserver stores them (JSON, without a resourceVersion), reads
 * them with your code, and compares with what etcd itself reports. One test compacts etcd, so the
 * class runs on an etcd of its own ({@link FreshEtcd}).
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("2.5 resourceVersion is mod_revision")
class ObjectReaderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @DisplayName("GOLD a1: a new object's resourceVersion is the revision that created it")
    void created(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-a");
        long created = etcd.put(key, configMap("cm-a", "v1"));

        ObjectNode object = present(ObjectReader.get(client.getKVClient(), key), key);

        assertResourceVersion(object, created, "the key was created, and last modified, at revision " + created);
        assertSameContent(object, configMap("cm-a", "v1"));
    }

    @Test
    @DisplayName("after updates, it is the last write's revision, not the store's")
    void updated(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-a");
        etcd.put(key, configMap("cm-a", "v1"));
        etcd.put(prefix.key("registry/configmaps/lab/other"), configMap("other", "x"));
        long updated = etcd.put(key, configMap("cm-a", "v2"));
        long later = etcd.put(prefix.key("registry/configmaps/lab/other"), configMap("other", "y"));

        ObjectNode object = present(ObjectReader.get(client.getKVClient(), key), key);

        assertResourceVersion(object, updated, "cm-a was last written at " + updated
                + "; the store has moved on to " + later + " because of another key, which must not matter");
        assertThat(etcd.modRevision(key)).as("etcd's own mod_revision of %s", key).isEqualTo(updated);
        assertSameContent(object, configMap("cm-a", "v2"));
    }

    @Test
    @DisplayName("reading adds the resourceVersion, it never writes it into etcd")
    void storedWithoutResourceVersion(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-a");
        long written = etcd.put(key, configMap("cm-a", "v1"));

        ObjectReader.get(client.getKVClient(), key);
        ObjectReader.list(client.getKVClient(), prefix.key("registry/configmaps/lab/"));

        KeyValue stored = etcd.get(key).orElseThrow();
        assertThat(stored.getModRevision()).as("reading must not write: the key's mod_revision is still %d", written)
                .isEqualTo(written);
        assertThat(Direct.text(stored.getValue())).as("the value in etcd must stay exactly as written")
                .isEqualTo(configMap("cm-a", "v1"));
    }

    @Test
    @DisplayName("a stale resourceVersion inside the stored value is overwritten by mod_revision")
    void staleStoredResourceVersion(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/stale");
        long written = etcd.put(key, "{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"stale\",\"resourceVersion\":\"1\"}}");

        ObjectNode object = present(ObjectReader.get(client.getKVClient(), key), key);

        assertResourceVersion(object, written, "whatever the value says, the resourceVersion is the key's mod_revision");
    }

    @Test
    @DisplayName("a missing key is empty, and a key is not a prefix")
    void missing(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        etcd.put(prefix.key("registry/configmaps/lab/cm-ab"), configMap("cm-ab", "v"));

        assertThat(ObjectReader.get(client.getKVClient(), prefix.key("registry/configmaps/lab/nothing")))
                .as("no such key: Optional.empty()").isEmpty();
        assertThat(ObjectReader.get(client.getKVClient(), prefix.key("registry/configmaps/lab/cm-a")))
                .as("cm-a does not exist, only cm-ab does: read exactly the key asked for").isEmpty();
    }

    @Test
    @DisplayName("a value that is not a JSON object: IllegalStateException naming the key")
    void corrupt(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String notJson = prefix.key("registry/configmaps/lab/not-json");
        String array = prefix.key("registry/configmaps/lab/array");
        etcd.put(notJson, "k8s\u0000 this is not JSON");
        etcd.put(array, "[1,2]");

        for (String key : List.of(notJson, array)) {
            Throwable thrown = catchThrowable(() -> ObjectReader.get(client.getKVClient(), key));
            assertThat(thrown)
                    .as("the value of %s is not a JSON object: expected IllegalStateException", key)
                    .isInstanceOf(IllegalStateException.class);
            assertThat(thrown.getMessage()).as("the message should name the key").contains(key);
        }
    }

    @Test
    @DisplayName("GOLD b1: each item has its own mod_revision, the list has the header's revision")
    void list(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String lab = prefix.key("registry/configmaps/lab/");
        etcd.put(lab + "cm-b", configMap("cm-b", "b1"));
        etcd.put(lab + "cm-a", configMap("cm-a", "v1"));
        etcd.put(prefix.key("registry/configmaps/lab2/cm-x"), configMap("cm-x", "x")); // another namespace
        etcd.put(lab + "cm-a", configMap("cm-a", "v2"));
        etcd.put(lab + "cm-c", configMap("cm-c", "c1"));
        // A write to some other key: the store moves past every item (GOLD b1: items 80, 82, 83; list 84).
        long unrelated = etcd.put(prefix.key("registry/leases/kube-system/lease"), "{}");

        ObjectList list = ObjectReader.list(client.getKVClient(), lab);
        long after = etcd.currentRevision();

        List<KeyValue> truth = etcd.getPrefix(lab);
        assertThat(list.items()).as("every object under %s, in key order (cm-a, cm-b, cm-c), nothing of lab2", lab)
                .hasSize(3);
        for (int i = 0; i < truth.size(); i++) {
            KeyValue kv = truth.get(i);
            ObjectNode item = list.items().get(i);
            assertThat(item.path("metadata").path("name").asText())
                    .as("item %d should be %s (etcd returns keys in order)", i, Direct.text(kv.getKey()))
                    .isEqualTo(Direct.text(kv.getKey()).substring(lab.length()));
            assertResourceVersion(item, kv.getModRevision(), "each item's resourceVersion is its own key's mod_revision");
        }
        assertThat(list.items().get(0).path("data").path("k").asText()).as("cm-a's latest data").isEqualTo("v2");
        long listRevision = parseListResourceVersion(list);
        long newestItem = truth.stream().mapToLong(KeyValue::getModRevision).max().orElseThrow();
        assertThat(listRevision)
                .as("the list's resourceVersion is the revision of the read (the response header), which is at"
                        + " least %d because of the write to another key; the newest item is only at %d", unrelated, newestItem)
                .isBetween(unrelated, after)
                .isGreaterThan(newestItem);
    }

    @Test
    @DisplayName("an empty list still has a resourceVersion")
    void emptyList(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        long before = etcd.put(prefix.key("registry/configmaps/elsewhere/cm"), configMap("cm", "v"));

        ObjectList list = ObjectReader.list(client.getKVClient(), prefix.key("registry/configmaps/empty/"));
        long after = etcd.currentRevision();

        assertThat(list.items()).as("nothing is stored under that prefix").isEmpty();
        assertThat(parseListResourceVersion(list))
                .as("even an empty list is read at a revision: the response header's, between %d and %d", before, after)
                .isBetween(before, after);
    }

    @Test
    @DisplayName("variation: two namespaces and an empty one, listed together, share one resourceVersion")
    void listEachOneSnapshot(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String a = prefix.key("registry/configmaps/a/");
        String ab = prefix.key("registry/configmaps/ab/");
        String none = prefix.key("registry/configmaps/none/");
        etcd.put(a + "cm-1", configMap("cm-1", "a1"));
        etcd.put(ab + "cm-2", configMap("cm-2", "ab1"));
        etcd.put(a + "cm-3", configMap("cm-3", "a3"));
        long unrelated = etcd.put(prefix.key("registry/leases/kube-system/lease"), "{}");

        Map<String, ObjectList> lists = ObjectReader.listEach(client.getKVClient(), List.of(ab, none, a));
        long after = etcd.currentRevision();

        assertThat(lists).as("listEach returns one list per prefix").isNotNull();
        assertThat(List.copyOf(lists.keySet())).as("one list per prefix, in the order given").containsExactly(ab, none, a);
        long r = parseListResourceVersion(lists.get(ab));
        assertThat(r).as("the lists are read at the latest revision, at least %d (another key's write)", unrelated)
                .isBetween(unrelated, after);
        for (String listed : List.of(ab, none, a)) {
            assertThat(parseListResourceVersion(lists.get(listed)))
                    .as("the resourceVersion of your list of %s, beside %d for %s (./course hint 2.5)", listed, r, ab).isEqualTo(r);
            assertMatchesEtcdAt(etcd, listed, lists.get(listed), r);
        }
        assertThat(lists.get(none).items()).as("nothing is stored under %s", none).isEmpty();
    }

    @Test
    @DisplayName("variation: while other clients write, the lists of one listEach are still one snapshot")
    void listEachUnderConcurrentWrites(Client client, KeyPrefix prefix) throws InterruptedException {
        Direct etcd = new Direct(client);
        String a = prefix.key("registry/configmaps/a/");
        String b = prefix.key("registry/configmaps/b/");
        etcd.put(a + "cm", configMap("cm", "0"));
        etcd.put(b + "cm", configMap("cm", "0"));
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
            // Another client, writing to both namespaces as fast as etcd lets it.
            for (int i = 1; !stop.get(); i++) {
                etcd.put((i % 2 == 0 ? a : b) + "cm", configMap("cm", Integer.toString(i)));
            }
        });
        writer.start();
        try {
            for (int round = 0; round < 40; round++) {
                Map<String, ObjectList> lists = ObjectReader.listEach(client.getKVClient(), List.of(a, b));
                long r = parseListResourceVersion(lists.get(a));
                assertThat(parseListResourceVersion(lists.get(b)))
                        .as("round %d, another client writing to both namespaces: the resourceVersion of your list of %s,"
                                + " beside %d for %s (./course hint 2.5)", round, b, r, a)
                        .isEqualTo(r);
                assertMatchesEtcdAt(etcd, a, lists.get(a), r);
                assertMatchesEtcdAt(etcd, b, lists.get(b), r);
            }
        } finally {
            stop.set(true);
            writer.join();
        }
    }


    @Test
    @DisplayName("variation: etcd compacts while listEach reads, as kube-apiserver has it do every five minutes: still one snapshot")
    void listEachWhileEtcdCompacts(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String a = prefix.key("registry/configmaps/ca/");
        String b = prefix.key("registry/configmaps/cb/");
        etcd.put(a + "cm", configMap("cm", "a1"));
        etcd.put(b + "cm", configMap("cm", "b1"));
        AtomicInteger requests = new AtomicInteger();
        AtomicLong compactedAt = new AtomicLong();
        // kube-apiserver compacts etcd on a timer (storage/etcd3/compact.go, --etcd-compaction-interval), whatever
        // its clients are reading: here, once, right after listEach's first request to etcd has been answered.
        KV compacting = beforeEachRequest(client.getKVClient(), () -> {
            if (requests.incrementAndGet() == 2) {
                etcd.put(b + "cm", configMap("cm", "b2"));
                long now = etcd.currentRevision();
                etcd.compact(now);
                compactedAt.set(now);
            }
        });

        List<Map<String, ObjectList>> answer = new java.util.ArrayList<>();
        Throwable thrown = catchThrowable(() -> answer.add(ObjectReader.listEach(compacting, List.of(a, b))));
        assertThat(thrown)
                .as("your listEach made %d request(s) to etcd, which compacted at %d after the first of them answered,"
                        + " and threw (./course hint 2.5)", requests.get(), compactedAt.get())
                .isNull();
        Map<String, ObjectList> lists = answer.get(0);
        long r = parseListResourceVersion(lists.get(a));
        assertThat(parseListResourceVersion(lists.get(b)))
                .as("your listEach made %d request(s) to etcd, which compacted at %d after the first: the resourceVersion"
                        + " of your list of %s, beside %d for %s (./course hint 2.5)", requests.get(), compactedAt.get(), b, r, a)
                .isEqualTo(r);
        assertMatchesEtcdAt(etcd, a, lists.get(a), r);
        assertMatchesEtcdAt(etcd, b, lists.get(b), r);
    }

    /** The real etcd KV client, unchanged, running {@code hook} before each request made through it. */
    private static KV beforeEachRequest(KV real, Runnable hook) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (List.of("get", "txn", "put", "delete").contains(method.getName())) {
                hook.run();
            }
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (KV) Proxy.newProxyInstance(KV.class.getClassLoader(), new Class<?>[] {KV.class}, handler);
    }

    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("get", () -> ObjectReader.get(client.getKVClient(), prefix.key("cm-a")));
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("list", () -> ObjectReader.list(client.getKVClient(), prefix.key("")));
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("listEach",
                () -> ObjectReader.listEach(client.getKVClient(), List.of(prefix.key("a/"), prefix.key("b/"))));
    }

    private static void assertMatchesEtcdAt(Direct etcd, String listed, ObjectList list, long r) {
        List<KeyValue> truth = etcd.getPrefixAt(listed, r);
        assertThat(list.items()).as("the list of %s holds what etcd holds under it at its resourceVersion %d", listed, r)
                .hasSize(truth.size());
        for (int i = 0; i < truth.size(); i++) {
            KeyValue kv = truth.get(i);
            ObjectNode item = list.items().get(i);
            assertThat(item.path("data").path("k").asText())
                    .as("%s in a list at resourceVersion %d: its data as of that revision", Direct.text(kv.getKey()), r)
                    .isEqualTo(dataOf(kv));
            assertResourceVersion(item, kv.getModRevision(), Direct.text(kv.getKey()) + "'s resourceVersion is its mod_revision at " + r);
        }
    }

    private static String dataOf(KeyValue kv) {
        try {
            return JSON.readTree(Direct.text(kv.getValue())).path("data").path("k").asText();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static long parseListResourceVersion(ObjectList list) {
        assertThat(list.resourceVersion()).as("the list's resourceVersion").isNotNull().matches("[1-9][0-9]*");
        return Long.parseLong(list.resourceVersion());
    }

    private static ObjectNode present(Optional<ObjectNode> object, String key) {
        assertThat(object).as("get(%s): the key exists, so the result must not be empty", key).isPresent();
        return object.get();
    }

    private static void assertResourceVersion(ObjectNode object, long expected, String why) {
        JsonNode rv = object.path("metadata").path("resourceVersion");
        assertThat(rv.isTextual())
                .as("metadata.resourceVersion must be a JSON string (\"%d\"), not a number or missing; it is %s", expected, rv)
                .isTrue();
        assertThat(rv.asText()).as(why).isEqualTo(Long.toString(expected));
    }

    /** Everything but metadata.resourceVersion must be exactly what was stored. */
    private static void assertSameContent(ObjectNode object, String stored) {
        ObjectNode copy = object.deepCopy();
        ((ObjectNode) copy.get("metadata")).remove("resourceVersion");
        try {
            assertThat(copy).as("apart from metadata.resourceVersion, the object must be the stored JSON")
                    .isEqualTo(JSON.readTree(stored));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    /** A ConfigMap as kube-apiserver stores it: no resourceVersion in the value. */
    private static String configMap(String name, String value) {
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"" + name
                + "\",\"namespace\":\"lab\",\"uid\":\"1da442e5-74b5-46fd-bd33-33873803a821\"},\"data\":{\"k\":\"" + value + "\"}}";
    }
}
