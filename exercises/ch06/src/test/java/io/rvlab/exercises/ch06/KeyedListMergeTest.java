package io.rvlab.exercises.ch06;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.conformance.Outcome;
import io.rvlab.conformance.Replayer;
import io.rvlab.conformance.ServerUnderTest;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.kubectl.Kubectl;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.BinaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 6.3, the capstone: your keyed-list merge, first called on small lists, then
 * running inside chapter 6's API server and judged by real clients: {@code kubectl apply --server-side} by
 * several field managers, the same steps compared with the server's own merge (Kubernetes 1.26's order), and
 * the golden transcript g1 of kube-apiserver 1.26.1 replayed by the conformance suite.
 */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(180)
@DisplayName("6.3 capstone: the keyed-list merge, inside the API server")
class KeyedListMergeTest {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ApplySchema POD_SPEC = ApplySchema.of(ResourceTypes.DEPLOYMENTS)
            .field("spec").field("template").field("spec");
    /** spec.template.spec.containers: keyed by name. */
    private static final ApplySchema CONTAINERS = POD_SPEC.field("containers");
    /** a container's ports: keyed by containerPort and protocol (TCP when missing). */
    private static final ApplySchema PORTS = CONTAINERS.elements().field("ports");
    /** metadata.finalizers: a set of strings. */
    private static final ApplySchema FINALIZERS = ApplySchema.of(ResourceTypes.DEPLOYMENTS).field("metadata").field("finalizers");

    private final KeyedListMerge yours = new KeyedListMerge();
    private final Client etcd;
    private Stage stage;          // chapter 6's server with your merge in it
    private Kubectl kubectl;      // null where kubectl is not installed
    private String namespace;

    KeyedListMergeTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void startServerWithYourMerge() throws Exception {
        stage = new Stage(etcd, yours);
        namespace = stage.namespace("capstone");
        Path binary = Kubectl.find().orElse(null);
        if (binary != null) {
            kubectl = Kubectl.forServer(binary, stage.url(), namespace);
        }
    }

    @AfterAll
    void stop() throws Exception {
        if (kubectl != null) {
            kubectl.close();
        }
        if (stage != null) {
            stage.close();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Your merge, called directly

    private static ArrayNode items(String... names) {
        ArrayNode list = F.arrayNode();
        for (String name : names) {
            list.addObject().put("name", name).put("image", name + ":live");
        }
        return list;
    }

    private static ArrayNode config(String... names) {
        ArrayNode list = F.arrayNode();
        for (String name : names) {
            list.addObject().put("name", name).put("image", name + ":applied");
        }
        return list;
    }

    private static List<String> names(JsonNode list) {
        List<String> names = new ArrayList<>();
        list.forEach(item -> names.add(item.isObject() ? item.path("name").asText() : item.asText()));
        return names;
    }

    /** The merge the server passes for containers: the configuration's fields over the live item's. */
    private static final BinaryOperator<JsonNode> FIELDS = (live, config) -> {
        ObjectNode out = ((ObjectNode) live).deepCopy();
        config.fields().forEachRemaining(f -> out.set(f.getKey(), f.getValue().deepCopy()));
        return out;
    };

    private List<String> order(List<String> live, List<String> config) {
        ArrayNode merged = yours.merge(items(live.toArray(String[]::new)), config(config.toArray(String[]::new)), CONTAINERS, FIELDS);
        return names(merged);
    }

    @Test
    @Order(1)
    @DisplayName("the four examples of the contract, in Kubernetes 1.26's order")
    void contractExamples() {
        assertThat(order(List.of("nginx"), List.of("sidecar")))
                .as("live [nginx] + configuration [sidecar]: a new container goes after the live ones").containsExactly("nginx", "sidecar");
        assertThat(order(List.of("a", "b"), List.of("b", "a")))
                .as("live [a, b] + configuration [b, a]: the configuration decides the order of what it names").containsExactly("b", "a");
        assertThat(order(List.of("a", "x", "b"), List.of("c", "b")))
                .as("live [a, x, b] + configuration [c, b]: c is new and the configuration puts it before b").containsExactly("a", "x", "c", "b");
        assertThat(order(List.of("a", "x", "b"), List.of("b", "c", "a")))
                .as("live [a, x, b] + configuration [b, c, a]: x (live only) keeps its place before b").containsExactly("x", "b", "c", "a");
    }

    @Test
    @Order(2)
    @DisplayName("more orders: empty lists, nothing shared, everything new, live-only items at both ends")
    void moreOrders() {
        assertThat(order(List.of(), List.of("a", "b"))).as("live [] + configuration [a, b]").containsExactly("a", "b");
        assertThat(order(List.of("a", "b"), List.of())).as("live [a, b] + configuration []: nothing is dropped by a merge").containsExactly("a", "b");
        assertThat(order(List.of("x", "y"), List.of("a", "b"))).as("live [x, y] + configuration [a, b]").containsExactly("x", "y", "a", "b");
        assertThat(order(List.of("x", "a", "y", "b", "z"), List.of("b", "a")))
                .as("live [x, a, y, b, z] + configuration [b, a]").containsExactly("x", "y", "b", "z", "a");
        assertThat(order(List.of("a", "b", "c"), List.of("c", "n", "a")))
                .as("live [a, b, c] + configuration [c, n, a]").containsExactly("b", "c", "n", "a");
    }

    @Test
    @Order(3)
    @DisplayName("an item in both lists is the two merged by mergeItem; a live-only item is unchanged; the arguments are not modified")
    void itemsMergedAndArgumentsKept() {
        ArrayNode live = items("nginx", "sidecar");
        ((ObjectNode) live.get(0)).put("workingDir", "/srv");
        ArrayNode config = config("nginx");
        ArrayNode liveBefore = live.deepCopy();
        ArrayNode configBefore = config.deepCopy();
        List<String> calls = new ArrayList<>();
        ArrayNode merged = yours.merge(live, config, CONTAINERS, (l, c) -> {
            calls.add(l.path("name").asText() + "+" + c.path("name").asText());
            return FIELDS.apply(l, c);
        });
        assertThat(calls).as("mergeItem calls (live item + configuration item)").containsExactly("nginx+nginx");
        assertThat(merged.get(0)).as("nginx, in both lists: the configuration's image, the live workingDir (another"
                + " manager may own it)").isEqualTo(Stage.json("{\"name\":\"nginx\",\"image\":\"nginx:applied\",\"workingDir\":\"/srv\"}"));
        assertThat(merged.get(1)).as("sidecar, live only: unchanged").isEqualTo(liveBefore.get(1));
        assertThat(live).as("the live list after your merge").isEqualTo(liveBefore);
        assertThat(config).as("the configuration's list after your merge").isEqualTo(configBefore);
        ((ObjectNode) merged.get(1)).put("image", "changed");
        assertThat(live).as("the live list after changing an item of your result (a live-only item must be a copy)").isEqualTo(liveBefore);
    }

    @Test
    @Order(4)
    @DisplayName("identity comes from the schema: ports by containerPort and protocol (missing protocol = TCP), finalizers by value")
    void identityFromTheSchema() {
        ArrayNode live = (ArrayNode) Stage.json("{\"l\":[{\"containerPort\":80,\"protocol\":\"TCP\",\"name\":\"http\"},"
                + "{\"containerPort\":53,\"protocol\":\"UDP\"}]}").get("l");
        ArrayNode config = (ArrayNode) Stage.json("{\"l\":[{\"containerPort\":80,\"hostPort\":8080},{\"containerPort\":53}]}").get("l");
        ArrayNode merged = yours.merge(live, config, PORTS, FIELDS);
        assertThat(merged.toString()).as("live ports 80/TCP and 53/UDP + configuration 80 (no protocol: TCP) and 53 (TCP, a new port)")
                .isEqualTo("[{\"containerPort\":80,\"protocol\":\"TCP\",\"name\":\"http\",\"hostPort\":8080},"
                        + "{\"containerPort\":53,\"protocol\":\"UDP\"},{\"containerPort\":53}]");

        ArrayNode finalizers = F.arrayNode().add("example.com/a").add("example.com/b");
        ArrayNode applied = F.arrayNode().add("example.com/c").add("example.com/a");
        assertThat(names(yours.merge(finalizers, applied, FINALIZERS, (l, c) -> c.deepCopy())))
                .as("finalizers [a, b] + configuration [c, a] (a set: an item is its value)")
                .containsExactly("example.com/c", "example.com/a", "example.com/b");
    }

    @Test
    @Order(5)
    @DisplayName("the merge is yours: it does not hand the lists to the server's own merge")
    void theMergeIsYourOwn() {
        // An untouched skeleton has no merge at all: its TODO marks the exercise as not started.
        yours.merge(F.arrayNode(), F.arrayNode(), CONTAINERS, FIELDS);
        // The server's own merge gives the same answers by design (sameAsKubernetes compares with it), so no
        // input tells the two apart: what the compiled class refers to does (see the grader's OwnCode). ListMerge.BUILT_IN
        // is structured-merge-diff's list walk (Merge.mergeItems); Merge.apply would run it on a wrapped list.
        assertThat(io.rvlab.grader.OwnCode.borrowed(KeyedListMerge.class, List.of("io.rvlab.ch06.structured.Merge",
                "io.rvlab.ch06.structured.Updater")))
                .as("the server's own classes your KeyedListMerge refers to: the exercise is to merge the lists yourself,"
                        + " not to hand them to the server's own merge (ListMerge.BUILT_IN is Merge's list walk)")
                .isEmpty();
        assertThat(io.rvlab.grader.OwnCode.borrowed(KeyedListMerge.class, List.of("BUILT_IN")))
                .as("your KeyedListMerge reads ListMerge.BUILT_IN: the exercise is to merge the lists yourself, not to hand"
                        + " them to the server's own merge").isEmpty();
    }

    @Test
    @Order(6)
    @DisplayName("an item the schema cannot name (a container without a name) is an IllegalArgumentException")
    void namelessItem() {
        ArrayNode config = F.arrayNode();
        config.addObject().put("image", "nameless:1");
        assertThatThrownBy(() -> yours.merge(items("nginx"), config, CONTAINERS, FIELDS))
                .as("merging a configuration whose container has no name")
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @Order(7)
    @DisplayName("a configuration that names an item twice is refused before anything is merged, naming the item as kube-apiserver does")
    void duplicateInConfiguration() {
        // kube-apiserver answers "duplicate entries for key [name=\"nginx\"]": structured-merge-diff indexes the
        // configuration's items before it merges any (merge.go, indexListPathElements), so nothing is half merged.
        List<String> calls = new ArrayList<>();
        ArrayNode twice = config("nginx", "sidecar", "nginx");
        assertThatThrownBy(() -> yours.merge(items("nginx", "sidecar"), twice, CONTAINERS, (l, c) -> {
            calls.add(l.path("name").asText());
            return FIELDS.apply(l, c);
        })).as("merging a configuration [nginx, sidecar, nginx] into live [nginx, sidecar]")
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate entries for key [name=\"nginx\"]");
        assertThat(calls).as("items your merge had already merged (mergeItem calls) when it refused the configuration").isEmpty();

        ArrayNode finalizers = F.arrayNode().add("example.com/a").add("example.com/b").add("example.com/a");
        assertThatThrownBy(() -> yours.merge(F.arrayNode(), finalizers, FINALIZERS, (l, c) -> c.deepCopy()))
                .as("merging finalizers [a, b, a] (a set: the same value twice)")
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate entries for key [=\"example.com/a\"]");
    }

    private List<String> setOrder(List<String> live, List<String> config) {
        ArrayNode l = F.arrayNode();
        live.forEach(l::add);
        ArrayNode c = F.arrayNode();
        config.forEach(c::add);
        return names(yours.merge(l, c, FINALIZERS, (a, b) -> b.deepCopy()));
    }

    @Test
    @Order(8)
    @DisplayName("a live list that holds an item twice: copies the configuration does not name stay, copies it names become its one item")
    void duplicatesInLive() {
        // An update (PUT, a strategic merge patch) does not check a list for duplicates, so a live object can hold
        // two env vars or two ports with one key. Since structured-merge-diff v4.4 (Kubernetes 1.29) an apply no
        // longer fails on it: copies the configuration does not name are left alone, and when it names the key its
        // one item replaces all of them, merged with none (typed/merge.go, indexListPathElements with
        // allowDuplicates; the cases follow typed/merge_test.go's "duplicate in LHS" ones). Where a later copy
        // stands before new items, kube's walk also moves the next new item up; these cases do not depend on it.
        assertThat(setOrder(List.of("a", "b", "b"), List.of("c")))
                .as("finalizers [a, b, b] + configuration [c]: b is not named, both its copies stay").containsExactly("a", "b", "b", "c");
        assertThat(setOrder(List.of("a", "b", "b"), List.of("b")))
                .as("finalizers [a, b, b] + configuration [b]: b is named, it is in the result once").containsExactly("a", "b");
        assertThat(setOrder(List.of("a", "a", "b", "b"), List.of("b", "c", "d")))
                .as("finalizers [a, a, b, b] + configuration [b, c, d]").containsExactly("a", "a", "b", "c", "d");
        assertThat(order(List.of("a", "b", "c", "d", "e", "c"), List.of("n", "b", "m", "e", "d")))
                .as("live [a, b, c, d, e, c] + configuration [n, b, m, e, d]: c is not named, each copy keeps its place")
                .containsExactly("a", "n", "b", "c", "m", "e", "c", "d");
        assertThat(order(List.of("a", "b", "c", "d", "e", "c"), List.of("n", "b", "m", "c", "e", "d")))
                .as("live [a, b, c, d, e, c] + configuration [n, b, m, c, e, d]: c is named, once, where the configuration puts it")
                .containsExactly("a", "n", "b", "m", "c", "e", "d");
        assertThat(order(List.of("b", "a", "b"), List.of("a", "b")))
                .as("live [b, a, b] + configuration [a, b]").containsExactly("a", "b");

        ArrayNode live = items("nginx", "sidecar", "nginx");
        ((ObjectNode) live.get(0)).put("workingDir", "/srv");
        ((ObjectNode) live.get(2)).put("image", "nginx:other");
        ArrayNode liveBefore = live.deepCopy();
        List<String> calls = new ArrayList<>();
        ArrayNode merged = yours.merge(live, config("nginx", "log", "sidecar"), CONTAINERS, (l, c) -> {
            calls.add(l.path("name").asText() + "+" + c.path("name").asText());
            return FIELDS.apply(l, c);
        });
        assertThat(names(merged)).as("live [nginx, sidecar, nginx] + configuration [nginx, log, sidecar]")
                .containsExactly("nginx", "log", "sidecar");
        assertThat(merged.get(0)).as("nginx, twice in the live list and named by the configuration: the configuration's"
                + " item as it is (merged into neither copy: which would be the right one?)")
                .isEqualTo(Stage.json("{\"name\":\"nginx\",\"image\":\"nginx:applied\"}"));
        assertThat(calls).as("mergeItem calls (live item + configuration item): only sidecar is once in each list")
                .containsExactly("sidecar+sidecar");
        assertThat(live).as("the live list after your merge").isEqualTo(liveBefore);
    }

    // ---------------------------------------------------------------------------------------------
    // Inside the server, judged by kubectl

    private static String deployment(String name, String containers) {
        return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: " + name + "\nspec:\n  selector:\n    matchLabels:\n"
                + "      app: " + name + "\n  template:\n    metadata:\n      labels:\n        app: " + name + "\n    spec:\n"
                + "      containers:\n" + containers;
    }

    /** YAML list items for containers "name" or "name=image". */
    private static String containers(String... specs) {
        StringBuilder out = new StringBuilder();
        for (String spec : specs) {
            String[] parts = spec.split("=", 2);
            out.append("      - name: ").append(parts[0]).append("\n        image: ")
                    .append(parts.length > 1 ? parts[1] : parts[0] + ":1").append('\n');
        }
        return out.toString();
    }

    private void needKubectl() {
        Assumptions.assumeTrue(kubectl != null, "kubectl is not installed: skipping the kubectl checks of the capstone");
        yours.merge(F.arrayNode(), F.arrayNode(), CONTAINERS, FIELDS); // a skeleton fails here, as not started, not in the server
    }

    /** kubectl apply --server-side of {@code yaml} by {@code manager}; must succeed. */
    private void apply(String step, String manager, String yaml, String... more) throws Exception {
        String file = "apply-" + Integer.toHexString(yaml.hashCode()) + ".yaml";
        kubectl.file(file, yaml);
        List<String> args = new ArrayList<>(List.of("apply", "--server-side", "--field-manager=" + manager, "-f", file));
        args.addAll(List.of(more));
        Kubectl.Result run = kubectl.run(args.toArray(String[]::new));
        assertThat(run.exitCode()).as("%s: kubectl apply --server-side --field-manager=%s failed (with your merge in the server):%n%s%s",
                step, manager, run.err(), serverSide(run.err())).isZero();
    }

    private static String serverSide(String kubectlError) {
        return kubectlError.contains("InternalError") || kubectlError.contains("TODO exercise")
                ? "(the server answered 500: your merge threw something other than IllegalArgumentException)" : "";
    }

    private ObjectNode get(String name) throws Exception {
        Kubectl.Result run = kubectl.run("get", "deployment", name, "-o", "json", "--show-managed-fields");
        assertThat(run.exitCode()).as("kubectl get deployment %s: %s", name, run.err()).isZero();
        return Stage.json(run.out());
    }

    private List<String> containersOf(String name) throws Exception {
        return names(get(name).at("/spec/template/spec/containers"));
    }

    @Test
    @Order(10)
    @DisplayName("kubectl: a second field manager adds a container; each manager owns its own")
    void secondManagerAddsAContainer() throws Exception {
        needKubectl();
        apply("deployer's first apply", "deployer", deployment("add", containers("nginx")));
        apply("injector's apply of a sidecar", "injector", deployment("add", containers("sidecar")));
        ObjectNode stored = get("add");
        assertThat(names(stored.at("/spec/template/spec/containers")))
                .as("containers after deployer applied [nginx] and then injector applied [sidecar]").containsExactly("nginx", "sidecar");
        Map<String, TreeSet<String>> owners = Paths.printed(Stage.owners(stored));
        assertThat(owners.get("\"deployer\"")).as("what deployer owns (managedFields: %s)", owners).contains(".spec.template.spec.containers[name=\"nginx\"]")
                .doesNotContain(".spec.template.spec.containers[name=\"sidecar\"]");
        assertThat(owners.get("\"injector\"")).as("what injector owns (managedFields: %s)", owners).contains(".spec.template.spec.containers[name=\"sidecar\"]")
                .doesNotContain(".spec.template.spec.containers[name=\"nginx\"]");
    }

    @Test
    @Order(11)
    @DisplayName("kubectl: a container left out of a re-apply is removed, but another manager's container stays where it was")
    void removedByOmission() throws Exception {
        needKubectl();
        apply("deployer's first apply", "deployer", deployment("omit", containers("nginx", "envoy")));
        apply("deployer's re-apply without envoy", "deployer", deployment("omit", containers("nginx")));
        assertThat(containersOf("omit")).as("containers after deployer applied [nginx, envoy] and then [nginx]").containsExactly("nginx");

        apply("injector's apply of a sidecar", "injector", deployment("omit", containers("sidecar")));
        apply("deployer's re-apply with a new image", "deployer", deployment("omit", containers("nginx=nginx:2")));
        ObjectNode stored = get("omit");
        assertThat(names(stored.at("/spec/template/spec/containers")))
                .as("containers after injector added [sidecar] and deployer re-applied [nginx] (sidecar is injector's:"
                        + " the merge keeps it, nobody removes it)").containsExactly("nginx", "sidecar");
        assertThat(stored.at("/spec/template/spec/containers/0/image").asText()).as("nginx's image after the re-apply").isEqualTo("nginx:2");
    }

    @Test
    @Order(12)
    @DisplayName("kubectl: a reordered file reorders the stored containers; a container of another manager keeps its place")
    void reordered() throws Exception {
        needKubectl();
        apply("deployer's first apply", "deployer", deployment("order", containers("a", "b", "c")));
        apply("deployer's re-apply, reordered", "deployer", deployment("order", containers("c", "a", "b")));
        assertThat(containersOf("order")).as("containers after deployer applied [a, b, c] and then [c, a, b]").containsExactly("c", "a", "b");

        apply("deployer's re-apply [a, b]", "deployer", deployment("order", containers("a", "b")));
        apply("injector's apply [a, x, b]", "injector", deployment("order", containers("a=a:1", "x", "b=b:1")));
        assertThat(containersOf("order")).as("containers after injector applied [a, x, b] (a and b unchanged, x new)")
                .containsExactly("a", "x", "b");
        apply("deployer's re-apply [c, b]", "deployer", deployment("order", containers("c", "b")));
        assertThat(containersOf("order")).as("containers after deployer re-applied [c, b] to [a, x, b] (a stays: injector"
                + " co-owns it)").containsExactly("a", "x", "c", "b");
        apply("deployer's re-apply [b, c, a]", "deployer", deployment("order", containers("b", "c", "a")));
        assertThat(containersOf("order")).as("containers after deployer re-applied [b, c, a] to [a, x, c, b]")
                .containsExactly("x", "b", "c", "a");
    }

    @Test
    @Order(13)
    @DisplayName("kubectl: two managers share one container; ports match by containerPort and protocol, TCP when left out")
    void sharedContainer() throws Exception {
        needKubectl();
        apply("deployer's first apply", "deployer", deployment("share", containers("nginx=nginx:1")
                + "        ports:\n        - containerPort: 80\n"));
        apply("tuner's apply of resources and a port", "tuner", deployment("share", "      - name: nginx\n"
                + "        resources:\n          limits:\n            cpu: 500m\n"
                + "        ports:\n        - containerPort: 9090\n          protocol: TCP\n"));
        apply("deployer's re-apply naming the protocol", "deployer", deployment("share", containers("nginx=nginx:1")
                + "        ports:\n        - containerPort: 80\n          protocol: TCP\n"));
        JsonNode nginx = get("share").at("/spec/template/spec/containers/0");
        assertThat(nginx.path("image").asText()).as("nginx's image (deployer's) after tuner's apply").isEqualTo("nginx:1");
        assertThat(nginx.at("/resources/limits/cpu").asText()).as("nginx's cpu limit (tuner's) after deployer's re-apply").isEqualTo("500m");
        List<String> ports = new ArrayList<>();
        nginx.path("ports").forEach(p -> ports.add(p.path("containerPort").asText() + "/" + p.path("protocol").asText()));
        assertThat(ports).as("nginx's ports: 80 (deployer's, applied without and then with protocol TCP: the same port)"
                + " and 9090 (tuner's)").containsExactly("80/TCP", "9090/TCP");
    }

    @Test
    @Order(14)
    @DisplayName("kubectl: finalizers are a set; two managers' finalizers merge, a reordered file reorders them")
    void finalizers() throws Exception {
        needKubectl();
        String base = deployment("fin", containers("nginx"));
        apply("deployer's apply with finalizer a", "deployer", base.replace("  name: fin\n", "  name: fin\n  finalizers:\n  - example.com/a\n"));
        apply("guard's apply with finalizer b", "guard", "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: fin\n"
                + "  finalizers:\n  - example.com/b\n");
        apply("deployer's re-apply with finalizers [c, a]", "deployer",
                base.replace("  name: fin\n", "  name: fin\n  finalizers:\n  - example.com/c\n  - example.com/a\n"));
        assertThat(names(get("fin").at("/metadata/finalizers"))).as("finalizers after deployer applied [a], guard [b], deployer [c, a]")
                .containsExactly("example.com/c", "example.com/a", "example.com/b");
    }

    @Test
    @Order(15)
    @DisplayName("a container without a name: the apply is answered 400 (your IllegalArgumentException), not 500")
    void namelessContainerIsBadRequest() {
        yours.merge(F.arrayNode(), F.arrayNode(), CONTAINERS, FIELDS); // a skeleton fails here, at once
        String path = "/apis/apps/v1/namespaces/" + namespace + "/deployments/nameless";
        stage.apply(path, "deployer", false, "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"nameless\"},"
                + "\"spec\":{\"selector\":{\"matchLabels\":{\"app\":\"n\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"n\"}},"
                + "\"spec\":{\"containers\":[{\"name\":\"nginx\",\"image\":\"nginx:1\"}]}}}}").ok();
        Stage.Response response = stage.apply(path, "deployer", false, "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"metadata\":{\"name\":\"nameless\"},\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"image\":\"x:1\"}]}}}}");
        assertThat(response.code()).as("the answer to an apply of a container without a name onto a live Deployment: %s",
                response.body().path("message").asText()).isEqualTo(400);
    }

    @Test
    @Order(16)
    @DisplayName("on the server: env vars an update wrote twice; an apply naming one makes it one again, the other keeps both copies")
    void duplicatedEnvOnTheServer() {
        yours.merge(F.arrayNode(), F.arrayNode(), CONTAINERS, FIELDS); // a skeleton fails here, at once
        String path = "/apis/apps/v1/namespaces/" + namespace + "/deployments/dup";
        String start = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"dup\"},\"spec\":{\"selector\":"
                + "{\"matchLabels\":{\"app\":\"dup\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"dup\"}},\"spec\":{\"containers\":"
                + "[{\"name\":\"nginx\",\"image\":\"nginx:1\"}]}}}}";
        stage.apply(path, "deployer", false, start).ok();
        // A merge patch replaces the containers list whole, without looking for duplicates (an Update operation).
        stage.mergePatch(path, "editor", "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"nginx\",\"image\":\"nginx:1\","
                + "\"env\":[{\"name\":\"MODE\",\"value\":\"a\"},{\"name\":\"MODE\",\"value\":\"b\"},"
                + "{\"name\":\"TRACE\",\"value\":\"1\"},{\"name\":\"TRACE\",\"value\":\"2\"}]}]}}}}").ok();
        // Forced: editor owns MODE now, and the apply changes it.
        Stage.Response applied = stage.apply(path, "deployer", true, start.replace("\"image\":\"nginx:1\"}",
                "\"image\":\"nginx:1\",\"env\":[{\"name\":\"MODE\",\"value\":\"c\"}]}"));
        assertThat(applied.code()).as("the answer to deployer's forced apply of nginx's env [MODE=c] onto env [MODE=a, MODE=b,"
                + " TRACE=1, TRACE=2]: %s", applied.body().path("message").asText()).isEqualTo(200);
        assertThat(stage.get(path).at("/spec/template/spec/containers/0/env").toString())
                .as("nginx's env after the apply (Kubernetes 1.29: the configuration's MODE replaces both copies; TRACE, not"
                        + " named, keeps both)")
                .isEqualTo("[{\"name\":\"MODE\",\"value\":\"c\"},{\"name\":\"TRACE\",\"value\":\"1\"},{\"name\":\"TRACE\",\"value\":\"2\"}]");
    }

    // ---------------------------------------------------------------------------------------------
    // The same steps on the server's own merge: Kubernetes 1.26's answers

    /** One apply of containers (and finalizers) by a manager, as HTTP sends it. */
    private record Step(String manager, boolean force, String containers, String finalizers) {

        String config(String name) {
            String meta = "\"name\":\"" + name + "\"" + (finalizers == null ? "" : ",\"finalizers\":" + finalizers);
            return "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{" + meta + "},\"spec\":{\"selector\":"
                    + "{\"matchLabels\":{\"app\":\"" + name + "\"}},\"template\":{\"metadata\":{\"labels\":{\"app\":\"" + name
                    + "\"}},\"spec\":{\"containers\":" + containers + "}}}}";
        }

        @Override
        public String toString() {
            return manager + " applies containers " + containers.replaceAll("\"image\":\"[^\"]*\",?|\\{\"name\":|[{}\"]", "")
                    + (finalizers == null ? "" : " and finalizers " + finalizers) + (force ? " (force)" : "");
        }
    }

    private static String c(String... specs) {
        return List.of(specs).stream().map(s -> {
            String[] parts = s.split("=", 2);
            return "{\"name\":\"" + parts[0] + "\",\"image\":\"" + (parts.length > 1 ? parts[1] : parts[0] + ":1") + "\"}";
        }).collect(Collectors.joining(",", "[", "]"));
    }

    @Test
    @Order(20)
    @DisplayName("eleven applies by four managers: your server stores what Kubernetes' merge stores, containers, finalizers and managedFields")
    void sameAsKubernetes() {
        yours.merge(F.arrayNode(), F.arrayNode(), CONTAINERS, FIELDS); // a skeleton fails here, at once
        List<Step> steps = List.of(
                new Step("deployer", false, c("nginx", "envoy"), "[\"example.com/a\"]"),
                new Step("injector", false, c("istio", "nginx=nginx:1"), null),
                new Step("deployer", false, c("envoy", "nginx", "log"), "[\"example.com/b\",\"example.com/a\"]"),
                new Step("scaler", false, c("log=log:2"), null),
                new Step("scaler", true, c("log=log:2"), null),
                new Step("deployer", false, c("nginx", "envoy"), "[\"example.com/a\"]"),
                new Step("injector", false, c("log=log:2", "istio", "nginx=nginx:1"), null),
                new Step("guard", false, c("zz", "nginx=nginx:1", "aa"), "[\"example.com/z\",\"example.com/a\"]"),
                new Step("deployer", false, c("aa", "envoy", "nginx"), null),
                new Step("injector", false, c("istio"), null),
                new Step("guard", false, c("nginx=nginx:1"), "[\"example.com/a\"]"));
        try (Stage kubernetes = new Stage(etcd)) {
            String theirNs = kubernetes.namespace("reference");
            String ourPath = "/apis/apps/v1/namespaces/" + namespace + "/deployments/same";
            String theirPath = "/apis/apps/v1/namespaces/" + theirNs + "/deployments/same";
            List<String> done = new ArrayList<>();
            for (Step step : steps) {
                done.add(step.toString());
                Stage.Response theirs = kubernetes.apply(theirPath, step.manager(), step.force(), step.config("same"));
                Stage.Response ours = stage.apply(ourPath, step.manager(), step.force(), step.config("same"));
                String where = "after step " + done.size() + " (" + String.join("; ", done) + ")";
                assertThat(ours.code()).as("%s: the answer (Kubernetes' merge answered %s%s); yours: %s", where, theirs.code(),
                        theirs.code() == 409 ? ", a conflict" : "", ours.body().path("message").asText()).isEqualTo(theirs.code());
                if (theirs.code() >= 300) {
                    continue;
                }
                ObjectNode a = stage.get(ourPath);
                ObjectNode b = kubernetes.get(theirPath);
                assertThat(names(a.at("/spec/template/spec/containers"))).as("%s: the containers", where)
                        .isEqualTo(names(b.at("/spec/template/spec/containers")));
                assertThat(a.at("/spec/template/spec/containers")).as("%s: the containers, field by field", where)
                        .isEqualTo(b.at("/spec/template/spec/containers"));
                assertThat(names(a.at("/metadata/finalizers"))).as("%s: the finalizers", where)
                        .isEqualTo(names(b.at("/metadata/finalizers")));
                assertThat(Paths.printed(Stage.owners(a))).as("%s: who owns what (managedFields)", where)
                        .isEqualTo(Paths.printed(Stage.owners(b)));
            }
        }
    }

    // ---------------------------------------------------------------------------------------------
    // The golden transcript

    @Test
    @Order(30)
    @DisplayName("golden g1 (kube-apiserver 1.26.1 on a ConfigMap: apply, conflicts, force, removal by omission) still replays with your merge in the server")
    void goldenG1() {
        yours.merge(F.arrayNode(), F.arrayNode(), CONTAINERS, FIELDS); // g1 has no list: a skeleton must fail here, not pass
        Replayer.Result result = new Replayer(Golden.directory(), this::serverForReplay, G1_HISTORY).replay("g1-server-side-apply.txt");
        List<String> unexplained = result.outcomes().stream().filter(o -> o.verdict() == Outcome.Verdict.UNEXPLAINED)
                .map(Outcome::describe).toList();
        assertThat(unexplained).as("requests of golden g1 that the server with your merge answers unlike kube-apiserver 1.26.1").isEmpty();
        assertThat(result.outcomes()).as("g1's requests replayed").isNotEmpty();
    }

    /** g1's starting state: the namespace lab (00), then the transcripts recorded before g1 that write to it. */
    private static final List<String> G1_HISTORY = List.of("00-setup-namespace-lab.txt", "a1-create-get-configmap-vs-etcd.txt",
            "b0-setup-more-configmaps.txt", "g1-server-side-apply.txt");

    /** Chapter 6's server with your merge, over the replay's fresh etcd, as the conformance suite starts its own. */
    private ServerUnderTest serverForReplay(io.rvlab.support.etcd.Etcd fresh) {
        ServerUnderTest.writePreHistory(fresh, ServerUnderTest.REAL_PRE_HISTORY);
        return ServerUnderTest.of(ApplyApiServer.start(fresh.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT,
                Clock.systemUTC(), new KeyedListMerge()), 6, ServerUnderTest.REAL_PRE_HISTORY);
    }
}
