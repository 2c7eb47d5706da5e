package io.rvlab.exercises.ch03;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.io.IOException;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 3.3 (the generation rule of a Deployment). The first test replays
 * the golden capture h1 (a real kube-apiserver 1.26) step by step on etcd: your strategy decides
 * what is stored, the test writes it only when it differs from what is stored (as the server
 * does), and both the generation and whether the resourceVersion moved must match the capture.
 * The custom resource tests follow apiextensions-apiserver's {@code customResourceStrategy} and
 * {@code statusStrategy} (k8s.io/apiextensions-apiserver pkg/registry/customresource).
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("3.3 the generation rule of a Deployment")
class DeploymentStrategyTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** GOLD h.1's request body (plus the uid the server gave it). */
    private static final String CREATE = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\","
            + "\"namespace\":\"lab\",\"uid\":\"858c8da0-849f-48f8-aab3-1c00664aa8c2\",\"labels\":{\"app\":\"web\"}},"
            + "\"spec\":{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":"
            + "{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"example.invalid/img:1\"}]}}}}";

    @Test
    @DisplayName("GOLD h1 on etcd: generation 1, 2, 3, 3, 4, 4, 4, 4, 5, and no write at all for h.7 and h.8")
    void goldenSequence(Client client, KeyPrefix prefix) {
        Stored web = new Stored(new Direct(client), prefix.key("registry/deployments/lab/web"));

        web.create(DeploymentStrategy.prepareForCreate(parse(CREATE)));
        web.expect("h.1 create", 1, true);

        web.update(o -> set(o, "/spec", "replicas", 2));
        web.expect("h.2 spec.replicas 1 -> 2", 2, true);

        web.update(o -> {
            ((ObjectNode) o.at("/spec/template/spec/containers/0")).put("image", "example.invalid/img:2");
            return o;
        });
        web.expect("h.3 the template's image", 3, true);

        web.update(o -> set(o, "/metadata/labels", "tier", "frontend"));
        web.expect("h.4 a label: metadata only, the object changes (new resourceVersion) but not the desired state", 3, true);

        web.update(o -> {
            o.withObjectProperty("metadata").withObjectProperty("annotations").put("note", "hello");
            return o;
        });
        web.expect("h.5 an annotation: a Deployment copies annotations to its ReplicaSets, so they count", 4, true);

        web.updateStatus(o -> {
            o.withObjectProperty("status").put("observedGeneration", 3).put("replicas", 2).put("readyReplicas", 1);
            return o;
        });
        web.expect("h.6 status through /status", 4, true);
        assertThat(web.current().at("/status/observedGeneration").asLong())
                .as("h.6: observedGeneration is the status writer's (3), the server never sets it to the generation (4)")
                .isEqualTo(3);

        web.update(o -> {
            o.withObjectProperty("status").put("observedGeneration", 99).put("replicas", 7);
            return o;
        });
        web.expect("h.7 status sent to the main resource is ignored: nothing changes, so nothing is written", 4, false);

        web.updateStatus(o -> set(o, "/spec", "replicas", 5));
        web.expect("h.8 spec sent to /status is ignored: nothing changes, so nothing is written", 4, false);

        web.update(o -> {
            set(o, "/spec", "replicas", 3);
            o.withObjectProperty("metadata").put("generation", 4); // h.9's PUT body carries generation 4
            return o;
        });
        web.expect("h.9 PUT of the whole object with spec.replicas 3", 5, true);
        assertThat(web.current().at("/status").toString()).as("h.9: the status is still the one h.6 wrote")
                .isEqualTo("{\"observedGeneration\":3,\"replicas\":2,\"readyReplicas\":1}");
        assertThat(web.current().at("/spec/replicas").asInt()).isEqualTo(3);
    }

    @Test
    @DisplayName("create: generation 1 and an empty status, whatever the client sent; the rest as sent")
    void create() {
        ObjectNode requested = parse(CREATE);
        requested.withObjectProperty("metadata").put("generation", 7);
        requested.withObjectProperty("status").put("observedGeneration", 7).put("replicas", 3);
        ObjectNode before = requested.deepCopy();

        ObjectNode stored = DeploymentStrategy.prepareForCreate(requested);

        assertThat(stored.at("/metadata/generation").isIntegralNumber()).as("metadata.generation is a JSON number").isTrue();
        assertThat(stored.at("/metadata/generation").asLong()).as("a new object is generation 1, not the client's 7").isEqualTo(1);
        assertThat(stored.get("status")).as("the status of your prepareForCreate of a request that sent status {observedGeneration:7, replicas:3}; GOLD h.1 stored \"status\":{}; ./course hint 3.3").isEqualTo(JSON.createObjectNode());
        assertThat(stored.get("spec")).isEqualTo(requested.get("spec"));
        assertThat(stored.at("/metadata/labels")).isEqualTo(requested.at("/metadata/labels"));
        assertThat(requested).as("the request itself must not be changed: return a copy").isEqualTo(before);
    }

    @Test
    @DisplayName("update: the generation comes from the stored object, never from the client")
    void clientCannotSetGeneration() {
        ObjectNode old = stored(4);
        ObjectNode requested = old.deepCopy();
        requested.withObjectProperty("metadata").put("generation", 42);

        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, requested)))
                .as("nothing changed: the old generation 4, not the client's 42").isEqualTo(4);

        ((ObjectNode) requested.get("metadata")).remove("generation");
        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, requested)))
                .as("a request without generation keeps the old one too").isEqualTo(4);
    }

    @Test
    @DisplayName("update: spec and annotation changes add exactly 1, together or apart; labels add nothing")
    void whatCounts() {
        ObjectNode old = stored(4);

        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, with(old, o -> set(o, "/spec", "paused", true)))))
                .as("a new field in spec").isEqualTo(5);
        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, with(old, o -> {
            ((ObjectNode) o.get("spec")).remove("replicas");
            return o;
        })))).as("a field removed from spec").isEqualTo(5);
        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, with(old, o -> {
            set(o, "/spec", "replicas", 9);
            return set(o, "/metadata/annotations", "note", "changed");
        })))).as("spec and annotations in one update: +1, not +2").isEqualTo(5);
        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, with(old, o -> {
            ((ObjectNode) o.get("metadata")).remove("annotations");
            return o;
        })))).as("all annotations removed").isEqualTo(5);
        ObjectNode relabeled = DeploymentStrategy.prepareForUpdate(old, with(old, o -> set(o, "/metadata/labels", "tier", "x")));
        assertThat(generation(relabeled)).as("labels are not desired state (GOLD h.4)").isEqualTo(4);
        assertThat(relabeled.at("/metadata/labels/tier").asText()).as("but the label change itself is kept").isEqualTo("x");
    }

    @Test
    @DisplayName("update: no annotations, null annotations and {} are the same nothing")
    void emptyAnnotations() {
        ObjectNode old = stored(2);
        ((ObjectNode) old.get("metadata")).remove("annotations");

        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, with(old, o -> {
            o.withObjectProperty("metadata").putObject("annotations");
            return o;
        })))).as("the generation (stored: 2, without annotations) of your prepareForUpdate of a request with annotations {}; ./course hint 3.3").isEqualTo(2);
        assertThat(generation(DeploymentStrategy.prepareForUpdate(old, with(old, o -> {
            o.withObjectProperty("metadata").putNull("annotations");
            return o;
        })))).as("the generation (stored: 2, without annotations) of your prepareForUpdate of a request with annotations null; ./course hint 3.3").isEqualTo(2);
    }

    @Test
    @DisplayName("update: status sent to the main resource is replaced by the stored status; observedGeneration is never set")
    void statusIgnoredOnMainResource() {
        ObjectNode old = stored(3);
        ObjectNode before = old.deepCopy();
        ObjectNode requested = with(old, o -> {
            set(o, "/spec", "replicas", 6);
            ((ObjectNode) o.get("status")).removeAll().put("observedGeneration", 99);
            return o;
        });
        ObjectNode requestBefore = requested.deepCopy();

        ObjectNode stored = DeploymentStrategy.prepareForUpdate(old, requested);

        assertThat(generation(stored)).isEqualTo(4);
        assertThat(stored.get("status")).as("the old status, exactly (GOLD h.7)").isEqualTo(old.get("status"));
        assertThat(stored.at("/status/observedGeneration").asLong())
                .as("observedGeneration stays 3 although the generation is now 4: only the controller may say it caught up")
                .isEqualTo(3);
        assertThat(stored.at("/spec/replicas").asInt()).isEqualTo(6);
        assertThat(old).as("the stored object must not be changed").isEqualTo(before);
        assertThat(requested).as("the request must not be changed").isEqualTo(requestBefore);
    }

    @Test
    @DisplayName("/status: only status changes; spec, labels and generation come from the stored object")
    void statusSubresource() {
        ObjectNode old = stored(4);
        ObjectNode before = old.deepCopy();
        ObjectNode requested = with(old, o -> {
            set(o, "/spec", "replicas", 50);
            set(o, "/metadata/labels", "app", "hijacked");
            o.withObjectProperty("metadata").put("generation", 77);
            ((ObjectNode) o.get("status")).put("observedGeneration", 4).put("readyReplicas", 2);
            return o;
        });

        ObjectNode stored = DeploymentStrategy.prepareForStatusUpdate(old, requested);

        assertThat(stored.get("status")).as("the new status, as sent")
                .isEqualTo(parse("{\"status\":{\"observedGeneration\":4,\"replicas\":2,\"readyReplicas\":2}}").get("status"));
        assertThat(stored.get("spec")).as("spec sent to /status is ignored (GOLD h.8)").isEqualTo(old.get("spec"));
        assertThat(stored.at("/metadata/labels")).as("labels sent to /status are ignored").isEqualTo(old.at("/metadata/labels"));
        assertThat(generation(stored)).as("a status write never moves the generation").isEqualTo(4);
        assertThat(old).as("the stored object must not be changed").isEqualTo(before);
    }

    /** A custom resource (a CRD with the /status subresource) as stored: a spec, another top-level field, a status. */
    private static final String CUSTOM = "{\"apiVersion\":\"example.rvlab.io/v1\",\"kind\":\"Website\",\"metadata\":{\"name\":\"blog\","
            + "\"namespace\":\"lab\",\"generation\":4,\"labels\":{\"app\":\"blog\"},\"annotations\":{\"note\":\"hello\"}},"
            + "\"spec\":{\"replicas\":1},\"theme\":{\"color\":\"red\"},\"status\":{\"observedGeneration\":3}}";

    @Test
    @DisplayName("custom resource: updates of spec, of another top-level field, of annotations, labels and generation")
    void customResourceWhatCounts() {
        ObjectNode old = parse(CUSTOM);
        ObjectNode before = old.deepCopy();

        assertThat(generation(DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> set(o, "/spec", "replicas", 2)))))
                .as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request that changes spec.replicas; ./course hint 3.3").isEqualTo(5);
        assertThat(generation(DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> set(o, "/theme", "color", "blue")))))
                .as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request that changes theme.color, a top-level field; ./course hint 3.3").isEqualTo(5);
        assertThat(generation(DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> {
            o.remove("theme");
            return o;
        })))).as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request without the top-level field theme; ./course hint 3.3").isEqualTo(5);
        assertThat(generation(DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> {
            set(o, "/spec", "replicas", 3);
            return set(o, "/theme", "color", "green");
        })))).as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request that changes spec.replicas and theme.color; ./course hint 3.3").isEqualTo(5);
        ObjectNode annotated = DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> set(o, "/metadata/annotations", "note", "x")));
        assertThat(generation(annotated))
                .as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request that changes only an annotation; ./course hint 3.3").isEqualTo(4);
        assertThat(annotated.at("/metadata/annotations/note").asText()).as("the annotation note in the result of your prepareCustomResourceForUpdate of a request that sets it to x; ./course hint 3.3").isEqualTo("x");
        assertThat(generation(DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> set(o, "/metadata/labels", "tier", "x")))))
                .as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request that changes only a label; ./course hint 3.3").isEqualTo(4);
        assertThat(generation(DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> {
            o.withObjectProperty("metadata").put("generation", 42);
            return o;
        })))).as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request that sends generation 42; ./course hint 3.3").isEqualTo(4);
        assertThat(old).as("the stored object must not be changed").isEqualTo(before);
    }

    @Test
    @DisplayName("custom resource: status sent to the main resource, with a status stored and with none")
    void customResourceStatusIgnoredOnMainResource() {
        ObjectNode old = parse(CUSTOM);
        ObjectNode stored = DeploymentStrategy.prepareCustomResourceForUpdate(old, with(old, o -> {
            ((ObjectNode) o.get("status")).put("observedGeneration", 99);
            return o;
        }));
        assertThat(stored.get("status")).as("the status of your prepareCustomResourceForUpdate of a request that sends status.observedGeneration 99 (stored: 3); ./course hint 3.3").isEqualTo(old.get("status"));
        assertThat(generation(stored)).as("the generation (stored: 4) of your prepareCustomResourceForUpdate of a request that changes only status; ./course hint 3.3").isEqualTo(4);

        ObjectNode noStatus = with(old, o -> {
            o.remove("status");
            return o;
        });
        ObjectNode created = DeploymentStrategy.prepareCustomResourceForUpdate(noStatus, with(noStatus, o -> {
            o.withObjectProperty("status").put("observedGeneration", 99);
            return o;
        }));
        assertThat(created.has("status")).as("whether the result of your prepareCustomResourceForUpdate has a status, for a stored object without status and a request that sends one; ./course hint 3.3").isFalse();
        assertThat(generation(created)).isEqualTo(4);
    }

    @Test
    @DisplayName("custom resource /status: a status update that also sends spec, another field, labels, annotations and generation")
    void customResourceStatusSubresource() {
        ObjectNode old = parse(CUSTOM);
        ObjectNode before = old.deepCopy();
        ObjectNode requested = with(old, o -> {
            set(o, "/spec", "replicas", 50);
            set(o, "/theme", "color", "black");
            set(o, "/metadata/labels", "app", "hijacked");
            set(o, "/metadata/annotations", "note", "hijacked");
            o.withObjectProperty("metadata").put("generation", 77);
            ((ObjectNode) o.get("status")).put("observedGeneration", 4).put("ready", true);
            return o;
        });

        ObjectNode stored = DeploymentStrategy.prepareCustomResourceForStatusUpdate(old, requested);

        assertThat(stored.get("status")).as("the new status, as sent")
                .isEqualTo(parse("{\"status\":{\"observedGeneration\":4,\"ready\":true}}").get("status"));
        ObjectNode rest = stored.deepCopy();
        rest.set("status", old.get("status"));
        assertThat(rest).as("your prepareCustomResourceForStatusUpdate of a request that also changes spec, theme, a label, an annotation and"
                + " generation, with its status put back to the stored one (expected: the stored object); ./course hint 3.3").isEqualTo(old);
        assertThat(old).as("the stored object must not be changed").isEqualTo(before);

        ObjectNode cleared = DeploymentStrategy.prepareCustomResourceForStatusUpdate(old, with(old, o -> {
            o.remove("status");
            return o;
        }));
        assertThat(cleared.has("status")).as("whether the result of your prepareCustomResourceForStatusUpdate of a request without status has a status; ./course hint 3.3").isFalse();
        assertThat(generation(cleared)).isEqualTo(4);
    }

    // ---------------------------------------------------------------------------------------------

    /** A Deployment as stored after some updates: generation g, a status from its controller. */
    @Test
    @DisplayName("the rule is yours: it does not hand the decision to chapter 3's own strategies")
    void theRuleIsYourOwn() {
        // An untouched skeleton has no rule at all: its TODO marks the exercise as not started.
        DeploymentStrategy.prepareForUpdate(stored(1), stored(1));
        DeploymentStrategy.prepareCustomResourceForUpdate(stored(1), stored(1));
        OwnCode.assertDoesNotBorrow(DeploymentStrategy.class, java.util.List.of(
                "io/rvlab/ch03/registry/DeploymentUpdateStrategy", "io/rvlab/ch03/registry/UpdateStrategy",
                "io/rvlab/ch03/registry/ServedTypes", "io/rvlab/ch03/registry/CustomResourceStrategy"),
                "not hand it to the chapter 3 server's DeploymentUpdateStrategy or CustomResourceStrategy (the rules the"
                + " server already uses)");
    }

    private static ObjectNode stored(long g) {
        ObjectNode o = parse(CREATE);
        o.withObjectProperty("metadata").put("generation", g);
        o.withObjectProperty("metadata").withObjectProperty("annotations").put("note", "hello");
        o.withObjectProperty("status").put("observedGeneration", 3).put("replicas", 2).put("readyReplicas", 1);
        return o;
    }

    private static long generation(ObjectNode o) {
        JsonNode g = o.at("/metadata/generation");
        assertThat(g.isIntegralNumber()).as("metadata.generation must be a JSON number, it is %s", g).isTrue();
        return g.asLong();
    }

    private static ObjectNode with(ObjectNode o, UnaryOperator<ObjectNode> change) {
        return change.apply(o.deepCopy());
    }

    private static ObjectNode set(ObjectNode root, String pointer, String field, Object value) {
        ObjectNode target = root.withObject(pointer);
        if (value instanceof Integer i) {
            target.put(field, i);
        } else if (value instanceof Boolean b) {
            target.put(field, b);
        } else {
            target.put(field, (String) value);
        }
        return root;
    }

    private static ObjectNode parse(String json) {
        try {
            return (ObjectNode) JSON.readTree(json);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** One Deployment in etcd, written the way kube-apiserver writes: only when it changed, with a compare. */
    private static final class Stored {
        private final Direct etcd;
        private final String key;
        private long lastRevision;
        private boolean moved;

        Stored(Direct etcd, String key) {
            this.etcd = etcd;
            this.key = key;
        }

        void create(ObjectNode object) {
            lastRevision = etcd.put(key, object.toString());
            moved = true;
        }

        void update(UnaryOperator<ObjectNode> request) {
            ObjectNode old = current();
            write(old, DeploymentStrategy.prepareForUpdate(old, request.apply(old.deepCopy())));
        }

        void updateStatus(UnaryOperator<ObjectNode> request) {
            ObjectNode old = current();
            write(old, DeploymentStrategy.prepareForStatusUpdate(old, request.apply(old.deepCopy())));
        }

        private void write(ObjectNode old, ObjectNode updated) {
            // Compared as stored, the way kube-apiserver compares the encoded bytes: 4 is 4, whether your code
            // put an int or a long (Jackson's IntNode(4) does not equal LongNode(4)), and field order does not matter.
            if (parse(updated.toString()).equals(old)) {
                moved = false; // GuaranteedUpdate: an update that changes nothing writes nothing
                return;
            }
            long written = etcd.putIfUnchanged(key, updated.toString(), lastRevision);
            assertThat(written).as("nobody else writes this key").isPositive();
            lastRevision = written;
            moved = true;
        }

        ObjectNode current() {
            KeyValue kv = etcd.existing(key);
            assertThat(kv.getModRevision()).isEqualTo(lastRevision);
            return parse(Direct.text(kv.getValue()));
        }

        void expect(String step, long generation, boolean newResourceVersion) {
            ObjectNode now = current();
            assertThat(now.at("/metadata/generation").asLong()).as("%s: generation", step).isEqualTo(generation);
            assertThat(moved).as("%s: %s", step, newResourceVersion
                    ? "the stored object changed, so it is written (a new resourceVersion)"
                    : "the stored object is unchanged, so nothing is written (the resourceVersion stays)")
                    .isEqualTo(newResourceVersion);
        }
    }
}
