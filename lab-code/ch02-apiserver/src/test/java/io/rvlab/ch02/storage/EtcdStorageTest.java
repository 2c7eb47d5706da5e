package io.rvlab.ch02.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.api.LabelSelector;
import io.rvlab.ch02.support.Objects;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * EtcdStorage against the shared real etcd. Each test works in a namespace of its own and reasons
 * about revisions relative to its own writes, read back from etcd with jetcd.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("EtcdStorage: resourceVersions are etcd revisions")
class EtcdStorageTest {

    private final Client client;
    private final EtcdStorage storage;
    private final String ns = Objects.uniqueNamespace("st");

    EtcdStorageTest(Client client) {
        this.client = client;
        this.storage = new EtcdStorage(client, new Versioner(), Duration.ofSeconds(3));
    }

    private RegistryKey key(String name) {
        return Keys.object("configmaps", ns, name);
    }

    private RegistryPrefix prefix() {
        return Keys.collection("configmaps", ns);
    }

    private ObjectNode create(String name, Map<String, String> labels) {
        ObjectNode cm = Objects.configMap(name, labels, Map.of("k", name));
        ((ObjectNode) cm.get("metadata")).put("namespace", ns);
        return storage.create(key(name), cm);
    }

    private KeyValue etcd(String name) {
        GetResponse response = Await.result(client.getKVClient().get(Bytes.bytes(key(name).path())));
        return response.getKvs().get(0);
    }

    private long rv(JsonNode object) {
        return Long.parseLong(object.path("metadata").path("resourceVersion").asText());
    }

    private List<String> names(ObjectList list) {
        return list.items().stream().map(o -> o.path("metadata").path("name").asText()).toList();
    }

    @Test
    @DisplayName("create: the object's resourceVersion is its key's mod_revision (= create_revision), read from etcd directly")
    void createRvIsModRevision() {
        ObjectNode created = create("cm-a", Map.of());
        KeyValue kv = etcd("cm-a");
        assertThat(rv(created)).isEqualTo(kv.getModRevision()).isEqualTo(kv.getCreateRevision());
        assertThat(kv.getVersion()).isEqualTo(1);
        assertThat(Bytes.text(kv.getValue())).as("the stored value holds no resourceVersion")
                .doesNotContain("resourceVersion").contains("\"name\":\"cm-a\"");
        assertThat(rv(storage.get(key("cm-a"), GetOptions.LATEST))).isEqualTo(kv.getModRevision());
    }

    @Test
    @DisplayName("a direct etcd write changes mod_revision, and get reports the new one as the resourceVersion")
    void rvFollowsModRevision() {
        ObjectNode created = create("cm-a", Map.of());
        String changed = Bytes.text(etcd("cm-a").getValue()).replace("\"k\":\"cm-a\"", "\"k\":\"changed\"");
        long written = Await.result(client.getKVClient().put(Bytes.bytes(key("cm-a").path()), Bytes.bytes(changed)))
                .getHeader().getRevision();
        ObjectNode now = storage.get(key("cm-a"), GetOptions.LATEST);
        assertThat(rv(now)).isEqualTo(written).isGreaterThan(rv(created));
        assertThat(now.path("data").path("k").asText()).isEqualTo("changed");
    }

    @Test
    @DisplayName("create of an existing key fails with KeyExists; a resourceVersion in the object is refused")
    void createConflicts() {
        create("cm-a", Map.of());
        assertThatThrownBy(() -> create("cm-a", Map.of())).isInstanceOf(KeyExistsException.class);
        ObjectNode withRv = Objects.configMap("cm-b");
        ((ObjectNode) withRv.get("metadata")).put("resourceVersion", "5");
        assertThatThrownBy(() -> storage.create(key("cm-b"), withRv)).isInstanceOf(ResourceVersionSetOnCreateException.class)
                .hasMessage("resourceVersion should not be set on objects to be created");
    }

    @Test
    @DisplayName("get: \"\", \"0\" and an older N all return the latest version; a missing key is KeyNotFound; a bad RV is refused")
    void getMatrix() {
        long first = rv(create("cm-a", Map.of()));
        create("cm-b", Map.of());
        for (String rv : new String[] {"", "0", Long.toString(first), Long.toString(first - 1)}) {
            assertThat(rv(storage.get(key("cm-a"), new GetOptions(rv)))).as("rv %s", rv).isEqualTo(first);
        }
        assertThatThrownBy(() -> storage.get(key("missing"), GetOptions.LATEST)).isInstanceOf(KeyNotFoundException.class);
        assertThatThrownBy(() -> storage.get(key("cm-a"), new GetOptions("abc"))).isInstanceOf(InvalidResourceVersionException.class);
    }

    @Test
    @DisplayName("list: the list's resourceVersion is etcd's header revision (not the newest item's), items keep their own")
    void listRvIsHeaderRevision() {
        long a = rv(create("cm-a", Map.of()));
        long b = rv(create("cm-b", Map.of()));
        // An unrelated write moves the global revision past every item.
        long unrelated = Await.result(client.getKVClient().put(Bytes.bytes("/rvlab-test/unrelated"), Bytes.bytes("x")))
                .getHeader().getRevision();
        long before = storage.currentRevision();
        ObjectList list = storage.getList(prefix(), ListOptions.latest());
        long after = storage.currentRevision();
        assertThat(Long.parseLong(list.resourceVersion())).isBetween(before, after).isGreaterThanOrEqualTo(unrelated);
        assertThat(names(list)).containsExactly("cm-a", "cm-b");
        assertThat(list.items()).extracting(this::rv).containsExactly(a, b);
        assertThat(list.continueToken()).isEmpty();
        assertThat(list.remainingItemCount()).isEmpty();
        ObjectList empty = storage.getList(Keys.collection("configmaps", Objects.uniqueNamespace("empty")), ListOptions.latest());
        assertThat(empty.items()).isEmpty();
        assertThat(Long.parseLong(empty.resourceVersion())).as("an empty list still has a resourceVersion").isGreaterThan(0);
    }

    @Test
    @DisplayName("list matrix: unset, \"0\" and NotOlderThan read the latest; Exact and legacy limit+RV read the past")
    void listMatrix() {
        long a = rv(create("cm-a", Map.of()));
        long b = rv(create("cm-b", Map.of()));
        ListOptions base = ListOptions.latest();
        ObjectList unset = storage.getList(prefix(), base);
        ObjectList zero = storage.getList(prefix(), base.withResourceVersion("0", ResourceVersionMatch.UNSET));
        ObjectList notOlder = storage.getList(prefix(), base.withResourceVersion(Long.toString(a), ResourceVersionMatch.NOT_OLDER_THAN));
        ObjectList legacy = storage.getList(prefix(), base.withResourceVersion(Long.toString(a), ResourceVersionMatch.UNSET));
        for (ObjectList latest : List.of(unset, zero, notOlder, legacy)) {
            assertThat(names(latest)).containsExactly("cm-a", "cm-b");
            assertThat(Long.parseLong(latest.resourceVersion())).isGreaterThanOrEqualTo(b);
        }
        ObjectList exact = storage.getList(prefix(), base.withResourceVersion(Long.toString(a), ResourceVersionMatch.EXACT));
        assertThat(names(exact)).as("at revision %d only cm-a existed", a).containsExactly("cm-a");
        assertThat(exact.resourceVersion()).as("Exact echoes the revision asked for").isEqualTo(Long.toString(a));
        ObjectList legacyPaged = storage.getList(prefix(),
                base.withResourceVersion(Long.toString(a), ResourceVersionMatch.UNSET).withLimit(10));
        assertThat(names(legacyPaged)).as("limit + RV without a match means Exact").containsExactly("cm-a");
        assertThat(legacyPaged.resourceVersion()).isEqualTo(Long.toString(a));
        ObjectList notOlderPaged = storage.getList(prefix(),
                base.withResourceVersion(Long.toString(a), ResourceVersionMatch.NOT_OLDER_THAN).withLimit(10));
        assertThat(names(notOlderPaged)).containsExactly("cm-a", "cm-b");
        assertThatThrownBy(() -> storage.getList(prefix(), base.withResourceVersion("abc", ResourceVersionMatch.UNSET)))
                .isInstanceOf(InvalidResourceVersionException.class);
        assertThatThrownBy(() -> storage.getList(prefix(), base.withResourceVersion("0", ResourceVersionMatch.EXACT)))
                .isInstanceOf(InvalidListOptionsException.class);
    }

    @Test
    @DisplayName("Exact at an older revision shows the object's old data, with the old resourceVersion")
    void exactShowsOldData() {
        long created = rv(create("cm-a", Map.of()));
        String changed = Bytes.text(etcd("cm-a").getValue()).replace("\"k\":\"cm-a\"", "\"k\":\"v2\"");
        Await.result(client.getKVClient().put(Bytes.bytes(key("cm-a").path()), Bytes.bytes(changed)));
        ObjectList old = storage.getList(prefix(),
                ListOptions.latest().withResourceVersion(Long.toString(created), ResourceVersionMatch.EXACT));
        assertThat(old.items()).hasSize(1);
        assertThat(old.items().get(0).path("data").path("k").asText()).isEqualTo("cm-a");
        assertThat(rv(old.items().get(0))).isEqualTo(created);
        ObjectList now = storage.getList(prefix(), ListOptions.latest());
        assertThat(now.items().get(0).path("data").path("k").asText()).isEqualTo("v2");
        assertThat(rv(now.items().get(0))).isGreaterThan(created);
    }

    @Test
    @DisplayName("paging: limit 1 over three items gives tokens, remainingItemCount 2 then 1, all pages at the first page's revision")
    void paging() {
        create("cm-a", Map.of());
        create("cm-b", Map.of());
        create("cm-c", Map.of());
        ListOptions one = ListOptions.latest().withLimit(1);
        ObjectList page1 = storage.getList(prefix(), one);
        assertThat(names(page1)).containsExactly("cm-a");
        assertThat(page1.remainingItemCount()).hasValue(2);
        ContinueToken token1 = ContinueToken.decode(page1.continueToken());
        assertThat(token1).isEqualTo(new ContinueToken(Long.parseLong(page1.resourceVersion()), "cm-a\u0000"));

        create("cm-b2", Map.of()); // written after the first page: not part of this list's snapshot
        ObjectList page2 = storage.getList(prefix(), one.withContinue(page1.continueToken()));
        assertThat(names(page2)).containsExactly("cm-b");
        assertThat(page2.resourceVersion()).isEqualTo(page1.resourceVersion());
        assertThat(page2.remainingItemCount()).hasValue(1);
        ObjectList page3 = storage.getList(prefix(), one.withContinue(page2.continueToken()).withResourceVersion("0", ResourceVersionMatch.UNSET));
        assertThat(names(page3)).as("RV \"0\" is ignored with continue").containsExactly("cm-c");
        assertThat(page3.resourceVersion()).isEqualTo(page1.resourceVersion());
        assertThat(page3.continueToken()).isEmpty();
        assertThat(page3.remainingItemCount()).isEmpty();

        ObjectList rest = storage.getList(prefix(), ListOptions.latest().withContinue(page1.continueToken()));
        assertThat(names(rest)).as("continuing without a limit returns the rest of the snapshot").containsExactly("cm-b", "cm-c");
        assertThatThrownBy(() -> storage.getList(prefix(),
                one.withContinue(page1.continueToken()).withResourceVersion(page1.resourceVersion(), ResourceVersionMatch.UNSET)))
                .isInstanceOf(InvalidListOptionsException.class)
                .hasMessage("specifying resource version is not allowed when using continue");
    }

    @Test
    @DisplayName("paging with a label selector: pages may be short, never skip a match, and carry no remainingItemCount")
    void pagingWithSelector() {
        for (int i = 0; i < 12; i++) {
            create(String.format("cm-%02d", i), Map.of("pick", i == 3 || i == 10 ? "yes" : "no"));
        }
        ListOptions picked = ListOptions.latest().withLimit(1).withFilter(LabelSelector.parse("pick=yes"));
        ObjectList page1 = storage.getList(prefix(), picked);
        assertThat(names(page1)).containsExactly("cm-03");
        assertThat(page1.remainingItemCount()).isEmpty();
        assertThat(page1.continueToken()).isNotEmpty();
        ObjectList page2 = storage.getList(prefix(), picked.withContinue(page1.continueToken()));
        assertThat(names(page2)).containsExactly("cm-10");
        List<String> all = names(storage.getList(prefix(), ListOptions.latest().withFilter(LabelSelector.parse("pick in (yes)"))));
        assertThat(all).containsExactly("cm-03", "cm-10");
        assertThat(names(storage.getList(prefix(), ListOptions.latest().withFilter(LabelSelector.parse("pick!=no")))))
                .containsExactly("cm-03", "cm-10");
    }

    @Test
    @DisplayName("a list over all namespaces is in etcd key order: byte order of \"<namespace>/<name>\"")
    void allNamespaces() {
        String other = ns + "-b";
        ObjectNode x = Objects.configMap("x");
        ((ObjectNode) x.get("metadata")).put("namespace", other);
        storage.create(Keys.object("configmaps", other, "x"), x);
        create("y", Map.of());
        RegistryPrefix all = Keys.all("configmaps");
        ObjectList list = storage.getList(all, ListOptions.latest().withFilter(LabelSelector.everything()));
        List<String> mine = list.items().stream()
                .filter(o -> o.path("metadata").path("namespace").asText().startsWith(ns))
                .map(o -> o.path("metadata").path("namespace").asText() + "/" + o.path("metadata").path("name").asText())
                .toList();
        // '-' (0x2d) sorts before '/' (0x2f): "<ns>-b/x" comes before "<ns>/y", as in kube-apiserver.
        assertThat(mine).containsExactly(other + "/x", ns + "/y");
    }

    @Test
    @DisplayName("a value that is not a JSON object (written by hand) is reported as corrupt, not passed on")
    void corruptValue() {
        Await.result(client.getKVClient().put(Bytes.bytes(key("bad").path()), Bytes.bytes("not json")));
        try {
            assertThatThrownBy(() -> storage.get(key("bad"), GetOptions.LATEST)).isInstanceOf(CorruptObjectException.class);
            assertThatThrownBy(() -> storage.getList(prefix(), ListOptions.latest()))
                    .as("like kube-apiserver, one corrupt item fails the whole list").isInstanceOf(CorruptObjectException.class);
        } finally {
            // Other tests list every namespace's configmaps on this shared etcd.
            Await.result(client.getKVClient().delete(Bytes.bytes(key("bad").path())));
        }
    }
}
