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

        assertThat(patch).as("your createMergePatch(base, mine); ./course hint 3.4").isEqualTo(obj("{\"metadata\":{\"labels\":{\"old\":null,\"new\":\"y\"}},"
                + "\"data\":{\"k\":\"v2\",\"gone\":null},\"list\":[1,2,4],\"shape\":\"flat\",\"added\":{\"x\":true}}"));
        assertThat(patch.at("/metadata/resourceVersion").isMissingNode())
                .as("your patch holds metadata.resourceVersion, which base and mine share; ./course hint 3.4").isTrue();
        assertThat(base).as("base after your createMergePatch(base, mine) (it changed it)").isEqualTo(before);
        assertThat(ThreeWayMerge.createMergePatch(base, base.deepCopy())).as("your createMergePatch(base, a copy of base); ./course hint 3.4").isEqualTo(obj("{}"));
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

            assertThat(ThreeWayMerge.applyMergePatch(target, patch)).as("your applyMergePatch(%s, %s); ./course hint 3.4", c[0], c[1]).isEqualTo(json(c[2]));
            assertThat(target).as("the target after your applyMergePatch(%s, %s) (it changed it)", c[0], c[1]).isEqualTo(targetBefore);
            assertThat(patch).as("the patch after your applyMergePatch(%s, %s) (it changed it)", c[0], c[1]).isEqualTo(patchBefore);
        }
        assertThat(ThreeWayMerge.applyMergePatch(null, json("{\"a\":{\"b\":null,\"c\":1}}")))
                .as("your applyMergePatch(null, {\"a\":{\"b\":null,\"c\":1}}); ./course hint 3.4").isEqualTo(json("{\"a\":{\"c\":1}}"));
    }

    @Test
    @DisplayName("the lost update: I change data.bar, they changed data.baz; the merge keeps both, with their resourceVersion")
    void lostUpdateMerged() {
        ObjectNode base = configMap("80", "{\"bar\":\"1\",\"baz\":\"1\"}");
        ObjectNode mine = configMap("80", "{\"bar\":\"2\",\"baz\":\"1\"}");
        ObjectNode theirs = configMap("81", "{\"bar\":\"1\",\"baz\":\"2\"}");
        ObjectNode[] inputs = {base.deepCopy(), mine.deepCopy(), theirs.deepCopy()};

        ObjectNode merged = ThreeWayMerge.merge(base, mine, theirs);

        assertThat(merged).as("your merge of my bar=2 (base 1) onto their baz=2 (base 1); ./course hint 3.4")
                .isEqualTo(configMap("81", "{\"bar\":\"2\",\"baz\":\"2\"}"));
        assertThat(merged.at("/metadata/resourceVersion").asText())
                .as("the resourceVersion of your merged object (base had 80, theirs 81); ./course hint 3.4")
                .isEqualTo("81");
        assertThat(new ObjectNode[] {base, mine, theirs}).as("base, mine and theirs after your merge (it changed one)").isEqualTo(inputs);
    }

    @Test
    @DisplayName("what only one side did survives: my removal is applied, their removal is not undone, their additions stay")
    void oneSidedChanges() {
        ObjectNode base = configMap("80", "{\"a\":\"1\",\"b\":\"1\",\"c\":\"1\"}");
        ObjectNode mine = configMap("80", "{\"b\":\"1\",\"c\":\"1\"}");                 // I removed a
        ObjectNode theirs = configMap("81", "{\"a\":\"1\",\"c\":\"1\",\"d\":\"new\"}");  // they removed b, added d

        assertThat(ThreeWayMerge.merge(base, mine, theirs))
                .as("your merge when I removed a, they removed b and added d; ./course hint 3.4")
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
                .as("your merge when both set data.k to v2, both removed data.gone, and each added an annotation; ./course hint 3.4")
                .isEqualTo(obj("{\"metadata\":{\"name\":\"cm-a\",\"resourceVersion\":\"90\",\"annotations\":{\"theirs\":\"1\","
                        + "\"mine\":\"1\"}},\"data\":{\"k\":\"v2\"}}"));
    }

    @Test
    @DisplayName("a field both sides changed to different values is a conflict, and nothing is merged")
    void conflicts() {
        ObjectNode base = configMap("80", "{\"color\":\"red\",\"size\":\"s\",\"shape\":\"round\",\"mine\":\"1\"}");
        ObjectNode mine = configMap("80", "{\"color\":\"blue\",\"size\":\"m\",\"shape\":\"round\",\"mine\":\"2\"}");
        ObjectNode theirs = configMap("81", "{\"color\":\"green\",\"size\":\"l\",\"shape\":\"square\",\"mine\":\"1\"}");

        MergeConflictException thrown = conflictOf(() -> ThreeWayMerge.merge(base, mine, theirs),
                "both sides changed data.color and data.size to different values");

        assertThat(thrown.paths())
                .as("the paths your MergeConflictException named (shape: only they changed it; mine: only I did); ./course hint 3.4")
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

        MergeConflictException thrown = conflictOf(() -> ThreeWayMerge.merge(base, mine, theirs),
                "I removed data, which they changed, and changed labels.app, whose labels they removed; we both changed the ports");

        assertThat(thrown.paths())
                .as("the paths your MergeConflictException named (data: I removed it, they changed it; labels: I changed"
                        + " inside, they removed it; ports: both edited the list); ./course hint 3.4")
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
        assertThat(etcd.putIfUnchanged(key, mine.toString(), baseRevision)).as("the test's own stale write (the test is broken if this fails)").isEqualTo(-1);
        ObjectNode theirs = read(etcd, key);

        ObjectNode merged = ThreeWayMerge.merge(base, mine, theirs);
        long theirRevision = Long.parseLong(theirs.at("/metadata/resourceVersion").asText());
        ((ObjectNode) merged.get("metadata")).remove("resourceVersion"); // never stored inside the value
        long written = etcd.putIfUnchanged(key, merged.toString(), theirRevision);

        assertThat(written).as("the conditional write of your merged object on theirs' revision").isPositive();
        assertThat(read(etcd, key).get("data")).as("data in etcd after writing your merged object; ./course hint 3.4")
                .isEqualTo(obj("{\"bar\":\"2\",\"baz\":\"2\"}"));
    }


    // --- kubectl apply: the last-applied configuration is the third side ------------------------

    /** A custom resource as it was applied the first time; the Widget kind has no strategic schema. */
    private static final String APPLIED = "{\"apiVersion\":\"rvlab.io/v1\",\"kind\":\"Widget\","
            + "\"metadata\":{\"name\":\"w1\",\"namespace\":\"lab\",\"labels\":{\"app\":\"web\",\"tier\":\"fe\"}},"
            + "\"spec\":{\"replicas\":2,\"image\":\"v1\",\"debug\":true}}";

    /** APPLIED as the server holds it: with what the server set and what another writer added. */
    private static ObjectNode liveOf(String applied) {
        ObjectNode live = obj(applied);
        ObjectNode metadata = live.withObjectProperty("metadata");
        metadata.put("uid", "6f1c2a").put("resourceVersion", "80");
        metadata.withObjectProperty("labels").put("team", "blue");                 // another client's label
        metadata.withObjectProperty("annotations").put("kubectl.kubernetes.io/last-applied-configuration", applied);
        live.withObjectProperty("spec").put("paused", false);                       // defaulted by the server
        live.set("status", obj("{\"ready\":2}"));                                  // the controller's
        return live;
    }

    private static ObjectNode threeWay(ObjectNode lastApplied, ObjectNode config, ObjectNode live) {
        ObjectNode[] inputs = {lastApplied == null ? null : lastApplied.deepCopy(), config.deepCopy(), live.deepCopy()};
        ObjectNode patch = ThreeWayMerge.createThreeWayMergePatch(lastApplied, config, live);
        assertThat(new ObjectNode[] {lastApplied, config, live})
                .as("createThreeWayMergePatch changed one of its arguments (lastApplied, config, live)").isEqualTo(inputs);
        return patch;
    }

    @Test
    @DisplayName("kubectl apply: removes what I applied and apply no more, keeps what I never applied, sets what changed")
    void applyRemovesOnlyWhatWasApplied() {
        ObjectNode lastApplied = obj(APPLIED);
        ObjectNode config = obj(APPLIED);
        config.withObjectProperty("metadata").withObjectProperty("labels").remove("tier");
        config.withObjectProperty("spec").put("image", "v2").remove("debug");
        ObjectNode live = liveOf(APPLIED);

        ObjectNode patch = threeWay(lastApplied, config, live);

        for (String others : new String[] {"/metadata/labels/team", "/metadata/uid", "/metadata/resourceVersion",
            "/metadata/annotations", "/spec/paused", "/status"}) {
            assertThat(patch.at(others).isMissingNode())
                    .withFailMessage("your patch mentions %s, which live holds and neither lastApplied nor config has;"
                            + " your patch: %s (./course hint 3.4)", others.replace('/', '.'), patch).isTrue();
        }
        for (String mine : new String[] {"/metadata/labels/tier", "/spec/debug"}) {
            assertThat(patch.at(mine).isNull())
                    .withFailMessage("%s was in lastApplied and live, and config dropped it; your patch does not remove"
                            + " it (it has %s there); your patch: %s (./course hint 3.4)", mine.replace('/', '.'),
                            patch.at(mine).isMissingNode() ? "nothing" : patch.at(mine), patch).isTrue();
        }
        assertThat(patch).as("your patch for lastApplied %s, config %s, live %s; ./course hint 3.4", lastApplied, config, live)
                .isEqualTo(obj("{\"metadata\":{\"labels\":{\"tier\":null}},\"spec\":{\"image\":\"v2\",\"debug\":null}}"));
    }

    @Test
    @DisplayName("kubectl apply: what others changed in a field I apply goes back to my value; the first apply removes nothing")
    void applyRestoresWhatDrifted() {
        ObjectNode lastApplied = obj(APPLIED);
        ObjectNode config = obj(APPLIED);
        ObjectNode live = liveOf(APPLIED);
        live.withObjectProperty("spec").put("replicas", 5).remove("image");        // scaled by hand, image removed

        ObjectNode patch = threeWay(lastApplied, config, live);

        assertThat(patch).as("your patch when config equals lastApplied but live has spec.replicas 5 and no spec.image"
                        + " (someone else's edits to fields you apply); ./course hint 3.4")
                .isEqualTo(obj("{\"spec\":{\"replicas\":2,\"image\":\"v1\"}}"));

        ObjectNode first = obj(APPLIED);
        first.withObjectProperty("spec").putObject("options");                      // an empty object, on purpose
        ObjectNode created = liveOf(APPLIED);                                       // made by kubectl create, never applied
        created.withObjectProperty("metadata").remove("annotations");
        created.withObjectProperty("spec").put("replicas", 1);

        assertThat(threeWay(null, first, created))
                .as("your patch on the first apply (lastApplied null) of a config with spec.replicas 2 and spec.options {}"
                        + " to a live object with spec.replicas 1, no spec.options, and fields config lacks; ./course hint 3.4")
                .isEqualTo(obj("{\"spec\":{\"replicas\":2,\"options\":{}}}"));
    }

    @Test
    @DisplayName("kubectl apply: a patch that would change apiVersion, kind or metadata.name is refused; other \"name\"s are fields")
    void applyNeverChangesIdentity() {
        ObjectNode lastApplied = obj(APPLIED);
        ObjectNode renamed = obj(APPLIED);
        renamed.withObjectProperty("metadata").put("name", "w2");
        ObjectNode retyped = obj(APPLIED);
        retyped.put("kind", "Gadget");
        ObjectNode noApiVersion = obj(APPLIED);
        noApiVersion.remove("apiVersion");

        assertThat(refusal(lastApplied, renamed, "metadata.name w1 -> w2")).isEqualTo(".metadata.name");
        assertThat(refusal(lastApplied, retyped, "kind Widget -> Gadget")).isEqualTo(".kind");
        assertThat(refusal(lastApplied, noApiVersion, "apiVersion dropped from config (it was in lastApplied)"))
                .isEqualTo(".apiVersion");

        ObjectNode lookalikes = obj(APPLIED);
        lookalikes.withObjectProperty("metadata").withObjectProperty("labels").put("name", "front");
        lookalikes.withObjectProperty("spec").put("kind", "blue-green").put("apiVersion", "v9");
        ObjectNode patch = catchNothing(() -> threeWay(lastApplied, lookalikes, liveOf(APPLIED)),
                "a config that adds metadata.labels.name, spec.kind and spec.apiVersion");
        assertThat(patch).as("your patch for a config that adds metadata.labels.name, spec.kind and spec.apiVersion;"
                        + " ./course hint 3.4")
                .isEqualTo(obj("{\"metadata\":{\"labels\":{\"name\":\"front\"}},\"spec\":{\"kind\":\"blue-green\","
                        + "\"apiVersion\":\"v9\"}}"));
    }

    @Test
    @DisplayName("on etcd: kubectl apply's patch, applied by the server on top of another writer's label, loses neither")
    void applyOnEtcd(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String key = prefix.key("registry/rvlab.io/widgets/lab/w1");
        ObjectNode stored = liveOf(APPLIED);
        ((ObjectNode) stored.get("metadata")).remove("resourceVersion");           // never stored inside the value
        etcd.put(key, stored.toString());
        ObjectNode other = read(etcd, key);
        ((ObjectNode) other.get("metadata")).remove("resourceVersion");
        other.withObjectProperty("metadata").withObjectProperty("labels").put("owner", "ops"); // another client labels it
        etcd.put(key, other.toString());

        ObjectNode live = read(etcd, key);
        ObjectNode config = obj(APPLIED);
        config.withObjectProperty("metadata").withObjectProperty("labels").remove("tier");
        ObjectNode patch = threeWay(obj(APPLIED), config, live);
        // The server's side of the PATCH: RFC 7386 on the object as stored, then a write conditional on it.
        ObjectNode patched = (ObjectNode) io.rvlab.ch03.registry.MergePatch.apply(live, patch);
        long liveRevision = Long.parseLong(live.at("/metadata/resourceVersion").asText());
        ((ObjectNode) patched.get("metadata")).remove("resourceVersion");
        assertThat(etcd.putIfUnchanged(key, patched.toString(), liveRevision)).as("the patched object is written").isPositive();

        assertThat(read(etcd, key).at("/metadata/labels"))
                .as("the labels in etcd after your patch (%s) was applied to live; ./course hint 3.4", patch)
                .isEqualTo(obj("{\"app\":\"web\",\"team\":\"blue\",\"owner\":\"ops\"}"));
    }

    /** The field a refused apply names; fails plainly with what the learner's code did instead. */
    private static String refusal(ObjectNode lastApplied, ObjectNode config, String situation) {
        Throwable thrown = catchThrowable(() -> ThreeWayMerge.createThreeWayMergePatch(lastApplied, config, liveOf(APPLIED)));
        if (thrown instanceof PreconditionFailedException refused) {
            return refused.path();
        }
        throw new AssertionError(String.format("with %s, createThreeWayMergePatch %s instead of throwing"
                + " PreconditionFailedException (./course hint 3.4)", situation, thrown == null
                ? "returned the patch " + ThreeWayMerge.createThreeWayMergePatch(lastApplied, config, liveOf(APPLIED))
                : "threw " + thrown));
    }

    private static ObjectNode catchNothing(java.util.function.Supplier<ObjectNode> call, String situation) {
        try {
            return call.get();
        } catch (PreconditionFailedException e) {
            throw new AssertionError(String.format("with %s, createThreeWayMergePatch threw PreconditionFailedException for %s;"
                    + " the object's apiVersion, kind and name stay the same (./course hint 3.4)", situation, e.path()));
        }
    }

    /** The conflict merge throws; fails plainly with what the learner's code did instead. */
    private static MergeConflictException conflictOf(java.util.function.Supplier<ObjectNode> call, String situation) {
        Object result;
        try {
            result = call.get();
        } catch (MergeConflictException e) {
            return e;
        } catch (RuntimeException e) {
            result = e;
        }
        throw new AssertionError(String.format("when %s, your merge %s instead of throwing MergeConflictException"
                + " (./course hint 3.4)", situation, result instanceof RuntimeException e ? "threw " + e : "returned " + result));
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
