package io.rvlab.exercises.ch02;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.exercises.ch02.ListPages.Page;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.etcd.KeyPrefix;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 2.6 (a paged list is one snapshot). The tests change objects between
 * pages and compare every page with etcd's own answer at the list's revision
 * ({@code etcdctl get --prefix --rev=R}). This class compacts etcd, so it runs on an etcd of its
 * own ({@link FreshEtcd}).
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@Timeout(60)
@DisplayName("2.6 page through a list at one revision")
class ListPagesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** The empty selector: every object matches. */
    private static final Map<String, String> ALL = Map.of();
    /** {@code -l tier=web,app=shop}: both labels, with exactly these values. */
    private static final Map<String, String> WEB_SHOP = Map.of("tier", "web", "app", "shop");

    @Test
    @DisplayName("writes between pages never show: every page is read at the first page's revision")
    void pagesAreOneSnapshot(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        KV kv = client.getKVClient();
        String lab = prefix.key("registry/configmaps/lab/");
        for (String name : List.of("a", "b", "c", "d", "e")) {
            etcd.put(lab + name, configMap(name, name + "1"));
        }
        etcd.put(prefix.key("registry/configmaps/lab2/x"), configMap("x", "x1")); // the next namespace, right after lab/ in key order
        long unrelated = etcd.put(prefix.key("registry/leases/kube-system/lease"), "{}");

        Page first = ListPages.list(kv, lab, ALL, 2, "");
        long r = revisionOf(first, "the first page");
        assertThat(r)
                .as("the first page is read at the latest revision: the header's, at least %d (another key's write)", unrelated)
                .isBetween(unrelated, etcd.currentRevision());
        List<KeyValue> snapshot = etcd.getPrefixAt(lab, r);

        // Meanwhile: an update, a delete, and two new objects, one of them inside the range still to read.
        etcd.put(lab + "c", configMap("c", "c2"));
        etcd.delete(lab + "d");
        etcd.put(lab + "bb", configMap("bb", "new"));
        etcd.put(lab + "f", configMap("f", "new"));

        List<Page> pages = new ArrayList<>(List.of(first));
        while (!pages.get(pages.size() - 1).continueToken().isEmpty() && pages.size() < 10) {
            Page previous = pages.get(pages.size() - 1);
            assertThat(previous.items()).as("a page with a continue token is full: %d items", 2).hasSize(2);
            JsonNode token = decodeToken(previous.continueToken());
            assertThat(token.path("rv").asLong()).as("the continue token carries the list's revision R=%d", r).isEqualTo(r);
            String lastName = previous.items().get(1).path("metadata").path("name").asText();
            assertThat(token.path("start").asText())
                    .as("the token's start is the last key returned plus NUL, without the prefix")
                    .isEqualTo(lastName + "\u0000");
            pages.add(ListPages.list(kv, lab, ALL, 2, previous.continueToken()));
        }

        assertThat(pages).as("5 objects in pages of 2: three pages, the last without a token").hasSize(3);
        for (Page page : pages) {
            assertThat(page.items().size()).as("no page holds more than the limit").isLessThanOrEqualTo(2);
            assertThat(revisionOf(page, "every page"))
                    .as("every page's resourceVersion is the first page's (GOLD b3.1-b3.3: 86, 86, 86)")
                    .isEqualTo(r);
        }
        List<ObjectNode> all = pages.stream().flatMap(p -> p.items().stream()).toList();
        assertThat(all).as("the pages together hold exactly the objects of revision %d: a to e, with c's old data,"
                + " d still there, and neither bb nor f (written later), nor lab2's x", r).hasSize(snapshot.size());
        for (int i = 0; i < snapshot.size(); i++) {
            KeyValue truth = snapshot.get(i);
            ObjectNode item = all.get(i);
            assertThat(item.path("metadata").path("name").asText())
                    .as("item %d, in key order", i).isEqualTo(Direct.text(truth.getKey()).substring(lab.length()));
            assertThat(item.path("data").path("k").asText())
                    .as("%s as it was at revision %d", Direct.text(truth.getKey()), r)
                    .isEqualTo(dataOf(truth));
            assertThat(item.path("metadata").path("resourceVersion").asText())
                    .as("each item keeps its own resourceVersion, its mod_revision at revision %d", r)
                    .isEqualTo(Long.toString(truth.getModRevision()));
        }
    }

    @Test
    @DisplayName("a page that is exactly full can be the last: no token unless etcd has more")
    void exactlyFull(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String lab = prefix.key("registry/configmaps/lab/");
        for (String name : List.of("a", "b", "c", "d")) {
            etcd.put(lab + name, configMap(name, "v"));
        }
        etcd.put(prefix.key("registry/configmaps/lab2/x"), configMap("x", "x1"));

        Page exact = ListPages.list(client.getKVClient(), lab, ALL, 4, "");
        assertThat(exact.items()).as("limit 4 over 4 objects").hasSize(4);
        assertThat(exact.continueToken())
                .as("your first page of 4 objects with limit 4, all 4 items in it: its continue token (./course hint 2.6)")
                .isEmpty();

        Page more = ListPages.list(client.getKVClient(), lab, ALL, 3, "");
        assertThat(more.items()).as("the page after the token with rv -1: limit 3, and there are more keys, so 3 items").hasSize(3);
        assertThat(more.continueToken()).as("limit 3 over 4 objects: one is left, so a token").isNotEmpty();
        Page rest = ListPages.list(client.getKVClient(), lab, ALL, 3, more.continueToken());
        assertThat(rest.items()).as("the last page holds d only, not lab2's x").hasSize(1);
        assertThat(rest.continueToken()).as("the last page carries no continue token").isEmpty();

        for (long unlimited : new long[] {0, -1, 100}) {
            Page all = ListPages.list(client.getKVClient(), lab, ALL, unlimited, "");
            assertThat(all.items()).as("limit %d: all four objects in one page", unlimited).hasSize(4);
            assertThat(all.continueToken()).as("limit %d: a single page has no token", unlimited).isEmpty();
        }
    }

    @Test
    @DisplayName("rv -1 continues at the latest revision, and the next token names that revision")
    void continueAtLatest(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String lab = prefix.key("registry/configmaps/lab/");
        for (String name : List.of("a", "b", "c", "d")) {
            etcd.put(lab + name, configMap(name, name + "1"));
        }
        long changed = etcd.put(lab + "c", configMap("c", "c2"));
        String latestToken = rawUrl("{\"v\":\"meta.k8s.io/v1\",\"rv\":-1,\"start\":\"a\\u0000\"}");

        Page page = ListPages.list(client.getKVClient(), lab, ALL, 2, latestToken);
        long after = etcd.currentRevision();

        assertThat(page.items()).extracting(item -> item.path("metadata").path("name").asText())
                .as("the page after a: b and c").containsExactly("b", "c");
        assertThat(page.items().get(1).path("data").path("k").asText()).as("c as it is now").isEqualTo("c2");
        long r = revisionOf(page, "a page continued at rv -1");
        assertThat(r).as("the resourceVersion of your page continued from a token with rv -1, sent after c was written"
                        + " at %d (./course hint 2.6)", changed)
                .isBetween(changed, after);
        assertThat(decodeToken(page.continueToken()).path("rv").asLong())
                .as("the rv in the next token of your page continued from rv -1, a page whose resourceVersion is %d"
                        + " (./course hint 2.6)", r)
                .isEqualTo(r);
    }

    @Test
    @DisplayName("the first page's revision compacted away: 410 Expired")
    void compacted(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String lab = prefix.key("registry/configmaps/lab/");
        for (String name : List.of("a", "b", "c")) {
            etcd.put(lab + name, configMap(name, "v"));
        }
        Page first = ListPages.list(client.getKVClient(), lab, ALL, 1, "");
        long r = revisionOf(first, "the first page");
        long now = etcd.put(lab + "b", configMap("b", "changed"));
        etcd.compact(now);
        assertThat(etcd.readFailsAt(lab + "b", r)).as("test setup: etcd should refuse revision %d after compacting at %d", r, now).isTrue();

        Throwable thrown = catchThrowable(() -> ListPages.list(client.getKVClient(), lab, ALL, 1, first.continueToken()));

        assertThat(thrown)
                .as("what your list did with page 1's token (revision %d) after etcd was compacted at %d: %s"
                        + " (./course hint 2.6)", r, now, thrown == null ? "returned a page" : "threw " + thrown)
                .isInstanceOf(ResourceExpiredException.class);
        ResourceExpiredException expired = (ResourceExpiredException) thrown;
        assertThat(expired.code()).as("the page after a compaction of the list's revision: HTTP code 410 Gone").isEqualTo(410);
        assertThat(expired.reason()).as("the Status reason of that 410").isEqualTo("Expired");
        assertThat(expired.getMessage()).as("the message of an expired continue token, word for word (ResourceExpiredException.CONTINUE_TOO_OLD)").isEqualTo(ResourceExpiredException.CONTINUE_TOO_OLD);
    }

    @Test
    @DisplayName("-l tier=web,app=shop --chunk-size=2: every page with a token holds 2 matching objects, all at one revision")
    void labelSelectorFillsEveryPage(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        KV kv = client.getKVClient();
        String lab = prefix.key("registry/configmaps/lab/");
        String webShop = "{\"tier\":\"web\",\"app\":\"shop\"}";
        etcd.put(lab + "a", configMap("a", "a1", webShop));
        etcd.put(lab + "b", configMap("b", "b1", "{\"tier\":\"web\"}"));
        etcd.put(lab + "c", configMap("c", "c1", "{\"app\":\"shop\"}"));
        etcd.put(lab + "d", configMap("d", "d1"));
        etcd.put(lab + "e", configMap("e", "e1", "{\"tier\":\"web\",\"app\":\"shopping\"}"));
        etcd.put(lab + "f", configMap("f", "f1", webShop));
        etcd.put(lab + "g", configMap("g", "g1", webShop));
        etcd.put(lab + "h", configMap("h", "h1", webShop));
        etcd.put(lab + "i", configMap("i", "i1", "{\"app\":\"shop\",\"team\":\"x\",\"tier\":\"web\"}"));
        etcd.put(lab + "j", configMap("j", "j1", "{\"tier\":\"db\",\"app\":\"shop\"}"));
        etcd.put(lab + "k", configMap("k", "k1", webShop));
        etcd.put(lab + "l", configMap("l", "l1", webShop));
        etcd.put(lab + "m", configMap("m", "m1"));
        etcd.put(lab + "n", configMap("n", "n1", "{\"tier\":\"web\"}"));
        etcd.put(prefix.key("registry/configmaps/lab2/x"), configMap("x", "x1", webShop)); // matches, but another namespace

        Page first = ListPages.list(kv, lab, WEB_SHOP, 2, "");
        long r = revisionOf(first, "the first page");
        List<KeyValue> snapshot = etcd.getPrefixAt(lab, r).stream().filter(ListPagesTest::isWebShop).toList();

        // Meanwhile: g stops matching, h is deleted, and a matching object appears in the range still to read.
        etcd.put(lab + "g", configMap("g", "g2", "{\"tier\":\"db\"}"));
        etcd.delete(lab + "h");
        etcd.put(lab + "ka", configMap("ka", "new", webShop));

        List<Page> pages = new ArrayList<>(List.of(first));
        while (!pages.get(pages.size() - 1).continueToken().isEmpty() && pages.size() < 10) {
            Page previous = pages.get(pages.size() - 1);
            assertThat(previous.items()).extracting(ListPagesTest::nameOf)
                    .as("page %d of your list with -l tier=web,app=shop and limit 2, a page with a continue token"
                            + " (./course hint 2.6)", pages.size())
                    .hasSize(2);
            assertThat(decodeToken(previous.continueToken()).path("rv").asLong())
                    .as("the continue token carries the list's revision R=%d", r).isEqualTo(r);
            pages.add(ListPages.list(kv, lab, WEB_SHOP, 2, previous.continueToken()));
        }

        List<ObjectNode> all = pages.stream().flatMap(p -> p.items().stream()).toList();
        assertThat(all).extracting(ListPagesTest::nameOf)
                .as("the pages together hold exactly the objects that matched tier=web,app=shop at revision %d, in key order:"
                        + " g and h as they were, neither ka (written later) nor b, c, d, e, j, m, n (other labels), nor lab2's x", r)
                .containsExactlyElementsOf(snapshot.stream().map(truth -> Direct.text(truth.getKey()).substring(lab.length())).toList());
        assertThat(pages).as("7 matching objects in pages of 2: four pages, the last one without a token").hasSize(4);
        for (Page page : pages) {
            assertThat(revisionOf(page, "every page"))
                    .as("every page's resourceVersion is the first page's, R=%d", r).isEqualTo(r);
        }
        for (int i = 0; i < snapshot.size(); i++) {
            KeyValue truth = snapshot.get(i);
            assertThat(all.get(i).path("data").path("k").asText())
                    .as("%s as it was at revision %d", Direct.text(truth.getKey()), r).isEqualTo(dataOf(truth));
            assertThat(all.get(i).path("metadata").path("resourceVersion").asText())
                    .as("%s keeps its own resourceVersion, its mod_revision at revision %d", Direct.text(truth.getKey()), r)
                    .isEqualTo(Long.toString(truth.getModRevision()));
        }
    }

    @Test
    @DisplayName("a full filtered page before keys that do not match has a token; the page after it is empty, the last")
    void selectorLeftovers(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        KV kv = client.getKVClient();
        String lab = prefix.key("registry/configmaps/lab/");
        String webShop = "{\"tier\":\"web\",\"app\":\"shop\"}";
        etcd.put(lab + "a", configMap("a", "a1", webShop));
        etcd.put(lab + "b", configMap("b", "b1", webShop));
        etcd.put(lab + "c", configMap("c", "c1", "{\"tier\":\"web\"}"));
        etcd.put(lab + "d", configMap("d", "d1"));

        Page full = ListPages.list(kv, lab, WEB_SHOP, 2, "");
        assertThat(full.items()).extracting(ListPagesTest::nameOf).as("limit 2: a and b match").containsExactly("a", "b");
        assertThat(full.continueToken())
                .as("the continue token of your page a, b, when c and d (which do not match) follow b"
                        + " in etcd (./course hint 2.6)")
                .isNotEmpty();
        Page rest = ListPages.list(kv, lab, WEB_SHOP, 2, full.continueToken());
        assertThat(rest.items()).as("c and d do not match: the last page is empty").isEmpty();
        assertThat(rest.continueToken()).as("nothing is left after d: no token").isEmpty();
        assertThat(revisionOf(rest, "the empty last page")).as("the empty page is still read at the list's revision")
                .isEqualTo(revisionOf(full, "the first page"));

        Page none = ListPages.list(kv, lab, Map.of("tier", "db"), 2, "");
        assertThat(none.items()).as("-l tier=db matches nothing").isEmpty();
        assertThat(none.continueToken())
                .as("-l tier=db --chunk-size=2: the server reads on until etcd has nothing more, so one empty page without a token")
                .isEmpty();
        revisionOf(none, "an empty list");

        Page unpaged = ListPages.list(kv, lab, Map.of("tier", "web"), 0, "");
        assertThat(unpaged.items()).extracting(ListPagesTest::nameOf)
                .as("-l tier=web without a limit: a, b and c in one page").containsExactly("a", "b", "c");
        assertThat(unpaged.continueToken()).as("a single page has no token").isEmpty();
    }

    @Test
    @DisplayName("-l tier=db --chunk-size=2, matches far apart: every etcd read asks for a bounded number of keys, never for all")
    void everyReadIsBounded(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String lab = prefix.key("registry/configmaps/lab/");
        for (int i = 10; i < 30; i++) {
            String labels = i == 10 || i == 29 ? "{\"tier\":\"db\"}" : "{\"tier\":\"web\"}";
            etcd.put(lab + "cm-" + i, configMap("cm-" + i, "v", labels));
        }
        List<Long> limits = new ArrayList<>();

        Page page = ListPages.list(recordingReadLimits(client.getKVClient(), limits), lab, Map.of("tier", "db"), 2, "");

        assertThat(page.items()).extracting(ListPagesTest::nameOf)
                .as("the two objects labelled tier=db, the first and the last of 20").containsExactly("cm-10", "cm-29");
        // A page exists to bound what one request costs: kube-apiserver reads etcd in batches of at most
        // max(limit, 10000) keys (maxLimit in its etcd3 store), however few of them match the selector.
        assertThat(limits)
                .as("the limit of each etcd range read made for one page of 2 (0 means no limit: the whole rest of the"
                        + " prefix, which a prefix of 100 000 objects would make a very costly page)")
                .isNotEmpty()
                .allSatisfy(limit -> assertThat(limit).isBetween(1L, 10_000L));
    }

    @Test
    @DisplayName("called on an interrupted thread: throws IllegalStateException and leaves the thread interrupted")
    void interruptedCaller(Client client, KeyPrefix prefix) {
        io.rvlab.grader.InterruptedCaller.assertKeepsTheInterrupt("list",
                () -> ListPages.list(client.getKVClient(), prefix.key(""), Map.of(), 2, ""));
    }

    @Test
    @DisplayName("the pages are your own: the list does not hand its reads or its tokens to the chapter's server")
    void thePagesAreYourOwn(Client client, KeyPrefix prefix) {
        // An untouched skeleton has no list at all: its TODO marks the exercise as not started.
        ListPages.list(client.getKVClient(), prefix.key("registry/configmaps/own/"), ALL, 2, "");
        // The chapter's server pages the same way and writes the same tokens by design, so no page tells the
        // two apart: what the compiled class refers to does (see the grader's OwnCode). The token is exercise
        // 2.4's ContinueTokens, the items exercise 2.5's ObjectReader.
        assertThat(io.rvlab.grader.OwnCode.borrowed(ListPages.class, List.of("io.rvlab.ch02.storage.ContinueToken",
                        "io.rvlab.ch02.storage.EtcdStorage", "io.rvlab.ch02.storage.ObjectList")))
                .as("the chapter's classes your ListPages refers to (./course hint 2.6)")
                .isEmpty();
    }

    /** The real etcd KV client, unchanged, noting the limit of every range read made through it. */
    private static KV recordingReadLimits(KV real, List<Long> limits) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getName().equals("get") && args != null && args.length == 2 && args[1] instanceof GetOption option) {
                synchronized (limits) {
                    limits.add(option.getLimit());
                }
            }
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (KV) Proxy.newProxyInstance(KV.class.getClassLoader(), new Class<?>[] {KV.class}, handler);
    }

    private static long revisionOf(Page page, String what) {
        assertThat(page).as("list(...) returned null").isNotNull();
        assertThat(page.resourceVersion()).as("the resourceVersion of %s", what).isNotNull().matches("[1-9][0-9]*");
        return Long.parseLong(page.resourceVersion());
    }

    private static JsonNode decodeToken(String token) {
        assertThat(token).as("a continue token").isNotEmpty();
        try {
            return JSON.readTree(Base64.getUrlDecoder().decode(token));
        } catch (IOException | IllegalArgumentException e) {
            throw new AssertionError("the continue token " + token + " is not base64url JSON: " + e, e);
        }
    }

    private static String dataOf(KeyValue kv) {
        try {
            return JSON.readTree(Direct.text(kv.getValue())).path("data").path("k").asText();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String rawUrl(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String configMap(String name, String value) {
        return configMap(name, value, null);
    }

    private static String configMap(String name, String value, String labels) {
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"" + name
                + "\",\"namespace\":\"lab\"" + (labels == null ? "" : ",\"labels\":" + labels)
                + "},\"data\":{\"k\":\"" + value + "\"}}";
    }

    private static String nameOf(ObjectNode item) {
        return item.path("metadata").path("name").asText();
    }

    /** The test's own reading of {@code -l tier=web,app=shop}, applied to etcd's answer. */
    private static boolean isWebShop(KeyValue kv) {
        try {
            JsonNode labels = JSON.readTree(Direct.text(kv.getValue())).path("metadata").path("labels");
            return "web".equals(labels.path("tier").asText(null)) && "shop".equals(labels.path("app").asText(null));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
