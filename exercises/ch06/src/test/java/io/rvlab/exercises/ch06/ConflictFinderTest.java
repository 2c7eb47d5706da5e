package io.rvlab.exercises.ch06;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 6.2 (the conflicts of an apply): the rules case by case, on ConfigMaps and
 * Deployments, then the same situations on this chapter's server, whose 409 causes must be yours.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("6.2 the conflicts of an apply")
class ConflictFinderTest {

    private static final ApplySchema CONFIGMAPS = ApplySchema.of(ResourceTypes.CONFIGMAPS);
    private static final ApplySchema DEPLOYMENTS = ApplySchema.of(ResourceTypes.DEPLOYMENTS);

    private static final ObjectNode LIVE = Stage.json(
            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-ssa\",\"namespace\":\"lab\"},"
                    + "\"data\":{\"color\":\"red\",\"owner\":\"alice\"}}");
    private static final Map<String, FieldSet> ALICE_OWNS = Map.of("alice",
            FieldSet.of(FieldPath.fields("data", "color"), FieldPath.fields("data", "owner")));

    private static ObjectNode configMap(String data) {
        return Stage.json("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-ssa\"},\"data\":" + data + "}");
    }

    @Test
    @DisplayName("changing a value another manager owns conflicts with it, on that path only (golden g.2)")
    void changedValueConflicts() {
        Map<String, FieldSet> conflicts = ConflictFinder.conflicts(LIVE, configMap("{\"color\":\"blue\"}"), "bob", ALICE_OWNS, CONFIGMAPS);
        assertThat(Paths.printed(conflicts)).as("conflicts of bob applying data.color=blue over alice's red (manager -> paths)")
                .isEqualTo(Map.of("alice", Set.of(".data.color")));
    }

    @Test
    @DisplayName("the conflicts are yours: they are not the server's own Updater's")
    void theConflictsAreYourOwn() {
        // An untouched skeleton finds nothing at all: its TODO marks the exercise as not started.
        ConflictFinder.conflicts(LIVE, configMap("{\"color\":\"red\"}"), "bob", ALICE_OWNS, CONFIGMAPS);
        // The server's Updater throws these very conflicts by design (the last tests compare with its 409), so no
        // input tells the two apart: what the compiled class refers to does (see the grader's OwnCode). Merge and Comparison
        // are refused too: merging and comparing with them is the server's conflict finding in two calls
        // (Comparison.changed() is "what an apply may conflict on"); finding what an apply changes is the exercise.
        assertThat(io.rvlab.grader.OwnCode.borrowed(ConflictFinder.class, java.util.List.of("io.rvlab.ch06.structured.Updater",
                "io.rvlab.ch06.structured.ConflictsException", "io.rvlab.ch06.managedfields.FieldManager",
                "io.rvlab.ch06.structured.Merge", "io.rvlab.ch06.structured.Comparison")))
                .as("the server's own classes your ConflictFinder refers to: the exercise is to find what the apply"
                        + " changes yourself, not to run the server's apply, merge or comparison and read its answer")
                .isEmpty();
    }

    @Test
    @DisplayName("applying the value a field already has is no conflict: the applier becomes a co-owner")
    void sameValueShares() {
        assertThat(Paths.printed(ConflictFinder.conflicts(LIVE, configMap("{\"color\":\"red\",\"owner\":\"alice\"}"), "bob", ALICE_OWNS, CONFIGMAPS)))
                .as("conflicts of bob applying color=red and owner=alice, the values alice's fields already have").isEmpty();
    }

    @Test
    @DisplayName("a manager never conflicts with itself, and a new key next to someone's keys is no conflict")
    void ownFieldsAndNewKeys() {
        assertThat(Paths.printed(ConflictFinder.conflicts(LIVE, configMap("{\"color\":\"green\"}"), "alice", ALICE_OWNS, CONFIGMAPS)))
                .as("conflicts of alice changing her own data.color").isEmpty();
        Map<String, FieldSet> mapOwner = Map.of("carol", FieldSet.of(FieldPath.fields("data"), FieldPath.fields("data", "owner")));
        assertThat(Paths.printed(ConflictFinder.conflicts(LIVE, configMap("{\"shape\":\"round\"}"), "bob", mapOwner, CONFIGMAPS)))
                .as("conflicts of bob adding data.shape, when carol owns .data (the map itself) and .data.owner").isEmpty();
    }

    @Test
    @DisplayName("several managers: each gets exactly the paths of its own that the apply changes")
    void severalManagers() {
        Map<String, FieldSet> owners = Map.of(
                "alice", FieldSet.of(FieldPath.fields("data", "color")),
                "\"carol\" using v1", FieldSet.of(FieldPath.fields("data", "owner"), FieldPath.fields("data", "size")),
                "dave", FieldSet.of(FieldPath.fields("data", "shape")));
        ObjectNode live = LIVE.deepCopy();
        ((ObjectNode) live.get("data")).put("size", "L").put("shape", "round");
        Map<String, FieldSet> conflicts = ConflictFinder.conflicts(live,
                configMap("{\"color\":\"blue\",\"owner\":\"bob\",\"size\":\"L\",\"shape\":\"round\"}"), "bob", owners, CONFIGMAPS);
        assertThat(Paths.printed(conflicts)).as("conflicts of bob changing color (alice's) and owner (carol's), applying size"
                + " and shape unchanged").isEqualTo(Map.of("alice", Set.of(".data.color"), "\"carol\" using v1", Set.of(".data.owner")));
    }

    @Test
    @DisplayName("in a keyed list: another container's image is contested, a new container is not")
    void keyedListItems() {
        ObjectNode live = Stage.json(Deployments.web("lab", "img:1", 2));
        FieldPath nginx = FieldPath.fields("spec", "template", "spec", "containers")
                .child(new PathElement.Key(Stage.json("{\"name\":\"nginx\"}")));
        Map<String, FieldSet> owners = Map.of("deployer", FieldSet.of(nginx, nginx.child(new PathElement.Field("image")),
                FieldPath.fields("spec", "replicas")));
        ObjectNode newImage = Stage.json(Deployments.web("lab", "img:2", 2));
        assertThat(Paths.printed(ConflictFinder.conflicts(live, newImage, "other", owners, DEPLOYMENTS)))
                .as("conflicts of other applying the whole Deployment again with nginx's image img:2 (deployer owns the nginx"
                        + " container, its image and replicas)").isEqualTo(Map.of("deployer", Set.of(".spec.template.spec.containers[name=\"nginx\"].image")));

        ObjectNode sidecar = Stage.json("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},"
                + "\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"sidecar\",\"image\":\"envoy:1\"}]}}}}");
        assertThat(Paths.printed(ConflictFinder.conflicts(live, sidecar, "other", owners, DEPLOYMENTS)))
                .as("conflicts of other adding a container sidecar next to deployer's nginx").isEmpty();
    }

    @Test
    @DisplayName("items are matched by name, not place: a reordered list changes no one's container or port")
    void reorderedItemsChangeNothing() {
        String nginx = "{\"name\":\"nginx\",\"image\":\"img:1\",\"ports\":[{\"containerPort\":80,\"protocol\":\"TCP\"},"
                + "{\"containerPort\":53,\"protocol\":\"UDP\"}]}";
        String sidecar = "{\"name\":\"sidecar\",\"image\":\"envoy:1\"}";
        ObjectNode live = deployment(nginx + "," + sidecar);
        FieldPath containers = FieldPath.fields("spec", "template", "spec", "containers");
        FieldPath nginxItem = containers.child(new PathElement.Key(Stage.json("{\"name\":\"nginx\"}")));
        FieldPath sidecarItem = containers.child(new PathElement.Key(Stage.json("{\"name\":\"sidecar\"}")));
        FieldPath port80 = nginxItem.child(new PathElement.Field("ports"))
                .child(new PathElement.Key(Stage.json("{\"containerPort\":80,\"protocol\":\"TCP\"}")));
        Map<String, FieldSet> owners = Map.of(
                "deployer", FieldSet.of(nginxItem, nginxItem.child(new PathElement.Field("name")),
                        nginxItem.child(new PathElement.Field("image")), port80, port80.child(new PathElement.Field("containerPort"))),
                "injector", FieldSet.of(sidecarItem, sidecarItem.child(new PathElement.Field("name")),
                        sidecarItem.child(new PathElement.Field("image"))));

        String nginxPortsSwapped = nginx.replace("{\"containerPort\":80,\"protocol\":\"TCP\"},{\"containerPort\":53,\"protocol\":\"UDP\"}",
                "{\"containerPort\":53,\"protocol\":\"UDP\"},{\"containerPort\":80,\"protocol\":\"TCP\"}");
        assertThat(Paths.printed(ConflictFinder.conflicts(live, deployment(sidecar + "," + nginxPortsSwapped), "ci", owners, DEPLOYMENTS)))
                .as("conflicts of ci applying the same two containers and the same two ports, each list in the other order"
                        + " (live: [nginx, sidecar], nginx's ports [80/TCP, 53/UDP])").isEmpty();
        assertThat(Paths.printed(ConflictFinder.conflicts(live, deployment(sidecar.replace("envoy:1", "envoy:2") + "," + nginx),
                "ci", owners, DEPLOYMENTS)))
                .as("conflicts of ci applying [sidecar with image envoy:2, nginx unchanged] over live [nginx, sidecar]")
                .isEqualTo(Map.of("injector", Set.of(".spec.template.spec.containers[name=\"sidecar\"].image")));
    }

    private static ObjectNode deployment(String containers) {
        return Stage.json("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},"
                + "\"spec\":{\"template\":{\"spec\":{\"containers\":[" + containers + "]}}}}");
    }

    @Test
    @DisplayName("an atomic list is one value: reordering a container's args contests the whole list, as one path")
    void atomicListIsOneValue() {
        ObjectNode live = Stage.json(Deployments.web("lab", "img:1", 2));
        FieldPath nginx = FieldPath.fields("spec", "template", "spec", "containers")
                .child(new PathElement.Key(Stage.json("{\"name\":\"nginx\"}")));
        Map<String, FieldSet> owners = Map.of("deployer", FieldSet.of(nginx, nginx.child(new PathElement.Field("args")),
                nginx.child(new PathElement.Field("image"))));
        ObjectNode reordered = Stage.json(Deployments.web("lab", "img:1", 2).replace("[\"-g\",\"daemon off;\"]", "[\"daemon off;\",\"-g\"]"));
        assertThat(Paths.printed(ConflictFinder.conflicts(live, reordered, "other", owners, DEPLOYMENTS)))
                .as("conflicts of other applying nginx's args [\"daemon off;\", \"-g\"] over deployer's [\"-g\", \"daemon off;\"]")
                .isEqualTo(Map.of("deployer", Set.of(".spec.template.spec.containers[name=\"nginx\"].args")));
        assertThat(Paths.printed(ConflictFinder.conflicts(live, Stage.json(Deployments.web("lab", "img:1", 2)), "other", owners, DEPLOYMENTS)))
                .as("conflicts of other applying the same args, the same image and the same container").isEmpty();
    }

    @Test
    @DisplayName("an item the live list holds twice is replaced by the configuration's: all of it is new, even a value both copies have")
    void duplicatedLiveItemIsReplaced() {
        // An update does not check lists for duplicates; since structured-merge-diff v4.4 (Kubernetes 1.29) an apply
        // onto such a list replaces the copies of an item it names by its own item, merged with neither
        // (typed/merge.go), and the comparison sees that item as added, with everything in it (typed/compare.go).
        String nginx = "{\"name\":\"nginx\",\"image\":\"img:1\"}";
        String sidecar = "{\"name\":\"sidecar\",\"image\":\"envoy:1\"}";
        ObjectNode live = deployment(nginx + "," + sidecar + "," + nginx);
        FieldPath containers = FieldPath.fields("spec", "template", "spec", "containers");
        FieldPath nginxItem = containers.child(new PathElement.Key(Stage.json("{\"name\":\"nginx\"}")));
        FieldPath sidecarItem = containers.child(new PathElement.Key(Stage.json("{\"name\":\"sidecar\"}")));
        Map<String, FieldSet> owners = Map.of(
                "updater", FieldSet.of(nginxItem, nginxItem.child(new PathElement.Field("image"))),
                "injector", FieldSet.of(sidecarItem, sidecarItem.child(new PathElement.Field("name")),
                        sidecarItem.child(new PathElement.Field("image"))));
        assertThat(Paths.printed(ConflictFinder.conflicts(live, deployment(nginx + "," + sidecar), "ci", owners, DEPLOYMENTS)))
                .as("conflicts of ci applying [nginx img:1, sidecar envoy:1] over live [nginx img:1, sidecar envoy:1, nginx img:1]"
                        + " (updater owns the nginx item and its image, injector the sidecar: only nginx is held twice)")
                .isEqualTo(Map.of("updater", Set.of(".spec.template.spec.containers[name=\"nginx\"]",
                        ".spec.template.spec.containers[name=\"nginx\"].image")));
        assertThat(Paths.printed(ConflictFinder.conflicts(live, deployment(sidecar.replace("envoy:1", "envoy:2")), "ci", owners,
                DEPLOYMENTS)))
                .as("conflicts of ci applying [sidecar envoy:2] over the same live list: the nginx copies are not named,"
                        + " nothing of them changes").isEqualTo(Map.of("injector", Set.of(".spec.template.spec.containers[name=\"sidecar\"].image")));
    }

    @Test
    @DisplayName("adding a map back contests it and every key of it another manager still claims (managedFields may name absent fields)")
    void addedNodesAreContestedWithAllBelow() {
        // A client may send managedFields itself, so a manager can claim fields the live object no longer has;
        // structured-merge-diff contests what an apply adds as well as what it modifies.
        ObjectNode live = Stage.json("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"cm-ssa\",\"namespace\":\"lab\"}}");
        Map<String, FieldSet> owners = Map.of("alice", FieldSet.of(FieldPath.fields("data"), FieldPath.fields("data", "color")));
        assertThat(Paths.printed(ConflictFinder.conflicts(live, configMap("{\"color\":\"blue\",\"shape\":\"round\"}"), "bob", owners, CONFIGMAPS)))
                .as("conflicts of bob adding data {color, shape} to a ConfigMap without data, alice claiming .data and .data.color")
                .isEqualTo(Map.of("alice", Set.of(".data", ".data.color")));
    }

    @Test
    @DisplayName("a null map, struct or merging list takes the field away and contests nothing; a null atomic list is a new value")
    void nullTakesAwayButNullAtomicListChanges() {
        assertThat(Paths.printed(ConflictFinder.conflicts(LIVE, Stage.json("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\","
                + "\"metadata\":{\"name\":\"cm-ssa\"},\"data\":null}"), "bob",
                Map.of("alice", FieldSet.of(FieldPath.fields("data"), FieldPath.fields("data", "color"))), CONFIGMAPS)))
                .as("conflicts of bob applying data: null over alice's .data and .data.color").isEmpty();

        ObjectNode live = Stage.json(Deployments.web("lab", "img:1", 2));
        FieldPath containers = FieldPath.fields("spec", "template", "spec", "containers");
        FieldPath nginx = containers.child(new PathElement.Key(Stage.json("{\"name\":\"nginx\"}")));
        Map<String, FieldSet> owners = Map.of("deployer", FieldSet.of(FieldPath.fields("spec", "selector"), containers,
                nginx, nginx.child(new PathElement.Field("args"))));
        assertThat(Paths.printed(ConflictFinder.conflicts(live, deploymentSpec("{\"selector\":null}"), "other", owners, DEPLOYMENTS)))
                .as("conflicts of other applying spec.selector: null (a struct) over deployer's selector").isEmpty();
        assertThat(Paths.printed(ConflictFinder.conflicts(live, deploymentSpec("{\"template\":{\"spec\":{\"containers\":null}}}"),
                "other", owners, DEPLOYMENTS)))
                .as("conflicts of other applying containers: null (a keyed list) over deployer's containers").isEmpty();
        assertThat(Paths.printed(ConflictFinder.conflicts(live, deployment("{\"name\":\"nginx\",\"args\":null}"), "other", owners, DEPLOYMENTS)))
                .as("conflicts of other applying nginx's args: null (an atomic list, one value) over deployer's [\"-g\", \"daemon off;\"]")
                .isEqualTo(Map.of("deployer", Set.of(".spec.template.spec.containers[name=\"nginx\"].args")));
    }

    @Test
    @DisplayName("an atomic struct (a Deployment's selector) is one value: a new label in it contests the whole selector")
    void atomicStructIsOneValue() {
        ObjectNode live = Stage.json(Deployments.web("lab", "img:1", 2));
        Map<String, FieldSet> owners = Map.of("deployer", FieldSet.of(FieldPath.fields("spec", "selector")));
        assertThat(Paths.printed(ConflictFinder.conflicts(live,
                deploymentSpec("{\"selector\":{\"matchLabels\":{\"app\":\"web\",\"tier\":\"front\"}}}"), "other", owners, DEPLOYMENTS)))
                .as("conflicts of other adding label tier=front to the selector deployer owns (LabelSelector is +structType=atomic)")
                .isEqualTo(Map.of("deployer", Set.of(".spec.selector")));
    }

    private static ObjectNode deploymentSpec(String spec) {
        return Stage.json("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},\"spec\":" + spec + "}");
    }

    // tag::grading[]
    @Test
    @DisplayName("on the real server: your conflicts are the 409's causes (Apply and Update owners, ConfigMap)")
    void agreesWithServerOnConfigMap(Client etcd) {
        ConflictFinder.conflicts(LIVE, configMap("{}"), "bob", ALICE_OWNS, CONFIGMAPS); // a skeleton fails here, at once
        try (Stage stage = new Stage(etcd)) {
            String ns = stage.namespace("conflicts");
            String path = "/api/v1/namespaces/" + ns + "/configmaps/cm-ssa";
            stage.apply(path, "alice", false, configMap("{\"color\":\"red\",\"owner\":\"alice\",\"size\":\"S\"}").toString()).ok();
            stage.mergePatch(path, "carol", "{\"data\":{\"size\":\"M\"}}").ok();

            String[] configs = {
                "{\"color\":\"blue\",\"size\":\"L\",\"owner\":\"alice\"}",   // two managers contested, one value shared
                "{\"color\":\"red\",\"size\":\"M\",\"extra\":\"x\"}",         // shares everything, adds a key: no conflict
                "{\"owner\":\"bob\"}",
            };
            for (String data : configs) {
                ObjectNode live = stage.get(path);
                ObjectNode config = configMap(data);
                Map<String, FieldSet> yours = ConflictFinder.conflicts(live, config, Stage.applier("bob"), Stage.owners(live), CONFIGMAPS);
                Stage.Response response = stage.apply(path, "bob", false, config.toString());
                if (response.code() == 409) {
                    assertThat(Paths.printed(yours)).as("bob applies data %s to data %s; the server's 409 names %s (yours: manager -> paths)",
                            data, live.get("data"), Paths.causes(response.body())).isEqualTo(Paths.causes(response.body()));
                } else {
                    assertThat(response.code()).as("the server's answer to bob applying data %s: %s", data, response.body()).isEqualTo(200);
                    assertThat(Paths.printed(yours)).as("bob applies data %s to data %s; the server took it without a conflict",
                            data, live.get("data")).isEmpty();
                }
            }
        }
    }

    @Test
    @DisplayName("on the real server: your conflicts are the 409's causes (a Deployment, its replicas and a container's image)")
    void agreesWithServerOnDeployment(Client etcd) {
        try (Stage stage = new Stage(etcd)) {
            String ns = stage.namespace("conflicts");
            String path = "/apis/apps/v1/namespaces/" + ns + "/deployments/web";
            stage.apply(path, "deployer", false, Deployments.web(ns, "img:1", 2)).ok();
            stage.mergePatch(path, "scaler", "{\"spec\":{\"replicas\":4}}").ok();

            ObjectNode live = stage.get(path);
            ObjectNode config = Stage.json(Deployments.web(ns, "img:2", 3));
            Map<String, FieldSet> yours = ConflictFinder.conflicts(live, config, Stage.applier("ci"), Stage.owners(live), DEPLOYMENTS);
            Stage.Response response = stage.apply(path, "ci", false, config.toString());
            assertThat(response.code()).as("the server's answer to ci applying image img:2 and replicas 3: %s", response.body()).isEqualTo(409);
            assertThat(Paths.printed(yours)).as("ci applies image img:2 and replicas 3 over deployer's image and scaler's replicas;"
                    + " the server's 409 names %s (yours: manager -> paths)", Paths.causes(response.body()))
                    .isEqualTo(Paths.causes(response.body()));
        }
    }
    // end::grading[]
}
