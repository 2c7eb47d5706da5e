package io.rvlab.ch06.managedfields;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import io.rvlab.ch06.TestClock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The field manager replayed against the golden captures of kube-apiserver 1.26.1 (g1 server-side
 * apply, a1 a plain POST and PUT, h1 a Deployment's /status), with the clock fixed at the captured
 * times. What the registry adds on a write (namespace, uid, resourceVersion, creationTimestamp) is
 * added by {@link #stored}, as chapter 2's registry would.
 */
@DisplayName("The field manager")
class FieldManagerTest {

    static final ObjectMapper JSON = new ObjectMapper();

    final TestClock clock = new TestClock("2026-11-22T21:17:16Z");
    final FieldManager configmaps = new FieldManager(ResourceTypes.CONFIGMAPS, clock);
    final FieldManager deployments = new FieldManager(ResourceTypes.DEPLOYMENTS, clock);
    int resourceVersion = 233;

    static ObjectNode json(String text) {
        try {
            return (ObjectNode) JSON.readTree(text.strip());
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    static String managedFields(ObjectNode object) {
        JsonNode list = object.path("metadata").get("managedFields");
        return list == null ? null : GoJson.compact(list);
    }

    static String data(ObjectNode object) {
        return GoJson.compact(object.get("data"));
    }

    /** What the registry adds when it stores an object. */
    ObjectNode stored(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        ObjectNode metadata = ObjectMetaOrder.metadata(copy);
        metadata.put("namespace", "lab");
        if (!metadata.has("uid")) {
            metadata.put("uid", "64953ab6-7a21-4874-9b4e-196ccd099b22");
            metadata.put("creationTimestamp", "2026-11-22T21:17:16Z");
        }
        metadata.put("resourceVersion", String.valueOf(++resourceVersion));
        ObjectMetaOrder.normalize(copy);
        return copy;
    }

    static StatusException refusal(Runnable write) {
        try {
            write.run();
        } catch (StatusException e) {
            return e;
        }
        throw new AssertionError("expected a StatusException");
    }

    static final String G1_MANAGED_FIELDS = """
            [{"manager":"alice","operation":"Apply","apiVersion":"v1","time":"2026-11-22T21:17:16Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:color":{},"f:owner":{}}}}]""";

    static final String G3_MANAGED_FIELDS = """
            [{"manager":"alice","operation":"Apply","apiVersion":"v1","time":"2026-11-22T21:17:16Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:owner":{}}}},{"manager":"bob","operation":"Apply","apiVersion":"v1","time":"2026-11-22T21:17:16Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:color":{}}}}]""";

    static final String G7_MANAGED_FIELDS = """
            [{"manager":"bob","operation":"Apply","apiVersion":"v1","time":"2026-11-22T21:17:16Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:color":{}}}},{"manager":"alice","operation":"Apply","apiVersion":"v1","time":"2026-11-22T21:17:17Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:shape":{}}}}]""";

    static final String G10_MANAGED_FIELDS = """
            [{"manager":"alice","operation":"Apply","apiVersion":"v1","time":"2026-11-22T21:17:17Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:shape":{}}}},{"manager":"carol","operation":"Update","apiVersion":"v1","time":"2026-11-22T21:17:17Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:color":{}}}}]""";
    static final String G2_STATUS = """
            {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Apply failed with 1 conflict: conflict with \\"alice\\": .data.color","reason":"Conflict","details":{"causes":[{"reason":"FieldManagerConflict","message":"conflict with \\"alice\\"","field":".data.color"}]},"code":409}""";

    static final String G6_STATUS = """
            {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Apply failed with 1 conflict: conflict with \\"bob\\": .data.color","reason":"Conflict","details":{"causes":[{"reason":"FieldManagerConflict","message":"conflict with \\"bob\\"","field":".data.color"}]},"code":409}""";

    static final String G11_STATUS = """
            {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Apply failed with 1 conflict: conflict with \\"carol\\" using v1: .data.color","reason":"Conflict","details":{"causes":[{"reason":"FieldManagerConflict","message":"conflict with \\"carol\\" using v1","field":".data.color"}]},"code":409}""";
    static final String H1_RV240 = """
            {"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"lab","uid":"858c8da0-849f-48f8-aab3-1c00664aa8c2","resourceVersion":"240","generation":1,"creationTimestamp":"2026-11-22T21:17:32Z","labels":{"app":"web"},"managedFields":[{"manager":"golden-capture","operation":"Update","apiVersion":"apps/v1","time":"2026-11-22T21:17:32Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"c\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}}]},"spec":{"replicas":1,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"example.invalid/img:1","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},"revisionHistoryLimit":10,"progressDeadlineSeconds":600},"status":{}}""";

    static final String H1_RV244 = """
            {"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"lab","uid":"858c8da0-849f-48f8-aab3-1c00664aa8c2","resourceVersion":"244","generation":4,"creationTimestamp":"2026-11-22T21:17:32Z","labels":{"app":"web","tier":"frontend"},"annotations":{"note":"hello"},"managedFields":[{"manager":"golden-capture","operation":"Update","apiVersion":"apps/v1","time":"2026-11-22T21:17:32Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:annotations":{".":{},"f:note":{}},"f:labels":{".":{},"f:app":{},"f:tier":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"c\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}}]},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"example.invalid/img:2","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},"revisionHistoryLimit":10,"progressDeadlineSeconds":600},"status":{}}""";

    static final String H1_RV245 = """
            {"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"lab","uid":"858c8da0-849f-48f8-aab3-1c00664aa8c2","resourceVersion":"245","generation":4,"creationTimestamp":"2026-11-22T21:17:32Z","labels":{"app":"web","tier":"frontend"},"annotations":{"note":"hello"},"managedFields":[{"manager":"golden-capture","operation":"Update","apiVersion":"apps/v1","time":"2026-11-22T21:17:32Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:annotations":{".":{},"f:note":{}},"f:labels":{".":{},"f:app":{},"f:tier":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"c\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}},{"manager":"golden-capture","operation":"Update","apiVersion":"apps/v1","time":"2026-11-22T21:17:32Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:observedGeneration":{},"f:readyReplicas":{},"f:replicas":{}}},"subresource":"status"}]},"spec":{"replicas":2,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"example.invalid/img:2","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},"revisionHistoryLimit":10,"progressDeadlineSeconds":600},"status":{"observedGeneration":3,"replicas":2,"readyReplicas":1}}""";

    static final String H1_PUT_H9 = """
            {"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"lab","uid":"858c8da0-849f-48f8-aab3-1c00664aa8c2","resourceVersion":"245","generation":4,"creationTimestamp":"2026-11-22T21:17:32Z","labels":{"app":"web","tier":"frontend"},"annotations":{"note":"hello"}},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"example.invalid/img:2","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},"revisionHistoryLimit":10,"progressDeadlineSeconds":600},"status":{"observedGeneration":3,"replicas":2,"readyReplicas":1}}""";

    static final String H1_RV246 = """
            {"kind":"Deployment","apiVersion":"apps/v1","metadata":{"name":"web","namespace":"lab","uid":"858c8da0-849f-48f8-aab3-1c00664aa8c2","resourceVersion":"246","generation":5,"creationTimestamp":"2026-11-22T21:17:32Z","labels":{"app":"web","tier":"frontend"},"annotations":{"note":"hello"},"managedFields":[{"manager":"golden-capture","operation":"Update","apiVersion":"apps/v1","time":"2026-11-22T21:17:32Z","fieldsType":"FieldsV1","fieldsV1":{"f:status":{"f:observedGeneration":{},"f:readyReplicas":{},"f:replicas":{}}},"subresource":"status"},{"manager":"golden-capture","operation":"Update","apiVersion":"apps/v1","time":"2026-11-22T21:17:33Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{"f:annotations":{".":{},"f:note":{}},"f:labels":{".":{},"f:app":{},"f:tier":{}}},"f:spec":{"f:progressDeadlineSeconds":{},"f:replicas":{},"f:revisionHistoryLimit":{},"f:selector":{},"f:strategy":{"f:rollingUpdate":{".":{},"f:maxSurge":{},"f:maxUnavailable":{}},"f:type":{}},"f:template":{"f:metadata":{"f:labels":{".":{},"f:app":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"c\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}}}}]},"spec":{"replicas":3,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"creationTimestamp":null,"labels":{"app":"web"}},"spec":{"containers":[{"name":"c","image":"example.invalid/img:2","resources":{},"terminationMessagePath":"/dev/termination-log","terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent"}],"restartPolicy":"Always","terminationGracePeriodSeconds":30,"dnsPolicy":"ClusterFirst","securityContext":{},"schedulerName":"default-scheduler"}},"strategy":{"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}},"revisionHistoryLimit":10,"progressDeadlineSeconds":600},"status":{"observedGeneration":3,"replicas":2,"readyReplicas":1}}""";

    static final String A1_POST = """
            {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-a","labels":{"app":"lab"}},"data":{"k":"v1"}}""";

    static final String A1_RV79 = """
            {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"cm-a","namespace":"lab","uid":"1da442e5-74b5-46fd-bd33-33873803a821","resourceVersion":"79","creationTimestamp":"2026-11-22T21:10:14Z","labels":{"app":"lab"},"managedFields":[{"manager":"golden-capture","operation":"Update","apiVersion":"v1","time":"2026-11-22T21:10:14Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{".":{},"f:k":{}},"f:metadata":{"f:labels":{".":{},"f:app":{}}}}}]},"data":{"k":"v1"}}""";

    static final String A1_PUT = """
            {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"cm-a","namespace":"lab","uid":"1da442e5-74b5-46fd-bd33-33873803a821","resourceVersion":"79","creationTimestamp":"2026-11-22T21:10:14Z","labels":{"app":"lab"}},"data":{"k":"v2"}}""";

    static final String A1_RV80 = """
            {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"cm-a","namespace":"lab","uid":"1da442e5-74b5-46fd-bd33-33873803a821","resourceVersion":"80","creationTimestamp":"2026-11-22T21:10:14Z","labels":{"app":"lab"},"managedFields":[{"manager":"golden-capture","operation":"Update","apiVersion":"v1","time":"2026-11-22T21:10:15Z","fieldsType":"FieldsV1","fieldsV1":{"f:data":{".":{},"f:k":{}},"f:metadata":{"f:labels":{".":{},"f:app":{}}}}}]},"data":{"k":"v2"}}""";
    static final String ALICE_CONFIG = """
            {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-ssa"},"data":{"color":"red","owner":"alice"}}""";
    static final String BOB_CONFIG = """
            {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-ssa"},"data":{"color":"blue"}}""";
    static final String ALICE_SHAPE_CONFIG = """
            {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-ssa"},"data":{"shape":"round"}}""";

    // tag::g1-replay[]
    @Nested
    @DisplayName("replaying golden g1 (server-side apply on a ConfigMap)")
    class G1 {

        ObjectNode g1() {
            clock.set("2026-11-22T21:17:16Z");
            return stored(configmaps.apply(null, json(ALICE_CONFIG), "alice", "", false));
        }

        ObjectNode g3() {
            return stored(configmaps.apply(g1(), json(BOB_CONFIG), "bob", "", true));
        }

        ObjectNode g7() {
            ObjectNode live = g3();
            clock.set("2026-11-22T21:17:17Z");
            return stored(configmaps.apply(live, json(ALICE_SHAPE_CONFIG), "alice", "", false));
        }

        ObjectNode g10() {
            ObjectNode live = g7();
            ObjectNode patched = live.deepCopy();
            ((ObjectNode) patched.get("data")).put("color", "purple"); // the merge patch {"data":{"color":"purple"}}
            return stored(configmaps.update(live, patched, "carol", ""));
        }

        @Test
        @DisplayName("g.1: an apply that creates records one Apply entry owning exactly the applied fields")
        void g1Create() {
            ObjectNode created = g1();
            assertThat(managedFields(created)).isEqualTo(G1_MANAGED_FIELDS.strip());
            assertThat(data(created)).isEqualTo("{\"color\":\"red\",\"owner\":\"alice\"}");
        }

        @Test
        @DisplayName("g.2: another applier changing alice's field without force gets golden g.2's 409")
        void g2Conflict() {
            ObjectNode live = g1();
            StatusException e = refusal(() -> configmaps.apply(live, json(BOB_CONFIG), "bob", "", false));
            assertThat(e.status().toString()).isEqualTo(G2_STATUS.strip());
        }

        @Test
        @DisplayName("g.3: with force bob takes data.color: managedFields as golden g.3")
        void g3Force() {
            ObjectNode forced = g3();
            assertThat(managedFields(forced)).isEqualTo(G3_MANAGED_FIELDS.strip());
            assertThat(data(forced)).isEqualTo("{\"color\":\"blue\",\"owner\":\"alice\"}");
        }

        @Test
        @DisplayName("g.5: re-applying the same config changes nothing, not even the time (same JSON, so no new resourceVersion)")
        void g5NoOp() {
            ObjectNode live = g3();
            clock.set("2026-11-22T21:17:20Z");
            ObjectNode again = configmaps.apply(live, json(BOB_CONFIG), "bob", "", false);
            assertThat(GoJson.compact(again)).isEqualTo(GoJson.compact(live));
        }

        @Test
        @DisplayName("g.6: alice re-applying color red without force gets golden g.6's 409 naming bob")
        void g6Conflict() {
            ObjectNode live = g3();
            StatusException e = refusal(() -> configmaps.apply(live, json(ALICE_CONFIG), "alice", "", false));
            assertThat(e.status().toString()).isEqualTo(G6_STATUS.strip());
        }

        @Test
        @DisplayName("g.7: a field alice stops applying and alone owns is removed; her entry's time moves: golden g.7")
        void g7GiveUp() {
            ObjectNode applied = g7();
            assertThat(managedFields(applied)).isEqualTo(G7_MANAGED_FIELDS.strip());
            assertThat(data(applied)).isEqualTo("{\"color\":\"blue\",\"shape\":\"round\"}");
        }

        @Test
        @DisplayName("g.10: an update never conflicts; carol takes data.color and bob's emptied entry disappears: golden g.10")
        void g10Update() {
            ObjectNode updated = g10();
            assertThat(managedFields(updated)).isEqualTo(G10_MANAGED_FIELDS.strip());
            assertThat(data(updated)).isEqualTo("{\"color\":\"purple\",\"shape\":\"round\"}");
        }

        @Test
        @DisplayName("g.11: bob's apply now conflicts with an Update manager, named with its apiVersion: golden g.11")
        void g11ConflictWithUpdater() {
            ObjectNode live = g10();
            StatusException e = refusal(() -> configmaps.apply(live, json(BOB_CONFIG), "bob", "", false));
            assertThat(e.status().toString()).isEqualTo(G11_STATUS.strip());
        }
    }
    // end::g1-replay[]

    @Nested
    @DisplayName("replaying golden a1 (a plain POST and PUT of a ConfigMap)")
    class A1 {

        @Test
        @DisplayName("a create by a non-apply write is tracked: one Update entry owning data and labels, with their '.'")
        void postTracked() {
            clock.set("2026-11-22T21:10:14Z");
            ObjectNode body = json(A1_POST);
            ObjectMetaOrder.set(body, "namespace", "lab");
            ObjectNode created = configmaps.update(null, body, "golden-capture", "");
            assertThat(managedFields(created)).isEqualTo(managedFields(json(A1_RV79)));
        }

        @Test
        @DisplayName("a PUT without managedFields keeps the live ones, and moves the time of the manager that changed data.k")
        void putKeepsAndStamps() {
            clock.set("2026-11-22T21:10:15Z");
            ObjectNode updated = configmaps.update(json(A1_RV79), json(A1_PUT), "golden-capture", "");
            assertThat(managedFields(updated)).isEqualTo(managedFields(json(A1_RV80)));
        }

        @Test
        @DisplayName("a PUT that changes nothing keeps the time")
        void putUnchanged() {
            clock.set("2026-11-22T21:30:00Z");
            ObjectNode live = json(A1_RV79);
            ObjectNode same = live.deepCopy();
            ManagedFields.removeFrom(same);
            assertThat(managedFields(configmaps.update(live, same, "golden-capture", ""))).isEqualTo(managedFields(live));
        }
    }

    @Nested
    @DisplayName("replaying golden h1 (a Deployment and its /status)")
    class H1 {

        ObjectNode withStatus(ObjectNode object, String status) {
            ObjectNode copy = object.deepCopy();
            copy.set("status", json(status));
            return copy;
        }

        @Test
        @DisplayName("h.1: a POST of a Deployment (defaults applied) is tracked against the kind's zero value: golden h.1's entry")
        void createDeployment() {
            clock.set("2026-11-22T21:17:32Z");
            ObjectNode body = json(H1_RV240);
            ObjectNode metadata = (ObjectNode) body.get("metadata");
            for (String serverSet : List.of("managedFields", "uid", "resourceVersion", "generation", "creationTimestamp")) {
                metadata.remove(serverSet);
            }
            ObjectNode created = deployments.update(null, body, "golden-capture", "");
            assertThat(managedFields(created)).isEqualTo(managedFields(json(H1_RV240)));
        }

        @Test
        @DisplayName("h.6: a write through /status gets its own entry, with subresource status, owning the status fields it set")
        void statusEntry() {
            clock.set("2026-11-22T21:17:32Z");
            ObjectNode patched = withStatus(json(H1_RV244), "{\"observedGeneration\":3,\"replicas\":2,\"readyReplicas\":1}");
            ObjectNode updated = deployments.update(json(H1_RV244), patched, "golden-capture", "status");
            assertThat(managedFields(updated)).isEqualTo(managedFields(json(H1_RV245)));
        }

        @Test
        @DisplayName("h.7: status sent to the main resource is a reset field: nobody's ownership changes")
        void statusOnMainIgnored() {
            clock.set("2026-11-22T21:17:40Z");
            ObjectNode live = json(H1_RV245);
            ObjectNode patched = withStatus(live, "{\"observedGeneration\":99,\"replicas\":7,\"readyReplicas\":1}");
            assertThat(managedFields(deployments.update(live, patched, "golden-capture", ""))).isEqualTo(managedFields(live));
        }

        @Test
        @DisplayName("h.8: spec sent to /status is a reset field there: nobody's ownership changes")
        void specOnStatusIgnored() {
            clock.set("2026-11-22T21:17:40Z");
            ObjectNode live = json(H1_RV245);
            ObjectNode patched = live.deepCopy();
            ((ObjectNode) patched.get("spec")).put("replicas", 5);
            assertThat(managedFields(deployments.update(live, patched, "golden-capture", "status"))).isEqualTo(managedFields(live));
        }

        @Test
        @DisplayName("h.9: a PUT changing spec.replicas stamps the main entry, which now sorts after the /status one")
        void putStampsMainEntry() {
            clock.set("2026-11-22T21:17:33Z");
            ObjectNode updated = deployments.update(json(H1_RV245), json(H1_PUT_H9), "golden-capture", "");
            assertThat(managedFields(updated)).isEqualTo(managedFields(json(H1_RV246)));
        }

        @Test
        @DisplayName("a client cannot rewrite managedFields through /status: the live ones are used")
        void statusIgnoresSentManagedFields() {
            ObjectNode live = json(H1_RV245);
            ObjectNode patched = live.deepCopy();
            ((ObjectNode) patched.get("metadata")).set("managedFields", JSON.createArrayNode().add(JSON.createObjectNode()));
            assertThat(managedFields(deployments.update(live, patched, "golden-capture", "status"))).isEqualTo(managedFields(live));
        }
    }

    @Nested
    @DisplayName("tracking")
    class Tracking {

        ObjectNode untracked() {
            return json("""
                    {"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"old","namespace":"lab","uid":"u-1",
                     "resourceVersion":"5","creationTimestamp":"2026-11-22T21:00:00Z","labels":{"app":"x"}},"data":{"a":"1"}}""");
        }

        @Test
        @DisplayName("an object without managedFields stays untracked by non-apply updates")
        void untrackedStaysUntracked() {
            ObjectNode live = untracked();
            ObjectNode changed = live.deepCopy();
            ((ObjectNode) changed.get("data")).put("a", "2");
            assertThat(configmaps.update(live, changed, "carol", "").path("metadata").has("managedFields")).isFalse();
        }

        @Test
        @DisplayName("the first apply to an untracked object gives its existing fields to before-first-apply")
        void beforeFirstApply() {
            clock.set("2026-11-22T21:20:00Z");
            ObjectNode applied = configmaps.apply(untracked(), json("""
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"old"},"data":{"b":"2"}}"""), "alice", "", false);
            assertThat(managedFields(applied)).isEqualTo("[{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\","
                    + "\"time\":\"2026-11-22T21:20:00Z\",\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:b\":{}}}},"
                    + "{\"manager\":\"before-first-apply\",\"operation\":\"Update\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:20:00Z\","
                    + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\".\":{},\"f:a\":{}},\"f:metadata\":{\"f:labels\":{\".\":{},\"f:app\":{}}}}}]");
            assertThat(data(applied)).isEqualTo("{\"a\":\"1\",\"b\":\"2\"}");
        }

        @Test
        @DisplayName("an applier changing a field before-first-apply owns conflicts with it")
        void beforeFirstApplyConflicts() {
            StatusException e = refusal(() -> configmaps.apply(untracked(), json("""
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"old"},"data":{"a":"9"}}"""), "alice", "", false));
            assertThat(e.status().message())
                    .isEqualTo("Apply failed with 1 conflict: conflict with \"before-first-apply\" using v1: .data.a");
        }

        @Test
        @DisplayName("managedFields [{}] in a write reset them: the object is no longer tracked")
        void reset() {
            ObjectNode live = json(A1_RV79);
            ObjectNode put = json(A1_PUT);
            ((ObjectNode) put.get("metadata")).set("managedFields", json("{\"l\":[{}]}").get("l"));
            assertThat(configmaps.update(live, put, "golden-capture", "").path("metadata").has("managedFields")).isFalse();
        }

        @Test
        @DisplayName("valid managedFields sent with a write replace the live ones (ownership can be handed over)")
        void sentManagedFieldsHonoured() {
            ObjectNode live = json(A1_RV79);
            ObjectNode put = live.deepCopy();
            ((ObjectNode) put.get("metadata")).set("managedFields", json("""
                    {"l":[{"manager":"new-owner","operation":"Apply","apiVersion":"v1","time":"2026-11-22T21:10:14Z",
                     "fieldsType":"FieldsV1","fieldsV1":{"f:data":{"f:k":{}}}}]}""").get("l"));
            assertThat(managedFields(configmaps.update(live, put, "golden-capture", ""))).isEqualTo(
                    "[{\"manager\":\"new-owner\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:10:14Z\","
                            + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:k\":{}}}}]");
        }

        @Test
        @DisplayName("managedFields kube cannot decode are ignored: the live ones are kept, the write is not refused")
        void undecodableIgnored() {
            ObjectNode live = json(A1_RV79);
            ObjectNode put = live.deepCopy();
            ((ObjectNode) put.get("metadata")).set("managedFields", json("""
                    {"l":[{"manager":"m","operation":"Patch","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":{}}]}""").get("l"));
            assertThat(managedFields(configmaps.update(live, put, "golden-capture", ""))).isEqualTo(managedFields(live));
        }

        @Test
        @DisplayName("at most 10 Update entries: the two oldest are folded into ancient-changes")
        void ancientChanges() {
            ObjectNode object = null;
            List<String> managers = new ArrayList<>();
            for (int i = 1; i <= 11; i++) {
                clock.set(String.format("2026-11-22T21:00:%02dZ", i));
                ObjectNode next = object == null
                        ? json("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"many\"},\"data\":{}}")
                        : object.deepCopy();
                ((ObjectNode) next.get("data")).put("k" + i, "v");
                object = stored(configmaps.update(object, next, "m" + i, ""));
                managers.add("m" + i);
            }
            JsonNode entries = object.path("metadata").path("managedFields");
            assertThat(entries).hasSize(10);
            assertThat(entries.get(0).path("manager").asText()).isEqualTo("ancient-changes");
            assertThat(entries.get(0).path("time").asText()).isEqualTo("2026-11-22T21:00:02Z");
            assertThat(GoJson.compact(entries.get(0).get("fieldsV1"))).isEqualTo("{\"f:data\":{\".\":{},\"f:k1\":{},\"f:k2\":{}}}");
            List<String> rest = new ArrayList<>();
            for (int i = 1; i < entries.size(); i++) {
                rest.add(entries.get(i).path("manager").asText());
            }
            assertThat(rest).isEqualTo(managers.subList(2, 11));
        }
    }

    @Nested
    @DisplayName("ownership details")
    class Ownership {

        @Test
        @DisplayName("two appliers of the same value share it without conflict; the object is unchanged, so the newcomer's entry has no time")
        void sharedValue() {
            clock.set("2026-11-22T21:17:16Z");
            ObjectNode live = stored(configmaps.apply(null, json(ALICE_CONFIG), "alice", "", false));
            clock.set("2026-11-22T21:17:30Z");
            ObjectNode shared = configmaps.apply(live, json("""
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-ssa"},"data":{"color":"red"}}"""), "dave", "", false);
            assertThat(data(shared)).isEqualTo(data(live));
            assertThat(managedFields(shared)).isEqualTo("[{\"manager\":\"dave\",\"operation\":\"Apply\",\"apiVersion\":\"v1\","
                    + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{}}}},"
                    + "{\"manager\":\"alice\",\"operation\":\"Apply\",\"apiVersion\":\"v1\",\"time\":\"2026-11-22T21:17:16Z\","
                    + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:data\":{\"f:color\":{},\"f:owner\":{}}}}]");
        }

        @Test
        @DisplayName("an apply contesting fields of several managers lists every field in one 409")
        void severalConflicts() {
            clock.set("2026-11-22T21:17:16Z");
            ObjectNode live = stored(configmaps.apply(null, json(ALICE_CONFIG), "alice", "", false));
            ObjectNode patched = live.deepCopy();
            ((ObjectNode) patched.get("data")).put("size", "L");
            live = stored(configmaps.update(live, patched, "carol", ""));
            ObjectNode current = live;
            StatusException e = refusal(() -> configmaps.apply(current, json("""
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"cm-ssa"},"data":{"color":"x","owner":"x","size":"x"}}"""),
                    "bob", "", false));
            assertThat(e.status().code()).isEqualTo(409);
            assertThat(e.status().message()).isEqualTo("Apply failed with 3 conflicts: conflicts with \"alice\":\n"
                    + "- .data.color\n- .data.owner\nconflicts with \"carol\" using v1:\n- .data.size");
            assertThat(e.status().details().causes()).hasSize(3);
        }

        @Test
        @DisplayName("a write without a manager name is recorded as unknown")
        void unknownManager() {
            ObjectNode created = configmaps.update(null, json(A1_POST), "", "");
            assertThat(created.path("metadata").path("managedFields").get(0).path("manager").asText()).isEqualTo("unknown");
        }

        @Test
        @DisplayName("an apply to a Deployment's main resource neither takes nor merges status, a reset field there")
        void applyIgnoresResetFields() {
            clock.set("2026-11-22T21:17:40Z");
            ObjectNode live = json(H1_RV245);
            ObjectNode applied = deployments.apply(live, json("""
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"replicas":4},
                     "status":{"replicas":9}}"""), "alice", "", true);
            assertThat(applied.path("spec").path("replicas").asInt()).isEqualTo(4);
            assertThat(applied.get("status")).isEqualTo(live.get("status"));
            JsonNode alice = applied.path("metadata").path("managedFields").get(0);
            assertThat(alice.path("manager").asText()).isEqualTo("alice");
            assertThat(GoJson.compact(alice.get("fieldsV1"))).isEqualTo("{\"f:spec\":{\"f:replicas\":{}}}");
        }

        @Test
        @DisplayName("an apply through /status records an Apply entry with subresource status")
        void applyThroughStatus() {
            clock.set("2026-11-22T21:17:40Z");
            ObjectNode applied = deployments.apply(json(H1_RV245), json("""
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"status":{"availableReplicas":1}}"""),
                    "kcm", "status", false);
            assertThat(GoJson.compact(applied.path("metadata").path("managedFields").get(0))).isEqualTo(
                    "{\"manager\":\"kcm\",\"operation\":\"Apply\",\"apiVersion\":\"apps/v1\",\"time\":\"2026-11-22T21:17:40Z\","
                            + "\"fieldsType\":\"FieldsV1\",\"fieldsV1\":{\"f:status\":{\"f:availableReplicas\":{}}},"
                            + "\"subresource\":\"status\"}");
        }
    }

    @Nested
    @DisplayName("refuses an applied config (400)")
    class ConfigChecks {

        @Test
        @DisplayName("of another apiVersion")
        void wrongVersion() {
            StatusException e = refusal(() -> configmaps.apply(null, json("""
                    {"apiVersion":"v2","kind":"ConfigMap","metadata":{"name":"x"}}"""), "alice", "", false));
            assertThat(e.status().code()).isEqualTo(400);
            assertThat(e.status().message()).isEqualTo("Incorrect version specified in apply patch. Specified patch version: v2, expected: v1");
        }

        @Test
        @DisplayName("of another kind")
        void wrongKind() {
            StatusException e = refusal(() -> deployments.apply(null, json("""
                    {"apiVersion":"apps/v1","kind":"StatefulSet","metadata":{"name":"x"}}"""), "alice", "", false));
            assertThat(e.status().code()).isEqualTo(400);
            assertThat(e.status().message()).isEqualTo("invalid object type: apps/v1, Kind=StatefulSet");
        }

        @Test
        @DisplayName("whose keyed list item lacks its key (a container without a name), with the typed conversion error")
        void itemWithoutKey() {
            StatusException e = refusal(() -> deployments.apply(json(H1_RV245), json("""
                    {"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},
                     "spec":{"template":{"spec":{"containers":[{"image":"x"}]}}}}"""), "alice", "", false));
            assertThat(e.status().code()).isEqualTo(400);
            assertThat(e.status().message()).startsWith("failed to create typed patch object (/web; apps/v1, Kind=Deployment): ")
                    .contains("omits key field \"name\"");
        }

        @Test
        @DisplayName("(an update whose object the schema cannot walk is not refused: it keeps the live managedFields)")
        void updateNeverFails() {
            ObjectNode live = json(H1_RV245);
            ObjectNode broken = live.deepCopy();
            ((ObjectNode) broken.path("spec").path("template").path("spec").path("containers").get(0)).remove("name");
            assertThat(managedFields(deployments.update(live, broken, "golden-capture", ""))).isEqualTo(managedFields(live));
        }

        @Test
        @DisplayName("carrying metadata.managedFields")
        void managedFieldsInConfig() {
            StatusException e = refusal(() -> configmaps.apply(null, json("""
                    {"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x","managedFields":[]}}"""), "alice", "", false));
            assertThat(e.status().code()).isEqualTo(400);
            assertThat(e.status().message()).isEqualTo("metadata.managedFields must be nil");
        }
    }
}
