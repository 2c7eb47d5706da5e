package io.rvlab.ch06.managedfields;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import io.rvlab.ch06.structured.ManagedFieldSets;
import io.rvlab.ch06.structured.VersionedSet;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("An object's managedFields")
class ManagedFieldsTest {

    static final ObjectMapper JSON = new ObjectMapper();

    /** Golden g.10: alice's Apply entry, then carol's Update entry. */
    static final String G10 = "[{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:17Z\","
            + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:shape\":{}}}},{\"manager\":\"carol\",\"operation\":\"Update\","
            + "\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:17Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{}}}}]";

    /** Golden h1 (RV 246): the /status entry is older, so it comes first among the Update entries. */
    static final String H1 = "[{\"manager\":\"golden-capture\",\"operation\":\"Update\",\"apiVersion\":\"apps/v1\",\"time\":\"2026-11-22T21:17:32Z\","
            + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:status\":{\"f:observedGeneration\":{},\"f:readyReplicas\":{},\"f:replicas\":{}}},"
            + "\"subresource\":\"status\"},{\"manager\":\"golden-capture\",\"operation\":\"Update\",\"apiVersion\":\"apps/v1\","
            + "\"time\":\"2026-11-22T21:17:33Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:metadata\":{\"f:labels\":{\".\":{},\"f:app\":{}}}}}]";

    static JsonNode json(String text) throws Exception {
        return JSON.readTree(text);
    }

    @Test
    @DisplayName("decode into one set per identity and encode back to the same bytes (golden g.10, h1)")
    void roundTrip() throws Exception {
        ManagedFields g10 = ManagedFields.decode(json(G10));
        assertThat(g10.sets().asMap()).containsOnlyKeys(ManagerIdentity.of("alice", Operation.Apply, "v1", ""),
                ManagerIdentity.of("carol", Operation.Update, "v1", ""));
        assertThat(GoJson.compact(g10.encode())).isEqualTo(G10);
        assertThat(GoJson.compact(ManagedFields.decode(json(H1)).encode())).isEqualTo(H1);
    }

    @Test
    @DisplayName("are sorted as kube sorts them: Apply before Update, then time, manager, apiVersion, subresource")
    void sorted() {
        Instant early = Instant.parse("2026-11-22T21:00:00Z");
        Instant late = Instant.parse("2026-11-22T22:00:00Z");
        FieldSet set = FieldSet.of(FieldPath.fields("data", "x"));
        String zUpdate = ManagerIdentity.of("z", Operation.Update, "v1", "");
        String aUpdateLate = ManagerIdentity.of("a", Operation.Update, "v1", "");
        String bUpdateV2 = ManagerIdentity.of("b", Operation.Update, "v2", "");
        String bUpdateV1 = ManagerIdentity.of("b", Operation.Update, "v1", "");
        String bStatus = ManagerIdentity.of("b", Operation.Update, "v1", "status");
        String yApply = ManagerIdentity.of("y", Operation.Apply, "v1", "");
        ManagedFieldSets sets = ManagedFieldSets.empty()
                .with(aUpdateLate, new VersionedSet(set, "v1", false))
                .with(zUpdate, new VersionedSet(set, "v1", false))
                .with(bStatus, new VersionedSet(set, "v1", false))
                .with(bUpdateV2, new VersionedSet(set, "v2", false))
                .with(bUpdateV1, new VersionedSet(set, "v1", false))
                .with(yApply, new VersionedSet(set, "v1", true));
        ManagedFields managed = ManagedFields.of(sets, Map.of(aUpdateLate, late, zUpdate, early, bStatus, early,
                bUpdateV2, early, bUpdateV1, early, yApply, late));
        assertThat(managed.entries()).extracting(e -> e.operation() + " " + e.manager() + " " + e.apiVersion() + " " + e.subresource())
                .containsExactly("Apply y v1 ", "Update b v1 ", "Update b v1 status", "Update b v2 ", "Update z v1 ", "Update a v1 ");
    }

    @Test
    @DisplayName("are reset by [{}], and (as kube's code reads it) by []; absent or null keeps them")
    void reset() throws Exception {
        assertThat(ManagedFields.isReset(json("[{}]"))).isTrue();
        assertThat(ManagedFields.isReset(json("[]"))).isTrue();
        assertThat(ManagedFields.isReset(json("[{\"manager\":\"\"}]"))).isTrue();
        assertThat(ManagedFields.isReset(null)).isFalse();
        assertThat(ManagedFields.isReset(json("null"))).isFalse();
        assertThat(ManagedFields.isReset(json("[{\"fieldsV1\":{}}]"))).isFalse();
        assertThat(ManagedFields.isReset(json(G10))).isFalse();
    }

    @Test
    @DisplayName("that are none are left out of the object")
    void noneLeftOut() throws Exception {
        var object = (com.fasterxml.jackson.databind.node.ObjectNode) json("{\"metadata\":{\"name\":\"x\",\"managedFields\":[]}}");
        ManagedFields.empty().writeTo(object);
        assertThat(object.toString()).isEqualTo("{\"metadata\":{\"name\":\"x\"}}");
    }
}
