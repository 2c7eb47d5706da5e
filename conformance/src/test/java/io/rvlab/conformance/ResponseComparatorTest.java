package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Header;
import io.rvlab.conformance.WireClient.Answer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The comparator catches the mistakes a re-implementation makes, shown on golden b1's list and
 * d1.1's 504 answered by hand-made responses (revisions numbered as in the transcript).
 */
class ResponseComparatorTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));
    private static final List<Header> JSON = List.of(new Header("Content-Type", "application/json"));

    private final Exchange b1 = Transcript.read(GOLDEN.resolve("b1-list-plain-vs-etcd-revision.txt")).exchanges().get(0);
    private final Exchange d1 = Transcript.read(GOLDEN.resolve("d1-future-resourceversion.txt")).exchanges().get(0);

    /** The transcript's own numbering: creates 77, 79, 82, 83; the rest reproduced as unrelated writes. */
    private static RvTranslator sameNumbers() {
        RvTranslator rv = new RvTranslator(76);
        for (long r = 77; r <= 98; r++) {
            if (List.of(77L, 79L, 82L, 83L, 95L).contains(r)) {
                rv.learnWrite(r, r);
            } else {
                rv.learnUnrelated(r, r);
            }
        }
        return rv;
    }

    private static List<Aspect> compare(Exchange golden, Answer ours) {
        // d1.1 named 1000098; sent unchanged, since this test keeps the transcript's numbering
        return ResponseComparator.compare(golden.response(), ours,
                        new ResponseComparator.Context(sameNumbers(), new UidTranslator(), Map.of(1_000_098L, 1_000_098L), false))
                .differences().stream().map(Difference::aspect).toList();
    }

    /** b1's list as rvlab writes it: no managedFields, other uids and times, cm-a as written at 80. */
    private String ourList(String listRv, String... order) {
        StringBuilder items = new StringBuilder();
        Map<String, String> rvs = Map.of("cm-a", "80", "cm-b", "82", "cm-c", "83");
        Map<String, String> data = Map.of("cm-a", "v2", "cm-b", "b1", "cm-c", "c1");
        for (String name : order) {
            items.append(items.isEmpty() ? "" : ",").append("{\"metadata\":{\"name\":\"").append(name)
                    .append("\",\"namespace\":\"lab\",\"uid\":\"00000000-1111-2222-3333-444444444444\",\"resourceVersion\":\"")
                    .append(rvs.get(name)).append("\",\"creationTimestamp\":\"2030-01-01T00:00:00Z\",\"labels\":{\"app\":\"lab\"}},")
                    .append("\"data\":{\"k\":\"").append(data.get(name)).append("\"}}");
        }
        return "{\"kind\":\"ConfigMapList\",\"apiVersion\":\"v1\",\"metadata\":{\"resourceVersion\":\"" + listRv
                + "\"},\"items\":[" + items + "]}\n";
    }

    @Test
    @DisplayName("the same list, without managedFields and with other uids and times, matches")
    void sameList() {
        assertThat(compare(b1, new Answer(200, JSON, ourList("84", "cm-a", "cm-b", "cm-c"), false, 0.01))).isEmpty();
    }

    @Test
    @DisplayName("a list resourceVersion that is the newest item's (83) instead of etcd's header revision (84) is caught")
    void listRevisionIsTheHeaderRevision() {
        assertThat(compare(b1, new Answer(200, JSON, ourList("83", "cm-a", "cm-b", "cm-c"), false, 0.01)))
                .containsExactly(Aspect.BODY);
    }

    @Test
    @DisplayName("items out of key order are caught when etcd served the list")
    void etcdOrder() {
        assertThat(compare(b1, new Answer(200, JSON, ourList("84", "cm-b", "cm-a", "cm-c"), false, 0.01)))
                .containsExactly(Aspect.ITEMS);
    }

    @Test
    @DisplayName("a small body sent chunked, or a missing Content-Type, is caught")
    void framingAndContentType() {
        assertThat(compare(b1, new Answer(200, JSON, ourList("84", "cm-a", "cm-b", "cm-c"), true, 0.01)))
                .containsExactly(Aspect.FRAMING);
        assertThat(compare(b1, new Answer(200, List.of(), ourList("84", "cm-a", "cm-b", "cm-c"), false, 0.01)))
                .containsExactly(Aspect.CONTENT_TYPE);
    }

    /** Golden h.1's Deployment without kube-apiserver's defaults, with its own uid and time and no managedFields. */
    private String undefaultedDeployment(int generation, String image) {
        return "{\"kind\":\"Deployment\",\"apiVersion\":\"apps/v1\",\"metadata\":{\"name\":\"web\",\"namespace\":\"lab\","
                + "\"uid\":\"00000000-1111-2222-3333-444444444444\",\"resourceVersion\":\"240\",\"generation\":" + generation
                + ",\"creationTimestamp\":\"2030-01-01T00:00:00Z\",\"labels\":{\"app\":\"web\"}},\"spec\":{\"replicas\":1,"
                + "\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},"
                + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"" + image + "\"}]}}},\"status\":{}}\n";
    }

    private static List<Difference> compareH1(Answer ours) {
        Exchange h1 = Transcript.read(GOLDEN.resolve("h1-deployment-generation.txt")).exchanges().get(0);
        RvTranslator rv = new RvTranslator(239);
        rv.learnWrite(240, 240);
        return ResponseComparator.compare(h1.response(), ours, new ResponseComparator.Context(rv, new UidTranslator(), Map.of(), false))
                .differences();
    }

    @Test
    @DisplayName("defaulted fields are compared like any other: a Deployment without Kubernetes' defaults differs in its body")
    void defaults() {
        List<Difference> withoutDefaults = compareH1(new Answer(201, JSON, undefaultedDeployment(1, "example.invalid/img:1"), false, 0.01));
        assertThat(withoutDefaults).extracting(Difference::aspect).containsExactly(Aspect.BODY);
        assertThat(withoutDefaults.get(0).expected()).contains(
                "spec: fields [replicas, selector, template, strategy, revisionHistoryLimit, progressDeadlineSeconds]",
                "spec.template.metadata: fields [creationTimestamp, labels]",
                "spec.template.spec.containers[0]: fields [name, image, resources, terminationMessagePath, "
                        + "terminationMessagePolicy, imagePullPolicy]");
    }

    @Test
    @DisplayName("a 500 from rvlab breaks its rule even where kube-apiserver answered 500 too; a 504 Timeout does not")
    void serverErrors() {
        Exchange c16 = Transcript.read(GOLDEN.resolve("c1-update-conflicts-preconditions.txt")).exchanges().get(5);
        assertThat(c16.response().code()).isEqualTo(500);
        assertThat(compare(c16, new Answer(500, JSON, c16.response().body(), false, 0.01))).containsExactly(Aspect.SERVER_ERROR);
        String badRequest = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":"
                + "\"strconv.ParseUint: parsing \\\"abc\\\": invalid syntax\",\"reason\":\"BadRequest\",\"code\":400}\n";
        assertThat(compare(c16, new Answer(400, JSON, badRequest, false, 0.01))).containsExactly(Aspect.STATUS);
    }

    @Test
    @DisplayName("the too-large 504: its message, Retry-After and the 3 s wait are each checked")
    void tooLarge() {
        String body = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\",\"message\":"
                + "\"Timeout: Too large resource version: 1000098, current: 97\",\"reason\":\"Timeout\",\"details\":"
                + "{\"causes\":[{\"reason\":\"ResourceVersionTooLarge\",\"message\":\"Too large resource version\"}],"
                + "\"retryAfterSeconds\":1},\"code\":504}\n";
        List<Header> retry = List.of(new Header("Content-Type", "application/json"), new Header("Retry-After", "1"));
        assertThat(compare(d1, new Answer(504, retry, body, false, 3.01))).isEmpty();
        assertThat(compare(d1, new Answer(504, JSON, body, false, 3.01))).containsExactly(Aspect.RETRY_AFTER);
        assertThat(compare(d1, new Answer(504, retry, body, false, 0.02))).containsExactly(Aspect.WAIT);
        assertThat(compare(d1, new Answer(504, retry, body.replace("current: 97", "current: 98"), false, 3.01)))
                .containsExactly(Aspect.BODY);
        assertThat(compare(d1, new Answer(500, retry, body, false, 3.01))).containsExactly(Aspect.STATUS);
    }

    /** Golden g.3's answer (alice's and bob's Apply entries) as chapter 5 (false) or chapter 6 (true) compares it. */
    private static List<Difference> compareG3(String ourBody, boolean comparesManagedFields) {
        Exchange g3 = Transcript.read(GOLDEN.resolve("g1-server-side-apply.txt")).exchanges().get(2);
        RvTranslator rv = new RvTranslator(233);
        rv.learnWrite(234, 234);
        rv.learnWrite(235, 235);
        return ResponseComparator.compare(g3.response(), new Answer(200, JSON, ourBody, false, 0.01),
                new ResponseComparator.Context(rv, new UidTranslator(), Map.of(), false, comparesManagedFields)).differences();
    }

    private static final String G3_ENTRIES = "[{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\","
            + "\"time\":\"2030-01-01T00:00:00Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:owner\":{}}}},"
            + "{\"manager\":\"bob\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2030-01-01T00:00:01Z\","
            + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{}}}}]";

    private static String g3Body(String managedFields) {
        return "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"cm-ssa\",\"namespace\":\"lab\","
                + "\"uid\":\"00000000-1111-2222-3333-444444444444\",\"resourceVersion\":\"235\","
                + "\"creationTimestamp\":\"2030-01-01T00:00:00Z\"" + (managedFields == null ? "" : ",\"managedFields\":" + managedFields)
                + "},\"data\":{\"color\":\"blue\",\"owner\":\"alice\"}}\n";
    }

    @Test
    @DisplayName("chapter 6: the same managedFields entries with this run's times match; only their time is set aside")
    void managedFieldsCompared() {
        assertThat(compareG3(g3Body(G3_ENTRIES), true)).isEmpty();
    }

    @Test
    @DisplayName("chapter 6: entries in another order, another manager or operation, other fields, or a time not in RFC 3339 seconds are caught")
    void managedFieldsDifferences() {
        String swapped = "[" + G3_ENTRIES.substring(G3_ENTRIES.indexOf("{\"manager\":\"bob\""), G3_ENTRIES.length() - 1) + ","
                + G3_ENTRIES.substring(1, G3_ENTRIES.indexOf(",{\"manager\":\"bob\"")) + "]";
        assertThat(compareG3(g3Body(swapped), true)).extracting(Difference::aspect).containsExactly(Aspect.BODY);
        assertThat(compareG3(g3Body(G3_ENTRIES.replace("\"bob\"", "\"carol\"")), true)).extracting(Difference::aspect)
                .containsExactly(Aspect.BODY);
        assertThat(compareG3(g3Body(G3_ENTRIES.replace("\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2030-01-01T00:00:01Z\"",
                "\"operation\":\"Update\",\"apiVersion\":\"v1\",\"time\":\"2030-01-01T00:00:01Z\"")), true))
                .extracting(Difference::aspect).containsExactly(Aspect.BODY);
        assertThat(compareG3(g3Body(G3_ENTRIES.replace("{\"f:color\":{}}", "{\".\":{},\"f:color\":{}}")), true))
                .extracting(Difference::aspect).containsExactly(Aspect.BODY);
        List<Difference> fractional = compareG3(g3Body(G3_ENTRIES.replace("00:00:01Z", "00:00:01.5Z")), true);
        assertThat(fractional).extracting(Difference::aspect).containsExactly(Aspect.BODY);
        assertThat(fractional.get(0).actual()).contains("metadata.managedFields[1].time");
        assertThat(compareG3(g3Body(G3_ENTRIES.replace(",\"fieldsV1\"", ",\"subresource\":\"status\",\"fieldsV1\"")), true))
                .extracting(Difference::aspect).containsExactly(Aspect.BODY);
        assertThat(compareG3(g3Body(null), true)).extracting(Difference::aspect).containsExactly(Aspect.BODY);
    }

    @Test
    @DisplayName("chapters 2 to 5: managedFields are set aside, present or not")
    void managedFieldsIgnoredBeforeChapter6() {
        assertThat(compareG3(g3Body(null), false)).isEmpty();
        assertThat(compareG3(g3Body("[]"), false)).isEmpty();
    }
}
