package io.rvlab.ch02;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch01.Compactor;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.ContinueToken;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ResourceExpiredException;
import io.rvlab.ch02.storage.ResourceVersionMatch;
import io.rvlab.ch02.storage.TooLargeResourceVersionException;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.ch02.support.Http;
import io.rvlab.ch02.support.Objects;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What depends on absolute revisions, compaction and time, on an etcd of this class's own: the
 * numbers of a fresh cluster, 410 Expired after compaction (Exact lists and continue tokens, golden
 * f1), and 504 "Too large resource version" after a bounded wait (golden d1). Both through storage
 * and over HTTP, compared with the golden transcripts' bodies.
 */
@FreshEtcd
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("History: absolute revisions, compaction (410) and too-large resourceVersions (504)")
class HistoryTest {

    private final Client client;
    private final EtcdStorage storage;
    /** The same store with a short too-large wait, so the cases that only check the error are quick. */
    private final EtcdStorage impatient;
    private final ApiServer server;
    private final Http http;

    HistoryTest(Client client) {
        this.client = client;
        this.storage = new EtcdStorage(client);
        this.impatient = new EtcdStorage(client, new Versioner(), Duration.ofMillis(300));
        this.server = ApiServer.start(storage, "127.0.0.1", 0);
        this.http = new Http(server.url());
    }

    @AfterAll
    void stop() {
        server.close();
    }

    private long createConfigMap(String namespace, String name) {
        Http.Response created = http.post("/api/v1/namespaces/" + namespace + "/configmaps",
                Objects.configMap(name).toString());
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        return Long.parseLong(created.json().path("metadata").path("resourceVersion").asText());
    }

    private void createNamespace(String name) {
        assertThat(http.post("/api/v1/namespaces", Objects.namespace(name).toString()).code()).isEqualTo(201);
    }

    @Test
    @Order(1)
    @DisplayName("on a fresh etcd the numbers are predictable: system namespaces at 2-4, then lab at 5, cm-a at 6 = mod_revision = create_revision")
    void freshNumbers() {
        for (String[] ns : new String[][] {{"default", "2"}, {"kube-system", "3"}, {"kube-public", "4"}}) {
            assertThat(http.get("/api/v1/namespaces/" + ns[0]).json().path("metadata").path("resourceVersion").asText())
                    .isEqualTo(ns[1]);
        }
        createNamespace("lab");
        assertThat(createConfigMap("lab", "cm-a")).isEqualTo(6);
        GetResponse etcd = Await.result(client.getKVClient().get(Bytes.bytes("/registry/configmaps/lab/cm-a")));
        KeyValue kv = etcd.getKvs().get(0);
        assertThat(etcd.getHeader().getRevision()).isEqualTo(6);
        assertThat(kv.getCreateRevision()).isEqualTo(6);
        assertThat(kv.getModRevision()).isEqualTo(6);
        assertThat(kv.getVersion()).isEqualTo(1);
        assertThat(http.get("/api/v1/namespaces/lab/configmaps/cm-a").json().path("metadata").path("resourceVersion").asText())
                .isEqualTo("6");
        assertThat(http.get("/api/v1/namespaces/lab/configmaps").json().path("metadata").path("resourceVersion").asText())
                .as("list RV = header revision").isEqualTo("6");
    }

    @Test
    @Order(2)
    @DisplayName("compaction: an Exact (or limit+RV) list at a compacted revision is 410 Expired, with golden f1's body")
    void compactedExactList() {
        createNamespace("compact-a");
        long first = createConfigMap("compact-a", "cm-a");
        long second = createConfigMap("compact-a", "cm-b");
        new Compactor(client).compact(second);

        ResourceExpiredException e = catchThrowableOfType(ResourceExpiredException.class, () -> storage.getList(
                Keys.collection("configmaps", "compact-a"),
                ListOptions.latest().withResourceVersion(Long.toString(first), ResourceVersionMatch.EXACT)));
        assertThat(e).isNotNull();
        assertThat(e.getMessage()).isEqualTo(ResourceExpiredException.LIST_TOO_OLD);
        assertThat(e.continueToken()).isEmpty();

        String golden = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"The resourceVersion for the provided list is too old.\",\"reason\":\"Expired\",\"code\":410}\n";
        Http.Response exact = http.get("/api/v1/namespaces/compact-a/configmaps?resourceVersion=" + first
                + "&resourceVersionMatch=Exact");
        assertThat(exact.code()).isEqualTo(410);
        assertThat(exact.body()).isEqualTo(golden);
        Http.Response legacy = http.get("/api/v1/namespaces/compact-a/configmaps?resourceVersion=" + first + "&limit=500");
        assertThat(legacy.code()).as("limit + RV is Exact: golden f1 RV=10&limit=500").isEqualTo(410);
        assertThat(legacy.body()).isEqualTo(golden);
        Http.Response atCompaction = http.get("/api/v1/namespaces/compact-a/configmaps?resourceVersion=" + second
                + "&resourceVersionMatch=Exact");
        assertThat(atCompaction.code()).as("the compaction revision itself stays readable").isEqualTo(200);
        assertThat(http.get("/api/v1/namespaces/compact-a/configmaps?resourceVersion=" + first
                + "&resourceVersionMatch=NotOlderThan").code()).as("NotOlderThan reads the latest").isEqualTo(200);
        assertThat(http.get("/api/v1/namespaces/compact-a/configmaps/cm-a?resourceVersion=" + first).code())
                .as("GET never returns 410").isEqualTo(200);
    }

    @Test
    @Order(3)
    @DisplayName("compaction: a continue token older than the compaction is 410 with a new rv -1 token in metadata.continue; that token continues at the latest revision")
    void expiredContinueToken() {
        createNamespace("compact-b");
        for (String name : new String[] {"cm-a", "cm-b", "cm-c", "cm-d"}) {
            createConfigMap("compact-b", name);
        }
        Http.Response page1 = http.get("/api/v1/namespaces/compact-b/configmaps?limit=1");
        String token = page1.json().path("metadata").path("continue").asText();
        long later = createConfigMap("compact-b", "cm-e");
        new Compactor(client).compact(later);

        Http.Response expired = http.get("/api/v1/namespaces/compact-b/configmaps?limit=1&continue=" + token);
        assertThat(expired.code()).isEqualTo(410);
        String inconsistent = new ContinueToken(-1, "cm-a\u0000").encode();
        assertThat(expired.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{\"continue\":\""
                + inconsistent + "\"},\"status\":\"Failure\",\"message\":\"" + ResourceExpiredException.CONTINUE_TOO_OLD
                + "\",\"reason\":\"Expired\",\"code\":410}\n");
        assertThat(inconsistent).as("golden f1.12's token").isEqualTo(
                "eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6LTEsInN0YXJ0IjoiY20tYVx1MDAwMCJ9");

        Http.Response resumed = http.get("/api/v1/namespaces/compact-b/configmaps?limit=1&continue=" + inconsistent);
        assertThat(resumed.code()).isEqualTo(200);
        JsonNode list = resumed.json();
        assertThat(list.path("items").get(0).path("metadata").path("name").asText()).isEqualTo("cm-b");
        long current = storage.currentRevision();
        assertThat(list.path("metadata").path("resourceVersion").asLong()).as("read at the latest revision").isEqualTo(current);
        assertThat(ContinueToken.decode(list.path("metadata").path("continue").asText()))
                .as("and its next token pins that revision").isEqualTo(new ContinueToken(current, "cm-b\u0000"));
        assertThat(list.path("metadata").path("remainingItemCount").asLong()).as("cm-c, cm-d and cm-e remain").isEqualTo(3);
    }

    @Test
    @Order(4)
    @DisplayName("too large: GET with a future resourceVersion waits 3 s, then 504 Timeout with Retry-After: 1 and golden d1's body")
    void tooLargeOverHttp() {
        createNamespace("future");
        createConfigMap("future", "cm-a");
        long current = storage.currentRevision();
        long future = current + 1_000_000;
        long start = System.nanoTime();
        Http.Response response = http.get("/api/v1/namespaces/future/configmaps/cm-a?resourceVersion=" + future);
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertThat(response.code()).isEqualTo(504);
        assertThat(waitedMillis).as("the server waited for etcd first").isBetween(2_900L, 15_000L);
        assertThat(response.header("Retry-After")).isEqualTo("1");
        assertThat(response.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"Timeout: Too large resource version: " + future + ", current: " + current + "\","
                + "\"reason\":\"Timeout\",\"details\":{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\","
                + "\"message\":\"Too large resource version\"}],\"retryAfterSeconds\":1},\"code\":504}\n");
    }

    @Test
    @Order(5)
    @DisplayName("too large: list NotOlderThan, legacy RV, Exact and a continue token ahead of etcd all end in TooLargeResourceVersion")
    void tooLargeInStorage() {
        long future = impatient.currentRevision() + 1_000;
        var prefix = Keys.collection("configmaps", "future");
        for (ListOptions options : new ListOptions[] {
                ListOptions.latest().withResourceVersion(Long.toString(future), ResourceVersionMatch.NOT_OLDER_THAN),
                ListOptions.latest().withResourceVersion(Long.toString(future), ResourceVersionMatch.UNSET),
                ListOptions.latest().withResourceVersion(Long.toString(future), ResourceVersionMatch.EXACT),
                ListOptions.latest().withResourceVersion(Long.toString(future), ResourceVersionMatch.UNSET).withLimit(1),
                ListOptions.latest().withContinue(new ContinueToken(future, "a\u0000").encode())}) {
            TooLargeResourceVersionException e = catchThrowableOfType(TooLargeResourceVersionException.class,
                    () -> impatient.getList(prefix, options));
            assertThat(e).as("%s", options).isNotNull();
            assertThat(e.requested()).isEqualTo(future);
            assertThat(e.retryAfterSeconds()).isEqualTo(1);
        }
        TooLargeResourceVersionException get = catchThrowableOfType(TooLargeResourceVersionException.class,
                () -> impatient.get(Keys.object("configmaps", "future", "cm-a"), new GetOptions(Long.toString(future))));
        assertThat(get).isNotNull();
        assertThat(get.current()).isLessThan(future);
    }

    @Test
    @Order(6)
    @DisplayName("too large, but etcd gets there during the wait: the read succeeds, without polling")
    void tooLargeThenReached() {
        long target = storage.currentRevision() + 2;
        CompletableFuture<Void> writes = CompletableFuture.runAsync(() -> {
            Await.result(client.getKVClient().put(Bytes.bytes("/rvlab-test/tick"), Bytes.bytes("1")));
            Await.result(client.getKVClient().put(Bytes.bytes("/rvlab-test/tick"), Bytes.bytes("2")));
        }, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
        long start = System.nanoTime();
        var list = storage.getList(Keys.collection("configmaps", "future"),
                ListOptions.latest().withResourceVersion(Long.toString(target), ResourceVersionMatch.NOT_OLDER_THAN));
        long waitedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        writes.join();
        assertThat(Long.parseLong(list.resourceVersion())).isGreaterThanOrEqualTo(target);
        assertThat(waitedMillis).isLessThan(2_900L);
        assertThat(list.items()).hasSize(1);
    }
}
