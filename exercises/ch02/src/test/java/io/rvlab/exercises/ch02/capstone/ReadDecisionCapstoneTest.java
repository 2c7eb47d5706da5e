package io.rvlab.exercises.ch02.capstone;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.storage.Versioner;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.FreshEtcd;
import io.rvlab.support.kubectl.Kubectl;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 2.7 (capstone): chapter 2's API server runs with your
 * {@link ResourceVersionReads}, and real clients judge it: HTTP requests modelled step by step on the
 * golden captures of kube-apiserver 1.26.1 (the ids such as GOLD b2.4 name the step in
 * {@code conformance/golden/}), and kubectl. Your methods are never called directly.
 *
 * <p>Each test writes its own history straight into etcd, as kube-apiserver stores ConfigMaps, in a
 * namespace of its own, like the golden scenario b0-b2: cm-a created (k=v1) at r1 and changed (k=v2)
 * at r2, an unrelated write at r3 (a Lease, as kube-apiserver's own writes in the captures), cm-b
 * created at r4, cm-c at r5. The class compacts etcd in its last test, so it has an etcd of its own.
 */
@ExtendWith(EtcdExtension.class)
@FreshEtcd
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(120)
@DisplayName("2.7 capstone: the read decision inside the API server")
class ReadDecisionCapstoneTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** How long this test's server waits for a resourceVersion etcd has not reached (kube-apiserver: 3 s). */
    private static final Duration TOO_LARGE_WAIT = Duration.ofSeconds(1);

    private final Client client;
    private final KV kv;
    private ApiServer server;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    ReadDecisionCapstoneTest(Client client) {
        this.client = client;
        this.kv = client.getKVClient();
    }

    @BeforeEach
    void startServer() {
        Versioner versioner = new Versioner();
        server = ApiServer.start(new EtcdStorage(client, versioner, TOO_LARGE_WAIT, new ResourceVersionReads(versioner)),
                "127.0.0.1", 0);
    }

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.close();
        }
    }

    /** The revisions of one namespace's history (see the class comment). */
    record History(String ns, long cmAV1, long cmAV2, long unrelated, long cmB, long cmC) {
    }

    private History history(String ns) {
        put("/registry/namespaces/" + ns, "{\"kind\":\"Namespace\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"" + ns
                + "\",\"uid\":\"u-" + ns + "\",\"creationTimestamp\":\"2026-01-01T00:00:00Z\"},\"spec\":{\"finalizers\":[\"kubernetes\"]},"
                + "\"status\":{\"phase\":\"Active\"}}");
        long a1 = put(key(ns, "cm-a"), configMap(ns, "cm-a", "v1"));
        long a2 = put(key(ns, "cm-a"), configMap(ns, "cm-a", "v2"));
        long unrelated = put("/registry/leases/kube-system/lease-" + ns, "{}");
        long b = put(key(ns, "cm-b"), configMap(ns, "cm-b", "v1"));
        long c = put(key(ns, "cm-c"), configMap(ns, "cm-c", "v1"));
        return new History(ns, a1, a2, unrelated, b, c);
    }

    // ------------------------------------------------------------------------------------------------

    @Test
    @Order(1)
    @DisplayName("Most Recent (no resourceVersion) and Any (\"0\"): etcd's latest state, limit honoured (GOLD b1, a1, n1.1, n1.2)")
    void mostRecentIsTheLatest() {
        History h = history("recent");
        long now = currentRevision();

        Answer list = get("/api/v1/namespaces/recent/configmaps");
        expectList(list, "the LIST with no resourceVersion (Most Recent, GOLD b1)", now, List.of(
                "cm-a@" + h.cmAV2() + " k=v2", "cm-b@" + h.cmB() + " k=v1", "cm-c@" + h.cmC() + " k=v1"), false);

        Answer one = get("/api/v1/namespaces/recent/configmaps/cm-a");
        expectObject(one, "the GET of cm-a with no resourceVersion (GOLD a1)", "cm-a@" + h.cmAV2() + " k=v2");
        expectObject(get("/api/v1/namespaces/recent/configmaps/cm-a?resourceVersion=0"),
                "the GET of cm-a with resourceVersion \"0\" (Any: this server has no cache, so etcd's latest)",
                "cm-a@" + h.cmAV2() + " k=v2");

        expectList(get("/api/v1/namespaces/recent/configmaps?resourceVersion=0"),
                "the LIST with resourceVersion \"0\" (Any, GOLD n1.1)", now, List.of(
                        "cm-a@" + h.cmAV2() + " k=v2", "cm-b@" + h.cmB() + " k=v1", "cm-c@" + h.cmC() + " k=v1"), false);
        expectList(get("/api/v1/namespaces/recent/configmaps?limit=1&resourceVersion=0"),
                "the LIST with limit=1 and resourceVersion \"0\" (Any, GOLD n1.2: without a cache the limit is honoured)",
                now, List.of("cm-a@" + h.cmAV2() + " k=v2"), true);

        // The server's own read: before a create it looks the namespace up with a GET, through forGet.
        Answer created = post("/api/v1/namespaces/recent/configmaps",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-new\"},\"data\":{\"k\":\"v1\"}}");
        assertThat(created.code())
                .as("POST of a new ConfigMap in namespace \"recent\": the server first GETs the namespace (no"
                        + " resourceVersion) through your forGet; expected 201 Created, your server answered %s", created)
                .isEqualTo(201);
    }

    @Test
    @Order(2)
    @DisplayName("Exact N, and the legacy rule (limit with N, no match): etcd's history at N, list resourceVersion N (GOLD b2.4, b2.5, b3.6)")
    void exactListsReadHistory() {
        History h = history("exact");

        expectList(get("/api/v1/namespaces/exact/configmaps?resourceVersion=" + h.cmAV1() + "&resourceVersionMatch=Exact"),
                "the LIST with resourceVersionMatch=Exact at r1=" + h.cmAV1() + " (GOLD b2.4: only cm-a, still k=v1)",
                h.cmAV1(), List.of("cm-a@" + h.cmAV1() + " k=v1"), false);
        expectList(get("/api/v1/namespaces/exact/configmaps?resourceVersion=" + h.unrelated() + "&resourceVersionMatch=Exact"),
                "the LIST with resourceVersionMatch=Exact at " + h.unrelated() + ", a revision written by another key"
                        + " (GOLD b2.5: still a valid snapshot)",
                h.unrelated(), List.of("cm-a@" + h.cmAV2() + " k=v2"), false);
        expectList(get("/api/v1/namespaces/exact/configmaps?limit=1&resourceVersion=" + h.cmB() + "&resourceVersionMatch=Exact"),
                "the LIST with limit=1 and resourceVersionMatch=Exact at " + h.cmB() + " (GOLD b3.6: the first page of that snapshot)",
                h.cmB(), List.of("cm-a@" + h.cmAV2() + " k=v2"), true);
        expectList(get("/api/v1/namespaces/exact/configmaps?limit=5&resourceVersion=" + h.cmAV1()),
                "the LIST with limit=5 and resourceVersion " + h.cmAV1() + " but no resourceVersionMatch (the legacy"
                        + " rule: a limit with N reads exactly N)",
                h.cmAV1(), List.of("cm-a@" + h.cmAV1() + " k=v1"), false);
    }

    @Test
    @Order(3)
    @DisplayName("Not older than N (NotOlderThan, or N without a limit), and a GET at N: the latest state (GOLD b2.2, b2.3, b3.7, n1.4, n1.9, n1.10)")
    void notOlderThanIsTheLatest() {
        History h = history("nolder");
        long now = currentRevision();
        List<String> latest = List.of("cm-a@" + h.cmAV2() + " k=v2", "cm-b@" + h.cmB() + " k=v1", "cm-c@" + h.cmC() + " k=v1");

        expectList(get("/api/v1/namespaces/nolder/configmaps?resourceVersion=" + h.cmAV1() + "&resourceVersionMatch=NotOlderThan"),
                "the LIST with resourceVersionMatch=NotOlderThan at r1=" + h.cmAV1() + " (GOLD b2.2, n1.9: etcd is past r1,"
                        + " so the latest state keeps the promise)", now, latest, false);
        expectList(get("/api/v1/namespaces/nolder/configmaps?resourceVersion=" + h.cmAV1()),
                "the LIST with resourceVersion " + h.cmAV1() + ", no match and no limit (GOLD b2.3, n1.10: not older than)",
                now, latest, false);
        expectList(get("/api/v1/namespaces/nolder/configmaps?limit=2&resourceVersion=" + h.cmAV1() + "&resourceVersionMatch=NotOlderThan"),
                "the LIST with limit=2 and resourceVersionMatch=NotOlderThan at " + h.cmAV1()
                        + " (GOLD b3.7: NotOlderThan stays so with a limit, unlike the legacy rule)",
                now, latest.subList(0, 2), true);
        expectObject(get("/api/v1/namespaces/nolder/configmaps/cm-a?resourceVersion=" + h.cmAV1()),
                "the GET of cm-a with resourceVersion r1=" + h.cmAV1() + " (a GET has no Exact: not older than r1 is"
                        + " today's cm-a)", "cm-a@" + h.cmAV2() + " k=v2");
        expectObject(get("/api/v1/namespaces/nolder/configmaps/cm-a?resourceVersion=" + h.cmAV1() + "&resourceVersionMatch=Exact"),
                "the GET of cm-a with resourceVersion r1=" + h.cmAV1() + "&resourceVersionMatch=Exact (a GET ignores"
                        + " resourceVersionMatch)", "cm-a@" + h.cmAV2() + " k=v2");
    }

    @Test
    @Order(4)
    @DisplayName("A resourceVersion etcd has not reached: wait for it, then 504 Too large resource version (GOLD d1.1-d1.3, d1.5, n1.5)")
    void futureRevisionsWaitThen504() throws Exception {
        History h = history("future");
        long future = currentRevision() + 1_000_000;
        String[][] requests = {
            {"/api/v1/namespaces/future/configmaps/cm-a?resourceVersion=" + future, "the GET of cm-a (GOLD d1.1)"},
            {"/api/v1/namespaces/future/configmaps?resourceVersion=" + future, "the LIST without a match (GOLD d1.2)"},
            {"/api/v1/namespaces/future/configmaps?resourceVersion=" + future + "&resourceVersionMatch=NotOlderThan",
                "the LIST with NotOlderThan (GOLD d1.3)"},
            {"/api/v1/namespaces/future/configmaps?limit=1&resourceVersion=" + future + "&resourceVersionMatch=NotOlderThan",
                "the LIST with limit=1 and NotOlderThan (GOLD d1.5)"},
        };
        for (String[] request : requests) {
            long started = System.nanoTime();
            Answer answer = get(request[0]);
            long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            assertThat(answer.code())
                    .as("%s with resourceVersion %d, a million revisions ahead of etcd: the client asks for a state not"
                            + " older than that, which etcd does not have; expected 504 after waiting, your server answered %s",
                            request[1], future, answer)
                    .isEqualTo(504);
            assertThat(waitedMs)
                    .as("%s with resourceVersion %d: this server waits up to %d ms for etcd to get there before its 504;"
                            + " yours answered after %d ms", request[1], future, TOO_LARGE_WAIT.toMillis(), waitedMs)
                    .isGreaterThanOrEqualTo(TOO_LARGE_WAIT.toMillis() - 100);
        }

        // The next revision, written by another client while the LIST waits for it.
        long next = currentRevision() + 1;
        CompletableFuture<Long> writer = CompletableFuture.supplyAsync(() -> {
            sleep(300);
            return put(key("future", "cm-d"), configMap("future", "cm-d", "v1"));
        });
        Answer waited = get("/api/v1/namespaces/future/configmaps?resourceVersion=" + next);
        long written = writer.get(30, TimeUnit.SECONDS);
        expectList(waited, "the LIST with resourceVersion " + next + " (etcd's next revision, written 300 ms into the"
                + " wait by another client: the answer must include that write)", written, List.of(
                        "cm-a@" + h.cmAV2() + " k=v2", "cm-b@" + h.cmB() + " k=v1", "cm-c@" + h.cmC() + " k=v1",
                        "cm-d@" + written + " k=v1"), false);
    }

    @Test
    @Order(5)
    @DisplayName("limit and continue: every page at the first page's revision, whatever is written between pages (GOLD b3.1-b3.3)")
    void pagesAreOneSnapshot() {
        History h = history("pages");
        long first = currentRevision();

        Answer page1 = get("/api/v1/namespaces/pages/configmaps?limit=1");
        expectList(page1, "page 1 (limit=1, no resourceVersion, GOLD b3.1)", first, List.of("cm-a@" + h.cmAV2() + " k=v2"), true);

        // Between the pages: a new object that sorts between cm-a and cm-b, and a change to cm-b.
        put(key("pages", "cm-aa"), configMap("pages", "cm-aa", "new"));
        put(key("pages", "cm-b"), configMap("pages", "cm-b", "v2"));

        Answer page2 = get("/api/v1/namespaces/pages/configmaps?limit=1&continue=" + page1.continueToken());
        expectList(page2, "page 2 (continue from page 1, GOLD b3.2; cm-aa was created and cm-b changed after page 1,"
                + " so neither may show: the list is page 1's snapshot at " + first + ")",
                first, List.of("cm-b@" + h.cmB() + " k=v1"), true);
        Answer page3 = get("/api/v1/namespaces/pages/configmaps?limit=1&continue=" + page2.continueToken());
        expectList(page3, "page 3, the last (GOLD b3.3)", first, List.of("cm-c@" + h.cmC() + " k=v1"), false);

        Answer zero = get("/api/v1/namespaces/pages/configmaps?limit=1&resourceVersion=0&continue=" + page1.continueToken());
        expectList(zero, "page 2 again, with resourceVersion \"0\" next to the continue token (\"0\" asks for nothing"
                + " in particular, so the token still decides)", first, List.of("cm-b@" + h.cmB() + " k=v1"), true);
    }

    @Test
    @Order(6)
    @DisplayName("what the client got wrong: 400 BadRequest, with kube-apiserver's message (GOLD b3.8, b3.12, b3.13)")
    void refusalsAre400() {
        history("refuse");
        String token = get("/api/v1/namespaces/refuse/configmaps?limit=1").continueToken();
        String abc = "invalid resource version: resourceVersion: Invalid value: \"abc\": strconv.ParseUint: parsing \"abc\": invalid syntax";

        expectStatus(get("/api/v1/namespaces/refuse/configmaps?resourceVersion=abc"),
                "the LIST with resourceVersion=abc (GOLD b3.12; current Kubernetes answers it with a 400)", 400, "BadRequest", abc);
        expectStatus(get("/api/v1/namespaces/refuse/configmaps/cm-a?resourceVersion=abc"),
                "the GET of cm-a with resourceVersion=abc", 400, "BadRequest", abc);
        expectStatus(get("/api/v1/namespaces/refuse/configmaps?resourceVersion=99999999999999999999x"),
                "the LIST with resourceVersion=99999999999999999999x (Go's ParseUint overflows at the 20th digit,"
                        + " before it reaches the x)", 400, "BadRequest",
                "invalid resource version: resourceVersion: Invalid value: \"99999999999999999999x\": strconv.ParseUint:"
                        + " parsing \"99999999999999999999x\": value out of range");
        long tooNew = currentRevision() + 1000;
        expectStatus(get("/api/v1/namespaces/refuse/configmaps?limit=1&continue=" + token + "&resourceVersion=" + tooNew),
                "the LIST with a continue token and resourceVersion=" + tooNew + ", newer than the token's snapshot"
                        + " (GOLD b3.8's request; no snapshot older than " + tooNew + " can be not older than it)",
                400, "BadRequest", "specifying resource version is not allowed when using continue");
        expectStatus(get("/api/v1/namespaces/refuse/configmaps?limit=1&continue=garbage"),
                "the LIST with continue=garbage (GOLD b3.13)", 400, "BadRequest",
                "invalid continue token: continue key is not valid: invalid character '\\u0081' looking for beginning of value");
    }

    @Test
    @Order(7)
    @DisplayName("kubectl: get, get --chunk-size (limit and continue) and get --raw at an Exact resourceVersion")
    void kubectlAgainstYourServer() throws Exception {
        Optional<Path> binary = Kubectl.find();
        Assumptions.assumeTrue(binary.isPresent(), "kubectl is not installed (looked on PATH and for /usr/bin/kubectl):"
                + " skipping the kubectl checks; the HTTP checks of the other tests still judge your decision");
        History h = history("kubectl");
        try (Kubectl kubectl = Kubectl.forServer(binary.get(), server.url().toString(), "kubectl")) {
            kubectlChecks(kubectl, h);
        }
    }

    private void kubectlChecks(Kubectl kubectl, History h) throws Exception {

        Kubectl.Result names = kubectl.run("get", "configmaps", "-n", "kubectl", "--chunk-size=1", "-o", "name");
        assertThat(names.out())
                .as("kubectl get configmaps -n kubectl --chunk-size=1 -o name (three pages of one: limit=1, then continue"
                        + " twice) should print the three ConfigMaps; it printed %s and said %s", names.out(), names.err())
                .isEqualTo("configmap/cm-a\nconfigmap/cm-b\nconfigmap/cm-c\n");

        Kubectl.Result data = kubectl.run("get", "configmap", "cm-a", "-n", "kubectl", "-o", "jsonpath={.data.k} {.metadata.resourceVersion}");
        assertThat(data.out())
                .as("kubectl get configmap cm-a -o jsonpath='{.data.k} {.metadata.resourceVersion}' should print today's"
                        + " cm-a; it printed %s and said %s", data.out(), data.err())
                .isEqualTo("v2 " + h.cmAV2());

        Kubectl.Result exact = kubectl.run("get", "--raw", "/api/v1/namespaces/kubectl/configmaps?resourceVersion=" + h.cmAV1()
                + "&resourceVersionMatch=Exact");
        Answer answer = new Answer(exact.exitCode() == 0 ? 200 : -1, exact.out().isBlank() ? exact.err() : exact.out());
        expectList(answer, "kubectl get --raw '/api/v1/namespaces/kubectl/configmaps?resourceVersion=" + h.cmAV1()
                + "&resourceVersionMatch=Exact'", h.cmAV1(), List.of("cm-a@" + h.cmAV1() + " k=v1"), false);
    }

    @Test
    @Order(8)
    @DisplayName("the decision is yours: it does not hand the question to the chapter's own decision")
    void theDecisionIsYourOwn() throws IOException {
        // An untouched skeleton has no decision at all: its TODO marks the exercise as not started.
        new ResourceVersionReads(new Versioner()).forGet(new io.rvlab.ch02.storage.GetOptions(""));
        String bytecode;
        try (InputStream in = ResourceVersionReads.class.getResourceAsStream("ResourceVersionReads.class")) {
            assertThat(in).as("the compiled ResourceVersionReads.class").isNotNull();
            bytecode = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
        for (String borrowed : List.of("listRead", "getRead", "kubernetes")) {
            assertThat(bytecode)
                    .as("ResourceVersionReads calls %s: the exercise is to make the decision yourself, not to delegate it"
                            + " to EtcdStorage.listRead, EtcdStorage.getRead or ReadDecision.kubernetes", borrowed)
                    .doesNotContain(borrowed);
        }
    }

    @Test
    @Order(9)
    @DisplayName("the variation: page 2 with a resourceVersion beside a continue token, equal to, older and newer than"
            + " the token's snapshot, then beside a token at the latest (./course hint 2.7)")
    void aResourceVersionBesideATokenIsAFloor() throws Exception {
        History h = history("floor");
        Answer page1 = get("/api/v1/namespaces/floor/configmaps?limit=1");
        long snapshot = Long.parseLong(page1.listResourceVersion());
        expectList(page1, "page 1 (limit=1)", snapshot, List.of("cm-a@" + h.cmAV2() + " k=v2"), true);
        long newer = put(key("floor", "cm-b"), configMap("floor", "cm-b", "v2")); // after page 1: not in the snapshot

        // The expectations say what a client sees, not why: the rule is the learner's to work out (./course hint 2.7).
        expectList(get("/api/v1/namespaces/floor/configmaps?limit=1&resourceVersion=" + snapshot + "&continue=" + page1.continueToken()),
                "GET ...?limit=1&resourceVersion=" + snapshot + "&continue=<page 1's token, snapshot " + snapshot + ">"
                        + " (kube-apiserver answers 400 here; this course's server does not; ./course hint 2.7)",
                snapshot, List.of("cm-b@" + h.cmB() + " k=v1"), true);
        expectList(get("/api/v1/namespaces/floor/configmaps?limit=1&resourceVersion=" + h.cmAV1() + "&continue=" + page1.continueToken()),
                "GET ...?limit=1&resourceVersion=" + h.cmAV1() + "&continue=<page 1's token, snapshot " + snapshot + ">"
                        + " (./course hint 2.7)", snapshot, List.of("cm-b@" + h.cmB() + " k=v1"), true);
        expectStatus(get("/api/v1/namespaces/floor/configmaps?limit=1&resourceVersion=" + newer + "&continue=" + page1.continueToken()),
                "GET ...?limit=1&resourceVersion=" + newer + "&continue=<page 1's token, snapshot " + snapshot + ">,"
                        + " sent after cm-b was written at revision " + newer + " (./course hint 2.7)", 400, "BadRequest",
                "specifying resource version is not allowed when using continue");

        // The token a 410 offers: rv -1, go on from a key at the latest revision, whatever it is.
        String latestToken = java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(
                "{\"v\":\"meta.k8s.io/v1\",\"rv\":-1,\"start\":\"cm-b\\u0000\"}".getBytes(StandardCharsets.UTF_8));
        long now = currentRevision();
        expectList(get("/api/v1/namespaces/floor/configmaps?limit=1&resourceVersion=" + newer + "&continue=" + latestToken),
                "GET ...?limit=1&resourceVersion=" + newer + "&continue=<a token with rv -1, from cm-b>, etcd at revision "
                        + now + " (./course hint 2.7)", now, List.of("cm-c@" + h.cmC() + " k=v1"), false);
        long future = now + 1_000_000;
        long started = System.nanoTime();
        Answer waited = get("/api/v1/namespaces/floor/configmaps?limit=1&resourceVersion=" + future + "&continue=" + latestToken);
        long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertThat(waited.code())
                .as("GET ...?limit=1&resourceVersion=%d&continue=<a token with rv -1>, etcd at revision %d: your server"
                        + " answered %s after %d ms; expected 504 (./course hint 2.7)", future, now, waited, waitedMs)
                .isEqualTo(504);
        assertThat(waitedMs)
                .as("GET ...?limit=1&resourceVersion=%d&continue=<a token with rv -1>: your server answered its 504 after"
                        + " %d ms; expected it after at least %d ms (./course hint 2.7)", future, waitedMs,
                        TOO_LARGE_WAIT.toMillis() - 100)
                .isGreaterThanOrEqualTo(TOO_LARGE_WAIT.toMillis() - 100);
    }

    @Test
    @Order(99) // last: it compacts this class's etcd
    @DisplayName("a compacted revision: 410 Expired for Exact and for a continue token, whose offered token goes on at the latest")
    void compactionGives410() {
        History h = history("expired");
        Answer page1 = get("/api/v1/namespaces/expired/configmaps?limit=1");
        expectList(page1, "page 1 (limit=1)", currentRevision(), List.of("cm-a@" + h.cmAV2() + " k=v2"), true);
        put(key("expired", "cm-b"), configMap("expired", "cm-b", "v2"));
        long compactedTo = currentRevision();
        await(kv.compact(compactedTo));

        expectStatus(get("/api/v1/namespaces/expired/configmaps?resourceVersion=" + h.cmAV1() + "&resourceVersionMatch=Exact"),
                "the LIST with resourceVersionMatch=Exact at r1=" + h.cmAV1() + ", after etcd compacted everything before "
                        + compactedTo, 410, "Expired", "The resourceVersion for the provided list is too old.");
        Answer expired = get("/api/v1/namespaces/expired/configmaps?limit=1&continue=" + page1.continueToken());
        assertThat(expired.code())
                .as("page 2, continuing page 1 whose revision etcd has since compacted: expected 410 Expired, your server"
                        + " answered %s", expired)
                .isEqualTo(410);
        String offered = expired.json().path("metadata").path("continue").asText("");
        assertThat(offered)
                .as("the 410 for an expired continue token offers a token to go on, inconsistently, at the latest revision")
                .isNotEmpty();
        Answer onward = get("/api/v1/namespaces/expired/configmaps?limit=1&continue=" + offered);
        expectList(onward, "page 2 with the token the 410 offered (its \"rv\" is -1: continue at the latest revision,"
                + " whatever it is now)", currentRevision(), List.of("cm-b@" + compactedTo + " k=v2"), true);
    }

    // ------------------------------------------------------------------------------------------------
    // What the tests expect, said in the learner's terms.

    private static void expectList(Answer answer, String what, long resourceVersion, List<String> items, boolean more) {
        assertThat(answer.code())
                .as("%s: expected 200 with the list at resourceVersion %d (%s); your server answered %s",
                        what, resourceVersion, String.join(", ", items), answer)
                .isEqualTo(200);
        assertThat(answer.listResourceVersion())
                .as("%s: the list's resourceVersion is the etcd revision it was read at; expected \"%d\", your server"
                        + " answered %s", what, resourceVersion, answer)
                .isEqualTo(Long.toString(resourceVersion));
        assertThat(answer.items())
                .as("%s: expected the items %s (name@resourceVersion data); your server answered %s",
                        what, items, answer)
                .containsExactlyElementsOf(items);
        assertThat(!answer.continueToken().isEmpty())
                .as("%s: %s; your server answered %s", what,
                        more ? "more items follow, so the answer carries a continue token" : "nothing follows, so no continue token",
                        answer)
                .isEqualTo(more);
    }

    private static void expectObject(Answer answer, String what, String object) {
        assertThat(answer.code()).as("%s: expected 200 with %s; your server answered %s", what, object, answer).isEqualTo(200);
        assertThat(Answer.describe(answer.json()))
                .as("%s: expected %s (name@resourceVersion data); your server answered %s", what, object, answer)
                .isEqualTo(object);
    }

    private static void expectStatus(Answer answer, String what, int code, String reason, String message) {
        assertThat(answer.code())
                .as("%s: expected %d %s \"%s\"; your server answered %s", what, code, reason, message, answer)
                .isEqualTo(code);
        assertThat(answer.json().path("reason").asText()).as("%s: the Status reason; your server answered %s", what, answer)
                .isEqualTo(reason);
        assertThat(answer.json().path("message").asText()).as("%s: kube-apiserver's message, word for word", what)
                .isEqualTo(message);
    }

    /** An HTTP answer, summarised for failure messages. */
    record Answer(int code, String body) {

        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                return JSON.createObjectNode();
            }
        }

        String listResourceVersion() {
            return json().path("metadata").path("resourceVersion").asText("");
        }

        String continueToken() {
            return json().path("metadata").path("continue").asText("");
        }

        List<String> items() {
            List<String> items = new ArrayList<>();
            json().path("items").forEach(item -> items.add(describe(item)));
            return items;
        }

        static String describe(JsonNode object) {
            return object.path("metadata").path("name").asText() + "@" + object.path("metadata").path("resourceVersion").asText()
                    + " k=" + object.path("data").path("k").asText();
        }

        @Override
        public String toString() {
            JsonNode json = json();
            if (code != 200 && code != 201) {
                String status = json.path("kind").asText().equals("Status")
                        ? json.path("reason").asText() + " \"" + json.path("message").asText() + "\""
                        : body.strip();
                return code + " " + status;
            }
            if (json.has("items")) {
                return "200, list resourceVersion \"" + listResourceVersion() + "\", items " + items()
                        + (continueToken().isEmpty() ? ", no continue token" : ", with a continue token");
            }
            return code + " " + describe(json);
        }
    }

    private Answer get(String path) {
        return send(HttpRequest.newBuilder(url(path)).GET());
    }

    private Answer post(String path, String body) {
        return send(HttpRequest.newBuilder(url(path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private URI url(String path) {
        // Continue tokens are URL-safe base64; anything else in these paths is plain ASCII.
        return URI.create(server.url() + path.replace(" ", URLEncoder.encode(" ", StandardCharsets.UTF_8)));
    }

    private Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = http.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            Answer answer = new Answer(response.statusCode(), response.body());
            if (answer.code() == 500 && answer.json().path("message").asText().contains("TODO exercise 2.7")) {
                // The skeleton's marker, thrown inside the server: say so as the grader understands it.
                throw new UnsupportedOperationException("TODO exercise 2.7 (the server asked your ResourceVersionReads"
                        + " where to read, and it is still the skeleton: the client got a 500)");
            }
            return answer;
        } catch (IOException e) {
            throw new AssertionError("the server did not answer: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    // ------------------------------------------------------------------------------------------------
    // etcd, directly (never through your code), and kubectl.

    private static String key(String ns, String name) {
        return "/registry/configmaps/" + ns + "/" + name;
    }

    private static String configMap(String ns, String name, String value) {
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"" + name + "\",\"namespace\":\"" + ns
                + "\",\"uid\":\"u-" + ns + "-" + name + "\",\"creationTimestamp\":\"2026-01-01T00:00:00Z\"},\"data\":{\"k\":\""
                + value + "\"}}";
    }

    private long put(String key, String value) {
        return await(kv.put(ByteSequence.from(key, StandardCharsets.UTF_8), ByteSequence.from(value, StandardCharsets.UTF_8)))
                .getHeader().getRevision();
    }

    private long currentRevision() {
        return await(kv.get(ByteSequence.from("/rvlab-test/any-key", StandardCharsets.UTF_8))).getHeader().getRevision();
    }

    private static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("direct etcd call failed: " + e, e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
