package io.rvlab.exercises.ch05;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.controller.DeploymentStatus;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.cache.ThreadSafeIndexer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.controller.Controller;
import io.rvlab.ch05.history.EtcdState;
import io.rvlab.ch05.history.InformerChecker;
import io.rvlab.ch05.history.InformerHistory;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 5.4 (the status controller's reconcile and its loop guard): one reconcile
 * at a time against a real API server, with a cache the test fills (up to date, stale, empty), every
 * request counted; then your reconcile in the course's controller, with its informer, while specs and
 * labels change: it must answer every new generation, and put back a status someone else changed, with one
 * status write each, and nothing else.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(90)
@DisplayName("5.4 the status controller's reconcile")
class StatusReconcilerTest {

    // tag::grading[]
    @Test
    @DisplayName("a new Deployment (generation 1, no status yet) gets observedGeneration 1, written through /status")
    void aNewDeploymentIsAnswered(Client etcd) throws Exception {
        try (Stage stage = new Stage(etcd, WatchCache.Options.DEFAULT)) {
            Counted counted = new Counted(stage);
            String collection = counted.collection("new");
            ObjectNode created = stage.api.create(collection, newDeployment("web"));
            ThreadSafeIndexer cache = new ThreadSafeIndexer(Map.of());
            cache.add(created);
            new StatusReconciler(counted.client, cache).reconcile(key(created));
            JsonNode now = stage.api.get(collection + "/web");
            assertThat(now.path("status").path("observedGeneration").asLong(0))
                    .as("status.observedGeneration on the server after reconciling a new Deployment at generation 1 (%d"
                            + " requests: %s)", counted.requests.size(), counted.requests)
                    .isEqualTo(1);
            // A controller reads the informer's cache, not the API server: a GET per reconcile is the load
            // informers exist to take off the API server. The cache here is fresh, so nothing is read first.
            java.util.List<String> beforeFirstWrite = counted.requests.stream().takeWhile(r -> !r.startsWith("PUT ")).toList();
            assertThat(beforeFirstWrite).as("requests before the first status write, the cache holding the Deployment as the"
                    + " server has it (all requests: %s)", counted.requests).noneMatch(r -> r.startsWith("GET "));
        }
    }

    @Test
    @DisplayName("a Deployment whose generation is already observed costs no request: its own write comes back as an event")
    void anAnsweredDeploymentCostsNoRequest(Client etcd) throws Exception {
        try (Stage stage = new Stage(etcd, WatchCache.Options.DEFAULT)) {
            Counted counted = new Counted(stage);
            String collection = counted.collection("quiet");
            ObjectNode created = stage.api.create(collection, newDeployment("web"));
            ObjectNode answered = created.deepCopy();
            answered.set("status", DeploymentStatus.desired(created));
            answered = stage.api.update(collection + "/web/status", answered);
            answered = stage.api.patch(collection + "/web", "{\"metadata\":{\"labels\":{\"team\":\"blue\"}}}");
            ThreadSafeIndexer cache = new ThreadSafeIndexer(Map.of());
            cache.add(answered);
            new StatusReconciler(counted.client, cache).reconcile(key(answered));
            assertThat(counted.requests).as("requests sent to reconcile a Deployment at generation %d whose status already"
                    + " is the one its spec calls for, %s (a label was just added: no new generation). If you compared"
                    + " JSON: the server's numbers parse as int nodes, DeploymentStatus.desired puts long ones",
                    answered.path("metadata").path("generation").asLong(), answered.path("status")).isEmpty();

            new StatusReconciler(counted.client, new ThreadSafeIndexer(Map.of())).reconcile(counted.namespace + "/gone");
            assertThat(counted.requests).as("requests sent to reconcile a Deployment the cache no longer has").isEmpty();
        }
    }

    @Test
    @DisplayName("a status someone else changed at the same generation is put back, with one write and no GET")
    void aStatusChangedAtTheSameGenerationIsRepaired(Client etcd) throws Exception {
        try (Stage stage = new Stage(etcd, WatchCache.Options.DEFAULT)) {
            Counted counted = new Counted(stage);
            String collection = counted.collection("repair");
            ObjectNode created = stage.api.create(collection, newDeployment("web"));
            ObjectNode answered = created.deepCopy();
            answered.set("status", DeploymentStatus.desired(created));
            answered = stage.api.update(collection + "/web/status", answered);
            // kubectl edit --subresource=status, or another controller: generation stays 1, observedGeneration too.
            ObjectNode changed = answered.deepCopy();
            ((ObjectNode) changed.path("status")).put("readyReplicas", 0).put("availableReplicas", 0);
            changed = stage.api.update(collection + "/web/status", changed);
            ThreadSafeIndexer cache = new ThreadSafeIndexer(Map.of());
            cache.add(changed);

            new StatusReconciler(counted.client, cache).reconcile(key(changed));

            JsonNode now = stage.api.get(collection + "/web");
            assertThat(now.path("status").path("readyReplicas").asLong(-1))
                    .as("status.readyReplicas on the server after your reconcile of a Deployment whose status someone set to"
                            + " readyReplicas 0 at the same generation (observedGeneration 1 = generation 1; its spec asks for"
                            + " 1 replica). Your requests: %s (see ./course hint 5.4)", counted.requests)
                    .isEqualTo(1);
            assertThat(counted.requests).as("requests to repair the status from a fresh cache: one status write, no GET")
                    .containsExactly("PUT " + collection + "/web/status -> 200");
        }
    }

    @Test
    @DisplayName("with a stale cache (generation 1 while the server has 2) no older answer lands; the newest is answered or retried")
    void aStaleCacheNeverWritesAnOlderAnswer(Client etcd) throws Exception {
        try (Stage stage = new Stage(etcd, WatchCache.Options.DEFAULT)) {
            Counted counted = new Counted(stage);
            String collection = counted.collection("stale");
            ObjectNode cachedAtGeneration1 = stage.api.create(collection, newDeployment("web"));
            stage.api.patch(collection + "/web", "{\"spec\":{\"replicas\":3}}"); // generation 2, not in the cache
            ThreadSafeIndexer cache = new ThreadSafeIndexer(Map.of());
            cache.add(cachedAtGeneration1);
            Throwable thrown = catchThrowable(() -> new StatusReconciler(counted.client, cache).reconcile(key(cachedAtGeneration1)));
            JsonNode now = stage.api.get(collection + "/web");
            long observed = now.path("status").path("observedGeneration").asLong(0);
            assertThat(observed).as("status.observedGeneration on the server: the cache held generation 1 (resourceVersion"
                    + " %s), the server already had generation 2. Writing 1 would claim an answer to a spec that is gone;"
                    + " requests: %s", cachedAtGeneration1.path("metadata").path("resourceVersion").asText(), counted.requests)
                    .isNotEqualTo(1);
            assertThat(counted.requests.stream().filter(r -> r.endsWith("-> 409")).count())
                    .as("status writes the server refused with 409 Conflict: after the first, your reconcile knows the cache"
                            + " is behind, and the same stale object can only be refused again; read the server's present, or"
                            + " throw and let the queue retry the key once the cache has caught up. Requests: %s", counted.requests)
                    .isLessThanOrEqualTo(1);
            if (thrown != null) {
                assertThat(counted.requests).as("reconcile threw %s; that sends the key back to the queue, which is right only"
                        + " after a write the server refused with 409 Conflict, and none was: requests %s", thrown, counted.requests)
                        .anyMatch(r -> r.endsWith("-> 409"));
            }
            if (thrown == null) {
                assertThat(observed).as("reconcile returned normally, so the newest generation (2) must be answered; requests: %s",
                        counted.requests).isEqualTo(2);
            }
        }
    }

    @Test
    @DisplayName("with the real controller: one status write per generation or changed status, none for labels or its own writes, store == etcd")
    void controllerConvergesAndGoesQuiet(Client etcd) throws Exception {
        new StatusReconciler(null, new ThreadSafeIndexer(Map.of())).reconcile("lab/none"); // a skeleton fails here, at once
        try (Stage stage = new Stage(etcd, WatchCache.Options.DEFAULT)) {
            String namespace = stage.namespace("guard");
            String collection = "/apis/apps/v1/namespaces/" + namespace + "/deployments";
            stage.api.create(collection, newDeployment("web"));
            stage.api.create(collection, newDeployment("api"));

            AtomicInteger statusWrites /* successful ones: a 409 retry is not a loop */ = new AtomicInteger();
            RestClient client = new RestClient(RestConfig.forUrl(stage.server.url())).withListener(new RestClient.Listener() {
                @Override
                public void received(String method, String path, int code) {
                    if (path.endsWith("/status") && code == 200) {
                        statusWrites.incrementAndGet();
                    }
                }
            });
            InformerHistory history = new InformerHistory();
            SharedInformer informer = new SharedInformer("guard", history.recording(
                    new ResourceListerWatcher(client.config(), collection)), Stage.reflectorOptions(), Map.of());
            informer.addEventHandler(history).addListener(history);
            try (Controller controller = Controller.run("guard", informer,
                    new StatusReconciler(client, informer.indexer()), 2)) {
                assertThat(Stage.await(() -> observed(stage, collection, "web") && observed(stage, collection, "api")))
                        .as("both Deployments' generation 1 observed").isTrue();

                stage.api.patch(collection + "/web", "{\"spec\":{\"replicas\":4}}");          // generation 2
                long last = Stage.rv(stage.api.patch(collection + "/api", "{\"metadata\":{\"labels\":{\"x\":\"1\"}}}"));
                assertThat(Stage.await(() -> observed(stage, collection, "web"))).as("web's generation 2 observed").isTrue();

                // Quiet: the informer has every event up to the last write and beyond, and the controller has nothing to do.
                long settled = Math.max(last, Stage.rv(stage.api.get(collection + "/web")));
                assertThat(Stage.await(() -> Long.parseLong(informer.reflector().lastSyncResourceVersion()) >= settled
                        && controller.isIdle())).as("the controller went quiet (%d status writes so far)", statusWrites.get()).isTrue();
                assertThat(statusWrites.get()).as("status writes: one per generation (web 1 and 2, api 1), none for the label")
                        .isEqualTo(3);

                // Someone else changes api's status at the same generation: the controller puts it back, once.
                ObjectNode api = stage.api.get(collection + "/api");
                ((ObjectNode) api.path("status")).put("readyReplicas", 0);
                long changed = Stage.rv(stage.api.update(collection + "/api/status", api));
                assertThat(Stage.await(() -> stage.api.get(collection + "/api").path("status").path("readyReplicas").asLong() == 1
                        && Long.parseLong(informer.reflector().lastSyncResourceVersion()) > changed && controller.isIdle()))
                        .as("api's status, changed to readyReplicas 0 by someone else at the same generation, put back to 1"
                                + " (%d status writes so far)", statusWrites.get()).isTrue();
                assertThat(statusWrites.get()).as("status writes: one per generation (web 1 and 2, api 1), none for the"
                        + " label, one to put api's changed status back").isEqualTo(4);

                EtcdState truth = EtcdState.read(etcd, ResourceTypes.DEPLOYMENTS.prefix(namespace));
                Stage.await(() -> Stage.sameAs(informer.indexer().list(), truth) && Stage.sameAs(history.handlerView().values(), truth));
                InformerChecker.Report report = Stage.checker(truth).check(history, informer.indexer().list());
                assertThat(report.ok()).as("the history checker: %s", report).isTrue();
            }
        }
    }
    @Test
    @DisplayName("the reconcile is yours: it does not hand the key to the chapter's DeploymentStatusController")
    void theReconcileIsYourOwn() throws Exception {
        // a Deployment gone from the cache costs no request: a skeleton fails here, at once
        new StatusReconciler(null, new ThreadSafeIndexer(Map.of())).reconcile("lab/gone");
        // The chapter's controller answers every story above alike on purpose, so no story tells the two apart:
        // what the compiled class refers to does.
        assertThat(io.rvlab.grader.OwnCode.borrowed(StatusReconciler.class, java.util.List.of("io.rvlab.ch05.controller.DeploymentStatusController")))
                .as("your StatusReconciler refers to the chapter's io.rvlab.ch05.controller.DeploymentStatusController:"
                        + " the exercise is to write the reconcile and its guard yourself")
                .isEmpty();
    }
    // end::grading[]

    private static boolean observed(Stage stage, String collection, String name) {
        JsonNode d = stage.api.get(collection + "/" + name);
        return d.path("metadata").path("generation").asLong() == d.path("status").path("observedGeneration").asLong(0);
    }


    private static String key(JsonNode object) {
        return object.path("metadata").path("namespace").asText() + "/" + object.path("metadata").path("name").asText();
    }

    /** A RestClient on the stage's server that writes down every request it answers, and a namespace of its own. */
    private static final class Counted {
        final java.util.List<String> requests = new java.util.concurrent.CopyOnWriteArrayList<>();
        final Stage stage;
        final RestClient client;
        String namespace;

        Counted(Stage stage) {
            this.stage = stage;
            this.client = new RestClient(RestConfig.forUrl(stage.server.url())).withListener(new RestClient.Listener() {
                @Override
                public void received(String method, String path, int code) {
                    requests.add(method + " " + path + " -> " + code);
                }
            });
        }

        String collection(String prefix) {
            namespace = stage.namespace(prefix);
            return "/apis/apps/v1/namespaces/" + namespace + "/deployments";
        }
    }

    private static ObjectNode newDeployment(String name) {
        try {
            return (ObjectNode) new ObjectMapper().readTree("{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                    + "\"metadata\":{\"name\":\"" + name + "\",\"labels\":{\"app\":\"" + name + "\"}},"
                    + "\"spec\":{\"replicas\":1,\"selector\":{\"matchLabels\":{\"app\":\"" + name + "\"}},"
                    + "\"template\":{\"metadata\":{\"labels\":{\"app\":\"" + name + "\"}},"
                    + "\"spec\":{\"containers\":[{\"name\":\"c\",\"image\":\"img:1\"}]}}}}");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
