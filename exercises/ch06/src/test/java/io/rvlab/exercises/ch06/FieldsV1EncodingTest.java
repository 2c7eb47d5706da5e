package io.rvlab.exercises.ch06;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.FieldsV1;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.support.etcd.EtcdExtension;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 6.1 (the FieldsV1 encoding): small sets first, then every fieldsV1 a real
 * kube-apiserver wrote in the golden transcripts, then the sets this chapter's server records on etcd.
 * Encodings are compared as text: the order of the keys is part of the answer.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("6.1 the FieldsV1 encoding")
class FieldsV1EncodingTest {

    @Test
    @DisplayName("the encoding is yours: it is not the course's own FieldsV1")
    void theEncodingIsYourOwn() {
        // An untouched skeleton encodes nothing: its TODO marks the exercise as not started.
        FieldsV1Encoding.encode(FieldSet.of(FieldPath.fields("data", "color")));
        // FieldsV1 writes these very bytes by design (the tests compare with it and with the golden transcripts),
        // so no input tells the two apart: what the compiled class refers to does (see the grader's OwnCode).
        // The same for a path element's key: PathElement.encode and decode are the course's, and the exercise's.
        assertThat(io.rvlab.grader.OwnCode.borrowed(FieldsV1Encoding.class, java.util.List.of("io.rvlab.ch06.fieldpath.FieldsV1",
                "io.rvlab.ch06.fieldpath.PathElement#encode", "io.rvlab.ch06.fieldpath.PathElement#decode",
                "io.rvlab.ch06.fieldpath.PathElement#knownPrefix",
                "io.rvlab.ch06.fieldpath.PathElement$Field#encode", "io.rvlab.ch06.fieldpath.PathElement$Key#encode",
                "io.rvlab.ch06.fieldpath.PathElement$Value#encode", "io.rvlab.ch06.fieldpath.PathElement$Index#encode")))
                .as("the course's own code your FieldsV1Encoding calls (see ./course hint 6.1)").isEmpty();
    }

    @Test
    @DisplayName("a leaf is {}, a member with children gets \".\" first: the fields a plain POST of a ConfigMap records (golden a1)")
    void postedConfigMap() {
        FieldSet set = FieldSet.of(
                FieldPath.fields("data"), FieldPath.fields("data", "k"),
                FieldPath.fields("metadata", "labels"), FieldPath.fields("metadata", "labels", "app"));
        assertThat(FieldsV1Encoding.encode(set).toString())
                .as("your fieldsV1 for {.data, .data.k, .metadata.labels, .metadata.labels.app}")
                .isEqualTo("{\"f:data\":{\".\":{},\"f:k\":{}},\"f:metadata\":{\"f:labels\":{\".\":{},\"f:app\":{}}}}");
    }

    @Test
    @DisplayName("a path only on the way to members gets no \".\": what an apply of data.color and data.owner records (golden g1)")
    void appliedConfigMap() {
        FieldSet set = FieldSet.of(FieldPath.fields("data", "owner"), FieldPath.fields("data", "color"));
        assertThat(FieldsV1Encoding.encode(set).toString()).as("your fieldsV1 for {.data.owner, .data.color}")
                .isEqualTo("{\"f:data\":{\"f:color\":{},\"f:owner\":{}}}");
        assertThat(FieldsV1Encoding.encode(FieldSet.empty()).toString()).as("your fieldsV1 for the empty set").isEqualTo("{}");
    }

    @Test
    @DisplayName("keyed items are k:{...} with their key fields sorted, set items v:..., children sort fields < keys < values, keys by value (port 80 < 443)")
    void keysValuesAndOrder() {
        FieldPath containers = FieldPath.fields("spec", "containers");
        FieldPath nginx = containers.child(key("{\"name\":\"nginx\"}"));
        FieldPath port = nginx.child(new PathElement.Field("ports")).child(key("{\"containerPort\":80,\"protocol\":\"TCP\"}"));
        FieldPath finalizers = FieldPath.fields("metadata", "finalizers");
        FieldSet set = FieldSet.of(
                nginx, nginx.child(new PathElement.Field("image")), nginx.child(new PathElement.Field("name")),
                port, port.child(new PathElement.Field("containerPort")),
                finalizers.child(new PathElement.Value(JsonNodeFactory.instance.textNode("example.com/b"))),
                finalizers.child(new PathElement.Value(JsonNodeFactory.instance.textNode("example.com/a"))),
                FieldPath.fields("spec", "replicas"));
        assertThat(FieldsV1Encoding.encode(set).toString())
                .as("your fieldsV1 for a container, its image and name, a port, two finalizers and .spec.replicas").isEqualTo("{"
                + "\"f:metadata\":{\"f:finalizers\":{\"v:\\\"example.com/a\\\"\":{},\"v:\\\"example.com/b\\\"\":{}}},"
                + "\"f:spec\":{\"f:containers\":{\"k:{\\\"name\\\":\\\"nginx\\\"}\":{\".\":{},\"f:image\":{},\"f:name\":{},"
                + "\"f:ports\":{\"k:{\\\"containerPort\\\":80,\\\"protocol\\\":\\\"TCP\\\"}\":{\".\":{},\"f:containerPort\":{}}}}},"
                + "\"f:replicas\":{}}}");

        // Keys and values sort by what they hold, numbers as numbers (structured-merge-diff's PathElement.Compare),
        // not by their text: port 80 comes before 443 and 8080, though "443" < "80" < "8080" as strings.
        FieldPath ports = nginx.child(new PathElement.Field("ports"));
        FieldSet numbered = FieldSet.of(
                ports.child(key("{\"containerPort\":8080,\"protocol\":\"TCP\"}")),
                ports.child(key("{\"containerPort\":443,\"protocol\":\"TCP\"}")),
                ports.child(key("{\"containerPort\":80,\"protocol\":\"TCP\"}")));
        assertThat(FieldsV1Encoding.encode(numbered).toString())
                .as("your fieldsV1 for nginx's ports 8080, 443 and 80 (keys compare by value, 80 < 443 < 8080)").isEqualTo(
                "{\"f:spec\":{\"f:containers\":{\"k:{\\\"name\\\":\\\"nginx\\\"}\":{\"f:ports\":{"
                + "\"k:{\\\"containerPort\\\":80,\\\"protocol\\\":\\\"TCP\\\"}\":{},"
                + "\"k:{\\\"containerPort\\\":443,\\\"protocol\\\":\\\"TCP\\\"}\":{},"
                + "\"k:{\\\"containerPort\\\":8080,\\\"protocol\\\":\\\"TCP\\\"}\":{}}}}}}");
    }

    @Test
    @DisplayName("every kind of path element: indexes sort as numbers, set values as numbers < strings < booleans, key fields sorted by name")
    void elementKinds() {
        FieldPath spec = FieldPath.fields("spec");
        FieldSet set = FieldSet.of(
                spec.child(new PathElement.Field("list")).child(new PathElement.Index(10)),
                spec.child(new PathElement.Field("list")).child(new PathElement.Index(2)),
                spec.child(new PathElement.Field("set")).child(new PathElement.Value(JsonNodeFactory.instance.booleanNode(true))),
                spec.child(new PathElement.Field("set")).child(new PathElement.Value(JsonNodeFactory.instance.textNode("x"))),
                spec.child(new PathElement.Field("set")).child(new PathElement.Value(JsonNodeFactory.instance.numberNode(80))),
                spec.child(new PathElement.Field("ports")).child(key("{\"protocol\":\"UDP\",\"port\":53}")));
        String expected = "{\"f:spec\":{\"f:list\":{\"i:2\":{},\"i:10\":{}},"
                + "\"f:ports\":{\"k:{\\\"port\\\":53,\\\"protocol\\\":\\\"UDP\\\"}\":{}},"
                + "\"f:set\":{\"v:80\":{},\"v:\\\"x\\\"\":{},\"v:true\":{}}}}";
        assertThat(FieldsV1Encoding.encode(set).toString())
                .as("your fieldsV1 for list indexes 10 and 2, set values true, \"x\" and 80, and the port keyed by"
                        + " protocol UDP and port 53 (see ./course hint 6.1)").isEqualTo(expected);
        assertThat(FieldsV1Encoding.decode(Stage.json(expected))).as("your decoding of %s", expected).isEqualTo(set);
    }

    @Test
    @DisplayName("decoding refuses a malformed key with structured-merge-diff's error, and skips only a well-formed key of an unknown kind")
    void decodeRefusesMalformedKeys() {
        // structured-merge-diff's DeserializePathElement (fieldpath/serialize-pe.go): only a key that has a kind and a
        // colon but a kind this version does not know is skipped (ErrUnknownPathElementType); anything else that
        // fails to parse fails the whole fieldsV1, and kube-apiserver answers with that error.
        String[][] cases = {
                {"{\"f:data\":{\"data\":{}}}", "missing colon: data"},
                {"{\"f:data\":{\"x\":{}}}", "key must be 2 characters long"},
                {"{\"f:spec\":{\"i:one\":{}}}", "i:one"},
                {"{\"f:spec\":{\"k:{\\\"name\\\":\":{}}}", "k:{"},
        };
        for (String[] c : cases) {
            Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(() -> FieldsV1Encoding.decode(Stage.json(c[0])));
            assertThat(thrown).as("decoding %s: your code %s (see ./course hint 6.1)", c[0],
                    thrown == null ? "returned " + FieldsV1Encoding.decode(Stage.json(c[0])) : "threw " + thrown)
                    .isInstanceOf(IllegalArgumentException.class);
            assertThat(thrown.getMessage()).as("your message for %s", c[0]).contains(c[1]);
        }
        JsonNode future = Stage.json("{\"f:data\":{\"f:k\":{}},\"q:{\\\"new\\\":1}\":{\"f:x\":{}}}");
        assertThat(FieldsV1Encoding.decode(future)).as("your decoding of %s (q: is a kind you do not know)", future)
                .isEqualTo(FieldSet.of(FieldPath.fields("data", "k")));
    }

    @Test
    @DisplayName("decoding accepts \".\" anywhere among the keys and any key order")
    void decodeAnyOrder() {
        JsonNode shuffled = Stage.json("{\"f:metadata\":{\"f:labels\":{\"f:app\":{},\".\":{}}},\"f:data\":{\"f:k\":{},\".\":{}}}");
        assertThat(FieldsV1Encoding.decode(shuffled)).as("your decoding of %s", shuffled).isEqualTo(FieldSet.of(
                FieldPath.fields("data"), FieldPath.fields("data", "k"),
                FieldPath.fields("metadata", "labels"), FieldPath.fields("metadata", "labels", "app")));
    }

    @Test
    @DisplayName("decoding reads keyed items and set items, skips keys of an unknown kind, and refuses a value that is not an object")
    void decodeKindsAndErrors() {
        FieldPath nginx = FieldPath.fields("spec", "containers").child(key("{\"name\":\"nginx\"}"));
        JsonNode fieldsV1 = Stage.json("{\"f:spec\":{\"f:containers\":{\"k:{\\\"name\\\":\\\"nginx\\\"}\":{\".\":{},\"f:image\":{}}}},"
                + "\"z:future\":{\"f:x\":{}},"
                + "\"f:metadata\":{\"f:finalizers\":{\"v:\\\"x\\\"\":{}}}}");
        assertThat(FieldsV1Encoding.decode(fieldsV1)).as("your decoding of %s (z:future is a kind you do not know)", fieldsV1)
                .isEqualTo(FieldSet.of(
                nginx, nginx.child(new PathElement.Field("image")),
                FieldPath.fields("metadata", "finalizers").child(new PathElement.Value(JsonNodeFactory.instance.textNode("x")))));
        assertThatThrownBy(() -> FieldsV1Encoding.decode(Stage.json("{\"f:data\":{\"f:k\":true}}")))
                .as("decoding {\"f:data\":{\"f:k\":true}}, whose f:k is not an object").isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("the shortest keys: \"f:\" is the field with an empty name, \"i:\" is a malformed index")
    void shortestKeys() {
        // structured-merge-diff's DeserializePathElement (fieldpath/serialize-pe.go): a key of two characters has
        // its kind and colon and an empty rest; for f: that is a field named "" (Go maps and JSON objects allow
        // the empty name), for i: strconv.Atoi("") fails, and the server refuses the whole fieldsV1.
        FieldPath emptyName = FieldPath.fields("data").child(new PathElement.Field(""));
        JsonNode withEmptyName = Stage.json("{\"f:data\":{\"f:\":{}}}");
        assertThat(FieldsV1Encoding.decode(withEmptyName)).as("your decoding of %s: f: is a known kind (a field) with an"
                + " empty name, not a key to skip", withEmptyName).isEqualTo(FieldSet.of(emptyName));
        assertThat(FieldsV1Encoding.encode(FieldSet.of(emptyName)).toString())
                .as("your encoding of .data[\"\"], the field with an empty name").isEqualTo("{\"f:data\":{\"f:\":{}}}");
        assertThatThrownBy(() -> FieldsV1Encoding.decode(Stage.json("{\"f:data\":{\"i:\":{}}}")))
                .as("decoding {\"f:data\":{\"i:\":{}}}: i: is a known kind (an index) with no number, a malformed key")
                .isInstanceOf(IllegalArgumentException.class);
    }

    // tag::grading[]
    @Test
    @DisplayName("every fieldsV1 a real kube-apiserver wrote (golden a1, g1, h1): decoded and re-encoded to the same bytes")
    void goldenBytes() {
        for (String text : Golden.fieldsV1Texts()) {
            JsonNode golden = Stage.json(text);
            assertThat(FieldsV1Encoding.encode(FieldsV1.decode(golden)).toString()).as("your encoding").isEqualTo(text);
            assertThat(FieldsV1Encoding.decode(golden)).as("your decoding of %s", text).isEqualTo(FieldsV1.decode(golden));
            assertThat(FieldsV1Encoding.encode(FieldsV1Encoding.decode(golden)).toString()).as("round trip").isEqualTo(text);
        }
    }

    @Test
    @DisplayName("the sets this chapter's server records on etcd (apply, update, keyed lists, sets): your encoding gives its bytes")
    void serverRecordedSets(Client etcd) {
        try (Stage stage = new Stage(etcd)) {
            String ns = stage.namespace("fieldsv1");
            String path = "/apis/apps/v1/namespaces/" + ns + "/deployments/web";
            stage.apply(path, "deployer", false, Deployments.web(ns, "img:1", 2)).ok();
            stage.mergePatch(path, "scaler", "{\"spec\":{\"replicas\":5},\"metadata\":{\"labels\":{\"tier\":\"front\"}}}").ok();
            ObjectNode live = stage.get(path);
            JsonNode entries = live.path("metadata").path("managedFields");
            assertThat(entries.size()).as("managedFields of %s", live).isEqualTo(2);
            for (JsonNode entry : entries) {
                JsonNode recorded = entry.path("fieldsV1");
                FieldSet set = FieldsV1.decode(recorded);
                assertThat(FieldsV1Encoding.encode(set).toString()).as("%s's set", entry.path("manager").asText())
                        .isEqualTo(recorded.toString());
                assertThat(FieldsV1Encoding.decode(recorded)).isEqualTo(set);
            }
        }
    }
    // end::grading[]

    private static PathElement key(String fields) {
        return new PathElement.Key(Stage.json(fields));
    }
}
