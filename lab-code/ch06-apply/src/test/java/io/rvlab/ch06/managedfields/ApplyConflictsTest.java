package io.rvlab.ch06.managedfields;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The 409 of an apply that lost")
class ApplyConflictsTest {

    static final String ALICE = ManagerIdentity.of("alice", Operation.Apply, "v1", "");
    static final String BOB = ManagerIdentity.of("bob", Operation.Apply, "v1", "");
    static final String CAROL = ManagerIdentity.of("carol", Operation.Update, "v1", "");
    static final FieldPath COLOR = FieldPath.fields("data", "color");

    static String status(String identity, FieldPath path) {
        return ApplyConflicts.toStatus(List.of(new ApplyConflicts.Conflict(identity, path))).toString();
    }

    @Test
    @DisplayName("with an applier is golden g.2 byte for byte")
    void g2() {
        assertThat(status(ALICE, COLOR)).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"Apply failed with 1 conflict: conflict with \\\"alice\\\": .data.color\","
                + "\"reason\":\"Conflict\",\"details\":{\"causes\":[{\"reason\":\"FieldManagerConflict\","
                + "\"message\":\"conflict with \\\"alice\\\"\",\"field\":\".data.color\"}]},\"code\":409}");
    }

    @Test
    @DisplayName("with another applier is golden g.6 byte for byte")
    void g6() {
        assertThat(status(BOB, COLOR)).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"Apply failed with 1 conflict: conflict with \\\"bob\\\": .data.color\","
                + "\"reason\":\"Conflict\",\"details\":{\"causes\":[{\"reason\":\"FieldManagerConflict\","
                + "\"message\":\"conflict with \\\"bob\\\"\",\"field\":\".data.color\"}]},\"code\":409}");
    }

    @Test
    @DisplayName("with an updater names its apiVersion: golden g.11 byte for byte")
    void g11() {
        assertThat(status(CAROL, COLOR)).isEqualTo("{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},"
                + "\"status\":\"Failure\",\"message\":\"Apply failed with 1 conflict: conflict with \\\"carol\\\" using v1: .data.color\","
                + "\"reason\":\"Conflict\",\"details\":{\"causes\":[{\"reason\":\"FieldManagerConflict\","
                + "\"message\":\"conflict with \\\"carol\\\" using v1\",\"field\":\".data.color\"}]},\"code\":409}");
    }

    @Test
    @DisplayName("with several fields lists them per manager (managers sorted by identity), one cause each")
    void several() {
        Map<String, FieldSet> conflicts = new LinkedHashMap<>();
        conflicts.put(CAROL, FieldSet.of(FieldPath.fields("data", "size")));
        conflicts.put(ALICE, FieldSet.of(COLOR, FieldPath.fields("data", "a")));
        List<ApplyConflicts.Conflict> list = ApplyConflicts.list(conflicts);
        var status = ApplyConflicts.toStatus(list);
        assertThat(status.code()).isEqualTo(409);
        assertThat(status.message()).isEqualTo("Apply failed with 3 conflicts: conflicts with \"alice\":\n"
                + "- .data.a\n- .data.color\nconflicts with \"carol\" using v1:\n- .data.size");
        assertThat(status.details().causes()).extracting(c -> c.message() + " " + c.field()).containsExactly(
                "conflict with \"alice\" .data.a", "conflict with \"alice\" .data.color", "conflict with \"carol\" using v1 .data.size");
    }

    @Test
    @DisplayName("orders one manager's paths as structured-merge-diff iterates a set: a level's fields before its subtrees")
    void iterationOrder() {
        FieldSet set = FieldSet.of(FieldPath.fields("a", "z"), FieldPath.fields("b"),
                FieldPath.fields("spec", "replicas"), FieldPath.fields("a"));
        assertThat(ApplyConflicts.iterationOrder(set)).extracting(FieldPath::toString)
                .containsExactly(".a", ".b", ".a.z", ".spec.replicas");
        FieldPath image = FieldPath.of(new PathElement.Field("spec"), new PathElement.Field("containers"),
                PathElement.decode("k:{\"name\":\"nginx\"}"), new PathElement.Field("image"));
        assertThat(status(ALICE, image)).contains(".spec.containers[name=\\\"nginx\\\"].image");
    }
}
