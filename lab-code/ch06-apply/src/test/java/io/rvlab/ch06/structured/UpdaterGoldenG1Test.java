package io.rvlab.ch06.structured;

import static io.rvlab.ch06.structured.Fixtures.json;
import static io.rvlab.ch06.structured.Fixtures.owned;
import static io.rvlab.ch06.structured.Fixtures.strip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Golden g1 (kube-apiserver 1.26.1, server-side apply on ConfigMap cm-ssa) step by step at the
 * Updater level. As kube's field manager does, the sets are stored without apiVersion, kind and
 * metadata's system fields, and the live object carries what the registry added on create.
 */
@DisplayName("Updater: golden g1 (alice, bob and carol on cm-ssa) reproduced without a server")
class UpdaterGoldenG1Test {

    private static final String ALICE = "alice (Apply)";
    private static final String BOB = "bob (Apply)";
    private static final String CAROL = "carol (Update v1)";

    private final Updater updater = new Updater(ApplySchema.of(ResourceTypes.CONFIGMAPS));

    private static ObjectNode config(String data) {
        return json("{'apiVersion':'v1','kind':'ConfigMap','metadata':{'name':'cm-ssa'},'data':" + data + "}");
    }

    private static ObjectNode stored(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        ObjectNode meta = (ObjectNode) copy.get("metadata");
        meta.put("namespace", "lab").put("uid", "64953ab6").put("resourceVersion", "234")
                .put("creationTimestamp", "2026-11-22T21:17:16Z");
        return copy;
    }

    @Test
    @DisplayName("g.1-g.11: create by apply, conflict, force, no-op, conflict back, give up a field, an Update takes one")
    void scenario() {
        // g.1 alice applies: the object is created; she owns exactly what she applied (no "." on data).
        Updater.Result r = updater.apply(null, config("{'color':'red','owner':'alice'}"), "v1",
                ManagedFieldSets.empty(), ALICE, false);
        assertThat(r.object().get("data")).isEqualTo(json("{'color':'red','owner':'alice'}"));
        ManagedFieldSets managers = strip(r.managers());
        assertThat(owned(managers, ALICE)).isEqualTo("{'f:data':{'f:color':{},'f:owner':{}}}");
        assertThat(managers.get(ALICE).orElseThrow().applied()).isTrue();
        ObjectNode live = stored(r.object());

        // g.2 bob applies another color without force: a conflict with alice on .data.color.
        ManagedFieldSets beforeBob = managers;
        ObjectNode liveBeforeBob = live;
        ConflictsException conflict = catchThrowableOfType(
                () -> updater.apply(liveBeforeBob, config("{'color':'blue'}"), "v1", beforeBob, BOB, false),
                ConflictsException.class);
        assertThat(conflict.conflicts()).containsOnlyKeys(ALICE);
        assertThat(conflict.conflicts().get(ALICE).paths()).extracting(FieldPath::toString).containsExactly(".data.color");

        // g.3 with force: bob takes .data.color, alice keeps .data.owner.
        r = updater.apply(live, config("{'color':'blue'}"), "v1", managers, BOB, true);
        assertThat(r.object().get("data")).isEqualTo(json("{'color':'blue','owner':'alice'}"));
        managers = strip(r.managers());
        assertThat(managers.asMap()).containsOnlyKeys(ALICE, BOB);
        assertThat(owned(managers, ALICE)).isEqualTo("{'f:data':{'f:owner':{}}}");
        assertThat(owned(managers, BOB)).isEqualTo("{'f:data':{'f:color':{}}}");
        live = stored(r.object());

        // g.5 bob re-applies the same: nothing changes (no new resourceVersion), ownership unchanged.
        r = updater.apply(live, config("{'color':'blue'}"), "v1", managers, BOB, false);
        assertThat(r.object()).isNull();
        assertThat(strip(r.managers())).isEqualTo(managers);

        // g.6 alice re-applies her first config without force: conflict with bob on .data.color.
        ManagedFieldSets beforeAlice = managers;
        ObjectNode liveBeforeAlice = live;
        conflict = catchThrowableOfType(() -> updater.apply(liveBeforeAlice,
                config("{'color':'red','owner':'alice'}"), "v1", beforeAlice, ALICE, false), ConflictsException.class);
        assertThat(conflict.conflicts()).containsOnlyKeys(BOB);
        assertThat(conflict.conflicts().get(BOB)).isEqualTo(FieldSet.of(FieldPath.fields("data", "color")));

        // g.7 alice applies a config without data.owner: she was its sole owner, so it is removed.
        r = updater.apply(live, config("{'shape':'round'}"), "v1", managers, ALICE, false);
        assertThat(r.object().get("data")).isEqualTo(json("{'color':'blue','shape':'round'}"));
        assertThat(r.object().get("metadata")).isEqualTo(live.get("metadata"));
        managers = strip(r.managers());
        assertThat(owned(managers, ALICE)).isEqualTo("{'f:data':{'f:shape':{}}}");
        assertThat(owned(managers, BOB)).isEqualTo("{'f:data':{'f:color':{}}}");
        live = stored(r.object());

        // g.10 carol's merge patch (an Update) changes data.color: she takes it, bob's entry disappears.
        ObjectNode patched = live.deepCopy();
        ((ObjectNode) patched.get("data")).put("color", "purple");
        r = updater.update(live, patched, "v1", managers, CAROL);
        managers = strip(r.managers());
        assertThat(managers.asMap()).containsOnlyKeys(ALICE, CAROL);
        assertThat(owned(managers, CAROL)).isEqualTo("{'f:data':{'f:color':{}}}");
        assertThat(managers.get(CAROL).orElseThrow().applied()).isFalse();
        assertThat(owned(managers, ALICE)).isEqualTo("{'f:data':{'f:shape':{}}}");
        live = patched;

        // g.11 bob applies blue again without force: the conflict now names carol.
        ManagedFieldSets beforeG11 = managers;
        ObjectNode liveG11 = live;
        conflict = catchThrowableOfType(() -> updater.apply(liveG11, config("{'color':'blue'}"), "v1", beforeG11,
                BOB, false), ConflictsException.class);
        assertThat(conflict.conflicts()).containsOnlyKeys(CAROL);
        assertThat(conflict.conflicts().get(CAROL)).isEqualTo(FieldSet.of(FieldPath.fields("data", "color")));
    }

    @Test
    @DisplayName("golden a1: a POST (an Update from nothing) owns data and labels themselves, \".\" in FieldsV1")
    void goldenA1() {
        ObjectNode created = json("{'apiVersion':'v1','kind':'ConfigMap','metadata':{'name':'cm-a','namespace':'lab',"
                + "'labels':{'app':'demo'}},'data':{'k':'v'}}");
        Updater.Result r = updater.update(null, created, "v1", ManagedFieldSets.empty(), "golden-capture");
        assertThat(owned(strip(r.managers()), "golden-capture"))
                .isEqualTo("{'f:data':{'.':{},'f:k':{}},'f:metadata':{'f:labels':{'.':{},'f:app':{}}}}");
        assertThat(r.object()).isSameAs(created);
    }

    @Test
    @DisplayName("an Update that changes nothing keeps everyone's fields; one that removes a field takes it from its owner")
    void updates() {
        ObjectNode live = json("{'metadata':{'name':'x'},'data':{'a':'1','b':'2'}}");
        ManagedFieldSets managers = ManagedFieldSets.empty()
                .with(ALICE, new VersionedSet(FieldSet.of(FieldPath.fields("data", "a"), FieldPath.fields("data", "b")), "v1", true));
        Updater.Result same = updater.update(live, live.deepCopy(), "v1", managers, CAROL);
        assertThat(same.managers().asMap()).containsOnlyKeys(ALICE);

        Updater.Result removed = updater.update(live, json("{'metadata':{'name':'x'},'data':{'a':'1'}}"), "v1", managers, CAROL);
        assertThat(owned(removed.managers(), ALICE)).isEqualTo("{'f:data':{'f:a':{}}}");
        assertThat(removed.managers().get(CAROL)).isEmpty();
    }
}
