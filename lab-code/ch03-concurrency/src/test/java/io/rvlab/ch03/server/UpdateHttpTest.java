package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.Client;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch03.support.Http.Response;
import io.rvlab.ch03.support.Http;
import io.rvlab.ch03.support.Objects;
import io.rvlab.ch03.support.ServerOnEtcd;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The chapter 3 server over HTTP against the golden transcripts c1, c2 and h1: Status bodies are
 * compared byte for byte, with this run's uids and resourceVersions put in place of the golden ones.
 */
@DisplayName("chapter 3 over HTTP: PUT, PATCH, DELETE and /status as in the golden transcripts")
class UpdateHttpTest extends ServerOnEtcd {

    private static final ObjectMapper JSON = new ObjectMapper();

    UpdateHttpTest(Client client) {
        super(client);
    }

    private Response json(String method, String path, String body) {
        return http.json(method, path, body);
    }

    private Response merge(String path, String body) {
        return http.send("PATCH", path, "application/merge-patch+json", body);
    }

    private String namespace(String prefix) {
        return http.namespace(prefix);
    }

    private long etcdRevision() {
        return Await.result(client.getKVClient().get(Bytes.bytes("/rvlab-none"))).getHeader().getRevision();
    }

    private static final String CONFLICT = "{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
            + "\"message\":\"Operation cannot be fulfilled on configmaps \\\"cm-a\\\": the object has been modified; please apply "
            + "your changes to the latest version and try again\",\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-a\","
            + "\"kind\":\"configmaps\"},\"code\":409}";

    @Test
    @DisplayName("golden c1: PUT with current/stale/no/\"0\"/non-numeric resourceVersion, merge patches, 404, 400")
    void c1() throws Exception {
        String ns = namespace("c1");
        String base = "/api/v1/namespaces/" + ns + "/configmaps";
        String cm = "/api/v1/namespaces/" + ns + "/configmaps/cm-a";
        Response created = json("POST", base, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-a\",\"labels\":{\"app\":\"lab\"}},\"data\":{\"k\":\"v2\"}}");
        assertThat(created.code()).isEqualTo(201);
        String rv80 = created.rv();

        // c1.1 current resourceVersion: 200, new resourceVersion
        Response put = json("PUT", cm, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-a\",\"namespace\":\"" + ns
                + "\",\"resourceVersion\":\"" + rv80 + "\",\"labels\":{\"app\":\"lab\"}},\"data\":{\"k\":\"v3\"}}");
        assertThat(put.code()).as(put.body()).isEqualTo(200);
        assertThat(Long.parseLong(put.rv())).isGreaterThan(Long.parseLong(rv80));
        assertThat(put.json().path("data").path("k").asText()).isEqualTo("v3");
        assertThat(put.json().path("metadata").path("uid").asText()).isEqualTo(created.json().path("metadata").path("uid").asText());

        // c1.2 stale resourceVersion: 409 Conflict, exact body
        Response stale = json("PUT", cm, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-a\",\"namespace\":\"" + ns
                + "\",\"resourceVersion\":\"" + rv80 + "\",\"labels\":{\"app\":\"lab\"}},\"data\":{\"k\":\"stale\"}}");
        assertThat(stale.code()).isEqualTo(409);
        assertThat(stale.body()).isEqualTo(CONFLICT);

        // c1.3 no resourceVersion: ConfigMaps allow unconditional update
        String v4 = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-a\",\"namespace\":\"" + ns
                + "\",\"labels\":{\"app\":\"lab\"}},\"data\":{\"k\":\"v4\"}}";
        Response unconditional = json("PUT", cm, v4);
        assertThat(unconditional.code()).isEqualTo(200);
        assertThat(Long.parseLong(unconditional.rv())).isGreaterThan(Long.parseLong(put.rv()));

        // c1.4 identical content again: no write, same resourceVersion, etcd revision unchanged
        long before = etcdRevision();
        Response noop = json("PUT", cm, v4);
        assertThat(noop.code()).isEqualTo(200);
        assertThat(noop.rv()).isEqualTo(unconditional.rv());
        assertThat(etcdRevision()).isEqualTo(before);

        // c1.5 resourceVersion "0": unconditional too
        Response zero = json("PUT", cm, v4.replace("\"labels\"", "\"resourceVersion\":\"0\",\"labels\""));
        assertThat(zero.code()).isEqualTo(200);
        assertThat(zero.rv()).isEqualTo(unconditional.rv());

        // c1.6 non-numeric resourceVersion: Go's parse error, as a 400 (Kubernetes: 500 with no reason; a
        // client's mistake is never a 5xx here, a reviewed difference)
        Response abc = json("PUT", cm, v4.replace("\"labels\"", "\"resourceVersion\":\"abc\",\"labels\""));
        assertThat(abc.code()).isEqualTo(400);
        assertThat(abc.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"strconv.ParseUint: parsing \\\"abc\\\": invalid syntax\",\"reason\":\"BadRequest\",\"code\":400}");

        // c1.7 merge patch without resourceVersion: 200
        Response patched = merge(cm, "{\"data\":{\"k\":\"v5\"}}");
        assertThat(patched.code()).isEqualTo(200);
        assertThat(patched.json().path("data").path("k").asText()).isEqualTo("v5");
        assertThat(patched.json().path("metadata").path("labels").path("app").asText()).isEqualTo("lab");

        // c1.8 merge patch with a stale resourceVersion: 409
        Response stalePatch = merge(cm, "{\"metadata\":{\"resourceVersion\":\"" + rv80 + "\"},\"data\":{\"k\":\"v6\"}}");
        assertThat(stalePatch.code()).isEqualTo(409);
        assertThat(stalePatch.body()).isEqualTo(CONFLICT);

        // c1.9 merge patch with the current resourceVersion: 200
        Response currentPatch = merge(cm, "{\"metadata\":{\"resourceVersion\":\"" + patched.rv() + "\"},\"data\":{\"k\":\"v6\"}}");
        assertThat(currentPatch.code()).isEqualTo(200);
        assertThat(Long.parseLong(currentPatch.rv())).isGreaterThan(Long.parseLong(patched.rv()));

        // c1.11 PUT to a missing name: 404
        Response missing = json("PUT", base + "/cm-nope", "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-nope\",\"namespace\":\"" + ns + "\"},\"data\":{\"k\":\"x\"}}");
        assertThat(missing.code()).isEqualTo(404);
        assertThat(missing.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"configmaps \\\"cm-nope\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-nope\","
                + "\"kind\":\"configmaps\"},\"code\":404}");

        // c1.12 body name differs from the URL name: 400
        Response renamed = json("PUT", cm, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-b\",\"namespace\":\"" + ns + "\"},\"data\":{\"k\":\"x\"}}");
        assertThat(renamed.code()).isEqualTo(400);
        assertThat(renamed.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"the name of the object (cm-b) does not match the name on the URL (cm-a)\",\"reason\":\"BadRequest\",\"code\":400}");
    }

    @Test
    @DisplayName("golden c2: DELETE with stale resourceVersion or wrong uid preconditions (409), matching ones (200 Success), again (404)")
    void c2() throws Exception {
        String ns = namespace("c2");
        String cm = "/api/v1/namespaces/" + ns + "/configmaps/cm-del";
        Response created = json("POST", "/api/v1/namespaces/" + ns + "/configmaps",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-del\"},\"data\":{\"k\":\"d1\"}}");
        String uid = created.json().path("metadata").path("uid").asText();
        Response patched = merge(cm, "{\"data\":{\"k\":\"d2\"}}");
        String old = created.rv();
        String current = patched.rv();

        Response staleRv = json("DELETE", cm, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"resourceVersion\":\"" + old + "\"}}");
        assertThat(staleRv.code()).isEqualTo(409);
        assertThat(staleRv.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"Operation cannot be fulfilled on ConfigMap \\\"cm-del\\\": the ResourceVersion in the precondition (" + old
                + ") does not match the ResourceVersion in record (" + current + "). The object might have been modified\","
                + "\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-del\",\"kind\":\"ConfigMap\"},\"code\":409}");

        String wrong = "00000000-0000-0000-0000-000000000000";
        Response wrongUid = json("DELETE", cm, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"uid\":\"" + wrong + "\"}}");
        assertThat(wrongUid.code()).isEqualTo(409);
        assertThat(wrongUid.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"Operation cannot be fulfilled on ConfigMap \\\"cm-del\\\": the UID in the precondition (" + wrong
                + ") does not match the UID in record (" + uid + "). The object might have been deleted and then recreated\","
                + "\"reason\":\"Conflict\",\"details\":{\"name\":\"cm-del\",\"kind\":\"ConfigMap\"},\"code\":409}");

        Response deleted = json("DELETE", cm, "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"preconditions\":{\"resourceVersion\":\""
                + current + "\",\"uid\":\"" + uid + "\"}}");
        assertThat(deleted.code()).isEqualTo(200);
        assertThat(deleted.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\","
                + "\"details\":{\"name\":\"cm-del\",\"kind\":\"configmaps\",\"uid\":\"" + uid + "\"}}");

        Response again = http.send("DELETE", cm, null, null);
        assertThat(again.code()).isEqualTo(404);
        assertThat(again.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Failure\","
                + "\"message\":\"configmaps \\\"cm-del\\\" not found\",\"reason\":\"NotFound\",\"details\":{\"name\":\"cm-del\","
                + "\"kind\":\"configmaps\"},\"code\":404}");
    }

    @Test
    @DisplayName("an update's resourceVersion is a number (\"09\" is 9, as Kubernetes' versioner parses it) in a PUT and in a patch")
    void updatesCompareNumbers() throws Exception {
        String ns = namespace("numeric");
        String cm = "/api/v1/namespaces/" + ns + "/configmaps/cm-n";
        Response created = json("POST", "/api/v1/namespaces/" + ns + "/configmaps",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-n\"},\"data\":{\"k\":\"1\"}}");
        Response put = json("PUT", cm, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-n\","
                + "\"resourceVersion\":\"0" + created.rv() + "\"},\"data\":{\"k\":\"2\"}}");
        assertThat(put.code()).as(put.body()).isEqualTo(200);
        assertThat(Long.parseLong(put.rv())).isGreaterThan(Long.parseLong(created.rv()));

        Response patched = merge(cm, "{\"metadata\":{\"resourceVersion\":\"00" + put.rv() + "\"},\"data\":{\"k\":\"3\"}}");
        assertThat(patched.code()).as(patched.body()).isEqualTo(200);
        assertThat(patched.json().path("data").path("k").asText()).isEqualTo("3");

        Response stale = json("PUT", cm, "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-n\","
                + "\"resourceVersion\":\"0" + put.rv() + "\"},\"data\":{\"k\":\"4\"}}");
        assertThat(stale.code()).as("still a number, and an old one").isEqualTo(409);
    }

    @Test
    @DisplayName("a delete's preconditions are text, as rest.BeforeDelete compares them: \"09\" is not 9, and a present \"\" never holds")
    void deletesCompareText() throws Exception {
        String ns = namespace("text");
        String cm = "/api/v1/namespaces/" + ns + "/configmaps/cm-t";
        Response created = json("POST", "/api/v1/namespaces/" + ns + "/configmaps",
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-t\"},\"data\":{\"k\":\"1\"}}");
        String rv = created.rv();
        String uid = created.json().path("metadata").path("uid").asText();

        Response padded = json("DELETE", cm, "{\"preconditions\":{\"resourceVersion\":\"0" + rv + "\"}}");
        assertThat(padded.code()).isEqualTo(409);
        assertThat(padded.json().path("message").asText()).isEqualTo("Operation cannot be fulfilled on ConfigMap \"cm-t\": "
                + "the ResourceVersion in the precondition (0" + rv + ") does not match the ResourceVersion in record (" + rv
                + "). The object might have been modified");

        Response emptyRv = json("DELETE", cm, "{\"preconditions\":{\"resourceVersion\":\"\"}}");
        assertThat(emptyRv.code()).isEqualTo(409);
        assertThat(emptyRv.json().path("message").asText()).contains("the ResourceVersion in the precondition () does not match");
        Response emptyUid = json("DELETE", cm, "{\"preconditions\":{\"uid\":\"\"}}");
        assertThat(emptyUid.code()).isEqualTo(409);
        assertThat(emptyUid.json().path("message").asText()).contains("the UID in the precondition () does not match the UID in record ("
                + uid + ")");

        Response nulls = json("DELETE", cm, "{\"preconditions\":{\"uid\":null,\"resourceVersion\":null}}");
        assertThat(nulls.code()).as("null is no precondition: " + nulls.body()).isEqualTo(200);
    }

    // tag::generation-test[]
    @Test
    @DisplayName("golden h1: Deployment generation rises on spec and annotations, not labels or status; /status writes only status")
    void h1() throws Exception {
        String ns = namespace("h1");
        String web = "/apis/apps/v1/namespaces/" + ns + "/deployments/web";
        Response created = json("POST", "/apis/apps/v1/namespaces/" + ns + "/deployments",
                "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"labels\":{\"app\":\"web\"}},"
                        + "\"spec\":{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":"
                        + "{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"example.invalid/img:1\"}]}}}}");
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("metadata").path("generation").asLong()).isEqualTo(1);

        Response replicas = merge(web, "{\"spec\":{\"replicas\":2}}");                        // h.2 spec: +1
        assertThat(replicas.json().path("metadata").path("generation").asLong()).isEqualTo(2);
        Response labels = merge(web, "{\"metadata\":{\"labels\":{\"tier\":\"frontend\"}}}");    // h.4 labels: same
        assertThat(labels.json().path("metadata").path("generation").asLong()).isEqualTo(2);
        assertThat(Long.parseLong(labels.rv())).isGreaterThan(Long.parseLong(replicas.rv()));
        Response annotations = merge(web, "{\"metadata\":{\"annotations\":{\"note\":\"hello\"}}}"); // h.5 annotations: +1
        assertThat(annotations.json().path("metadata").path("generation").asLong()).isEqualTo(3);

        Response status = merge(web + "/status", "{\"status\":{\"observedGeneration\":3,\"replicas\":2,\"readyReplicas\":1}}"); // h.6
        assertThat(status.code()).as(status.body()).isEqualTo(200);
        assertThat(status.json().path("metadata").path("generation").asLong()).isEqualTo(3);
        assertThat(status.json().path("status").path("observedGeneration").asLong()).isEqualTo(3);
        assertThat(status.json().path("status").path("replicas").asLong()).isEqualTo(2);

        Response statusToMain = merge(web, "{\"status\":{\"observedGeneration\":99,\"replicas\":7}}"); // h.7 ignored
        assertThat(statusToMain.code()).isEqualTo(200);
        assertThat(statusToMain.json().path("status").path("replicas").asLong()).isEqualTo(2);
        assertThat(statusToMain.json().path("status").path("observedGeneration").asLong()).isEqualTo(3);
        assertThat(statusToMain.rv()).as("nothing changed, nothing written").isEqualTo(status.rv());

        Response specToStatus = merge(web + "/status", "{\"spec\":{\"replicas\":5}}");            // h.8 ignored
        assertThat(specToStatus.json().path("spec").path("replicas").asLong()).isEqualTo(2);
        assertThat(specToStatus.json().path("metadata").path("generation").asLong()).isEqualTo(3);

        // h.9 PUT of the whole object with a spec change and the current resourceVersion: +1, status kept
        com.fasterxml.jackson.databind.node.ObjectNode whole = (com.fasterxml.jackson.databind.node.ObjectNode) specToStatus.json();
        ((com.fasterxml.jackson.databind.node.ObjectNode) whole.get("spec")).put("replicas", 3);
        whole.remove("status");
        Response put = json("PUT", web, JSON.writeValueAsString(whole));
        assertThat(put.code()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("metadata").path("generation").asLong()).isEqualTo(4);
        assertThat(put.json().path("status").path("observedGeneration").asLong()).as("never set by the server").isEqualTo(3);

        Response getStatus = json("GET", web + "/status", null);                                   // h.10
        assertThat(getStatus.json().path("spec").path("replicas").asLong()).isEqualTo(3);

        Response deleted = http.send("DELETE", web, null, null);                                          // h.11
        assertThat(deleted.body()).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":\"Success\","
                + "\"details\":{\"name\":\"web\",\"group\":\"apps\",\"kind\":\"deployments\",\"uid\":\""
                + created.json().path("metadata").path("uid").asText() + "\"}}");
    }
    // end::generation-test[]

    @Test
    @DisplayName("golden h.1's defaults are filled in on create, and a PUT that leaves them out changes nothing: no write, same generation")
    void defaults() throws Exception {
        String ns = namespace("defaults");
        String web = "/apis/apps/v1/namespaces/" + ns + "/deployments/web";
        Response created = json("POST", "/apis/apps/v1/namespaces/" + ns + "/deployments",
                "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"labels\":{\"app\":\"web\"}},"
                        + "\"spec\":{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":"
                        + "{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"example.invalid/img:1\"}]}}}}");
        assertThat(created.code()).as(created.body()).isEqualTo(201);
        assertThat(created.json().path("spec").toString()).isEqualTo("{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},"
                + "\"template\":{\"metadata\":{\"creationTimestamp\":null,\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":"
                + "[{\"name\":\"c\",\"image\":\"example.invalid/img:1\",\"resources\":{},\"terminationMessagePath\":"
                + "\"/dev/termination-log\",\"terminationMessagePolicy\":\"File\",\"imagePullPolicy\":\"IfNotPresent\"}],"
                + "\"restartPolicy\":\"Always\",\"terminationGracePeriodSeconds\":30,\"dnsPolicy\":\"ClusterFirst\","
                + "\"securityContext\":{},\"schedulerName\":\"default-scheduler\"}},\"strategy\":{\"type\":\"RollingUpdate\","
                + "\"rollingUpdate\":{\"maxUnavailable\":\"25%\",\"maxSurge\":\"25%\"}},\"revisionHistoryLimit\":10,"
                + "\"progressDeadlineSeconds\":600}");

        // The client's own copy, without the defaults, sent back with the current resourceVersion.
        com.fasterxml.jackson.databind.node.ObjectNode sparse = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(
                "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\",\"labels\":{\"app\":\"web\"}},"
                        + "\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":"
                        + "{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"example.invalid/img:1\"}]}}}}");
        ((com.fasterxml.jackson.databind.node.ObjectNode) sparse.get("metadata")).put("resourceVersion", created.rv());
        long before = etcdRevision();
        Response put = json("PUT", web, JSON.writeValueAsString(sparse));
        assertThat(put.code()).as(put.body()).isEqualTo(200);
        assertThat(put.json().path("metadata").path("generation").asLong()).as("the spec is the same once defaulted").isEqualTo(1);
        assertThat(put.rv()).as("nothing to write").isEqualTo(created.rv());
        assertThat(put.json().path("spec")).isEqualTo(created.json().path("spec"));
        assertThat(etcdRevision()).isEqualTo(before);

        // A merge patch that replaces the container list without the defaults: only the image counts.
        Response image = merge(web, "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"img\"}]}}}}");
        assertThat(image.json().path("metadata").path("generation").asLong()).isEqualTo(2);
        assertThat(image.json().path("spec").path("template").path("spec").path("containers").get(0).path("imagePullPolicy").asText())
                .as("an untagged image is :latest, pulled Always").isEqualTo("Always");
    }
}
