package io.rvlab.exercises.ch03;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.io.IOException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 3.4 (a three-way merge). The patch application is checked against
 * the examples of RFC 7386 (appendix A); the merge against the lost update of this chapter and its
 * conflicts; the last test runs the whole strategy against etcd.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("3.4 three-way merge")
class ThreeWayMergeTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    @DisplayName("createMergePatch: only what changed; null for what was removed; objects key by key; arrays whole")
    void createMergePatch() {
        ObjectNode base = obj("{\"metadata\":{\"name\":\"cm-a\",\"resourceVersion\":\"80\",\"labels\":{\"app\":\"lab\",\"old\":\"x\"}},"
                + "\"data\":{\"k\":\"v1\",\"same\":\"s\",\"gone\":\"g\"},\"list\":[1,2,3],\"shape\":{\"a\":1}}");
        ObjectNode mine = obj("{\"metadata\":{\"name\":\"cm-a\",\"resourceVersion\":\"80\",\"labels\":{\"app\":\"lab\",\"new\":\"y\"}},"
                + "\"data\":{\"k\":\"v2\",\"same\":\"s\"},\"list\":[1,2,4],\"shape\":\"flat\",\"added\":{\"x\":true}}");
        ObjectNode before = base.deepCopy();

        ObjectNode patch = ThreeWayMerge.createMergePatch(base, mine);

        assertThat(patch).as("the merge patch from base to mine").isEqualTo(obj("{\"metadata\":{\"labels\":{\"old\":null,\"new\":\"y\"}},"
                + "\"data\":{\"k\":\"v2\",\"gone\":null},\"list\":[1,2,4],\"shape\":\"flat\",\"added\":{\"x\":true}}"));
        assertThat(patch.at("/metadata/resourceVersion").isMissingNode())
                .as("an unchanged resourceVersion is not part of the patch (a patch with it would be conditional on base)").isTrue();
        assertThat(base).as("base must not be changed").isEqualTo(before);
        assertThat(ThreeWayMerge.createMergePatch(base, base.deepCopy())).as("no change, empty patch").isEqualTo(obj("{}"));
    }

    @Test
    @DisplayName("applyMergePatch: the examples of RFC 7386, appendix A")
    void rfc7386Examples() {
        String[][] cases = {
            {"{\"a\":\"b\"}", "{\"a\":\"c\"}", "{\"a\":\"c\"}"},
            {"{\"a\":\"b\"}", "{\"b\":\"c\"}", "{\"a\":\"b\",\"b\":\"c\"}"},
            {"{\"a\":\"b\"}", "{\"a\":null}", "{}"},
            {"{\"a\":\"b\",\"b\":\"c\"}", "{\"a\":null}", "{\"b\":\"c\"}"},
            {"{\"a\":[\"b\"]}", "{\"a\":\"c\"}", "{\"a\":\"c\"}"},
            {"{\"a\":\"c\"}", "{\"a\":[\"b\"]}", "{\"a\":[\"b\"]}"},
            {"{\"a\":{\"b\":\"c\"}}", "{\"a\":{\"b\":\"d\",\"c\":null}}", "{\"a\":{\"b\":\"d\"}}"},
            {"{\"a\":[{\"b\":\"c\"}]}", "{\"a\":[1]}", "{\"a\":[1]}"},
            {"[\"a\",\"b\"]", "[\"c\",\"d\"]", "[\"c\",\"d\"]"},
            {"{\"a\":\"b\"}", "[\"c\"]", "[\"c\"]"},
            {"{\"a\":\"foo\"}", "null", "null"},
            {"{\"a\":\"foo\"}", "\"bar\"", "\"bar\""},
            {"{\"e\":null}", "{\"a\":1}", "{\"e\":null,\"a\":1}"},
            {"[1,2]", "{\"a\":\"b\",\"c\":null}", "{\"a\":\"b\"}"},
            {"{}", "{\"a\":{\"bb\":{\"ccc\":null}}}", "{\"a\":{\"bb\":{}}}"},
        };
        for (String[] c : cases) {
            JsonNode target = json(c[0]);
            JsonNode patch = json(c[1]);
            JsonNode targetBefore = target.deepCopy();
            JsonNode patchBefore = patch.deepCopy();

            assertThat(ThreeWayMerge.applyMergePatch(target, patch)).as("MergePatch(%s, %s)", c[0], c[1]).isEqualTo(json(c[2]));
            assertThat(target).as("MergePatch(%s, %s) must not change the target", c[0], c[1]).isEqualTo(targetBefore);
            assertThat(patch).as("MergePatch(%s, %s) must not change the patch", c[0], c[1]).isEqualTo(patchBefore);
        }
        assertThat(ThreeWayMerge.applyMergePatch(null, json("{\"a\":{\"b\":null,\"c\":1}}")))
                .as("no target at all: the patch applied to {}").isEqualTo(json("{\"a\":{\"c\":1}}"));
    }

    @Test
    @DisplayName("the lost update: I change data.bar, they changed data.baz; the merge keeps both, with their resourceVersion")
    void lostUpdateMerged() {
        ObjectNode base = configMap("80", "{\"bar\":\"1\",\"baz\":\"1\"}");
        ObjectNode mine = configMap("80", "{\"bar\":\"2\",\"baz\":\"1\"}");
        ObjectNode theirs = configMap("81", "{\"bar\":\"1\",\"baz\":\"2\"}");
        ObjectNode[] inputs = {base.deepCopy(), mine.deepCopy(), theirs.deepCopy()};

        ObjectNode merged = ThreeWayMerge.merge(base, mine, theirs);

        assertThat(merged).as("my bar=2 (base 1) merged onto their baz=2 (base 1): both changes, in theirs")
                .isEqualTo(configMap("81", "{\"bar\":\"2\",\"baz\":\"2\"}"));
        assertThat(merged.at("/metadata/resourceVersion").asText())
                .as("theirs' resourceVersion: the merged object is written conditionally on what the server holds now")
                .isEqualTo("81");
        assertThat(new ObjectNode[] {base, mine, theirs}).as("no argument may be changed").isEqualTo(inputs);
    }

    @Test
    @DisplayName("what only one side did survives: my removal is applied, their removal is not undone, their additions stay")
    void oneSidedChanges() {
        ObjectNode base = configMap("80", "{\"a\":\"1\",\"b\":\"1\",\"c\":\"1\"}");
        ObjectNode mine = configMap("80", "{\"b\":\"1\",\"c\":\"1\"}");                 // I removed a
        ObjectNode theirs = configMap("81", "{\"a\":\"1\",\"c\":\"1\",\"d\":\"new\"}");  // they removed b, added d

        assertThat(ThreeWayMerge.merge(base, mine, theirs))
                .as("a is removed (mine), b stays removed (theirs; sending my whole object would bring it back), d stays")
                .isEqualTo(configMap("81", "{\"c\":\"1\",\"d\":\"new\"}"));
    }

    @Test
    @DisplayName("the same change on both sides is no conflict, nor a new map both sides filled with different keys")
    void agreeingChanges() {
        ObjectNode base = obj("{\"metadata\":{\"name\":\"cm-a\",\"resourceVersion\":\"80\"},\"data\":{\"k\":\"v1\",\"gone\":\"x\"}}");
        ObjectNode mine = obj("{\"metadata\":{\"name\":\"cm-a\",\"resourceVersion\":\"80\",\"annotations\":{\"mine\":\"1\"}},"
                + "\"data\":{\"k\":\"v2\"}}");
        ObjectNode theirs = obj("{\"metadata\":{\"name\":\"cm-a\",\"resourceVersion\":\"90\",\"annotations\":{\"theirs\":\"1\"}},"
                + "\"data\":{\"k\":\"v2\"}}");

        assertThat(ThreeWayMerge.merge(base, mine, theirs))
                .as("both set data.k to v2 and both removed data.gone: no disagreement; the annotations merge key by key")
                .isEqualTo(obj("{\"metadata\":{\"name\":\"cm-a\",\"resourceVersion\":\"90\",\"annotations\":{\"theirs\":\"1\","
                        + "\"mine\":\"1\"}},\"data\":{\"k\":\"v2\"}}"));
    }

    @Test
    @DisplayName("a field both sides changed to different values is a conflict, and nothing is merged")
    void conflicts() {
        ObjectNode base = configMap("80", "{\"color\":\"red\",\"size\":\"s\",\"shape\":\"round\",\"mine\":\"1\"}");
        ObjectNode mine = configMap("80", "{\"color\":\"blue\",\"size\":\"m\",\"shape\":\"round\",\"mine\":\"2\"}");
        ObjectNode theirs = configMap("81", "{\"color\":\"green\",\"size\":\"l\",\"shape\":\"square\",\"mine\":\"1\"}");

        Throwable thrown = catchThrowable(() -> ThreeWayMerge.merge(base, mine, theirs));

        assertThat(thrown).as("what merge throws when both sides changed data.color and data.size differently")
                .isInstanceOf(MergeConflictException.class);
        assertThat(((MergeConflictException) thrown).paths())
                .as("every field both changed differently, and only those (shape: only they changed it; mine: only I did)")
                .containsExactlyInAnyOrder(".data.color", ".data.size");
    }

    @Test
    @DisplayName("removing what they changed, or changing inside what they removed, is a conflict too; so are two different lists")
    void structuralConflicts() {
        ObjectNode base = obj("{\"metadata\":{\"resourceVersion\":\"80\",\"labels\":{\"app\":\"web\"}},"
                + "\"data\":{\"k\":\"v1\"},\"spec\":{\"ports\":[80]}}");
        ObjectNode mine = obj("{\"metadata\":{\"resourceVersion\":\"80\",\"labels\":{\"app\":\"api\"}},"
                + "\"spec\":{\"ports\":[80,443]}}");                                               // I removed data, changed labels.app
        ObjectNode theirs = obj("{\"metadata\":{\"resourceVersion\":\"81\"},"
                + "\"data\":{\"k\":\"v2\"},\"spec\":{\"ports\":[8080]}}");                         // they changed data.k, removed labels

        Throwable thrown = catchThrowable(() -> ThreeWayMerge.merge(base, mine, theirs));

        assertThat(thrown).as("what merge throws when I removed what they changed, and changed what they removed")
                .isInstanceOf(MergeConflictException.class);
        assertThat(((MergeConflictException) thrown).paths())
                .as("data: I removed it, they changed it; labels: I changed inside, they removed it; ports: a list is one value")
                .containsExactlyInAnyOrder(".data", ".metadata.labels", ".spec.ports");
    }

    @Test
    @DisplayName("on etcd: my stale edit merged onto their newer object is written conditionally, and nothing is lost")
    void mergeOnEtcd(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/configmaps/lab/cm-a");
        long baseRevision = etcd.put(key, configMap(null, "{\"bar\":\"1\",\"baz\":\"1\"}").toString());
        ObjectNode base = read(etcd, key);
        ObjectNode mine = base.deepCopy();
        ((ObjectNode) mine.get("data")).put("bar", "2");
        etcd.put(key, configMap(null, "{\"bar\":\"1\",\"baz\":\"2\"}").toString()); // they write first
        assertThat(etcd.putIfUnchanged(key, mine.toString(), baseRevision)).as("my conditional write conflicts").isEqualTo(-1);
        ObjectNode theirs = read(etcd, key);

        ObjectNode merged = ThreeWayMerge.merge(base, mine, theirs);
        long theirRevision = Long.parseLong(theirs.at("/metadata/resourceVersion").asText());
        ((ObjectNode) merged.get("metadata")).remove("resourceVersion"); // never stored inside the value
        long written = etcd.putIfUnchanged(key, merged.toString(), theirRevision);

        assertThat(written).as("the merged object is written on top of theirs").isPositive();
        assertThat(read(etcd, key).get("data")).as("data in etcd after the merged write: my bar and their baz")
                .isEqualTo(obj("{\"bar\":\"2\",\"baz\":\"2\"}"));
    }

    // ---------------------------------------------------------------------------------------------

    /** The object as the API returns it: the stored JSON with resourceVersion = mod_revision. */
    private static ObjectNode read(Direct etcd, String key) {
        KeyValue kv = etcd.existing(key);
        ObjectNode object = obj(Direct.text(kv.getValue()));
        object.withObjectProperty("metadata").put("resourceVersion", Long.toString(kv.getModRevision()));
        return object;
    }

    private static ObjectNode configMap(String resourceVersion, String data) {
        ObjectNode cm = obj("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-a\",\"namespace\":\"lab\"}}");
        if (resourceVersion != null) {
            cm.withObjectProperty("metadata").put("resourceVersion", resourceVersion);
        }
        cm.set("data", obj(data));
        return cm;
    }

    private static ObjectNode obj(String json) {
        return (ObjectNode) json(json);
    }

    private static JsonNode json(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    @DisplayName("the merge is yours: it does not hand the patch to chapter 3's own MergePatch")
    void theMergeIsYourOwn() {
        // An untouched skeleton has no merge at all: its TODO marks the exercise as not started.
        ThreeWayMerge.applyMergePatch(json("{}"), json("{\"a\":1}"));
        OwnCode.assertDoesNotBorrow(ThreeWayMerge.class, java.util.List.of("io/rvlab/ch03/registry/MergePatch",
                "io/rvlab/ch03/registry/StrategicMergePatch", "io/rvlab/ch03/registry/JsonPatch"),
                "not hand it to the chapter 3 server's MergePatch.apply (the server's PATCH code)");
    }
}
