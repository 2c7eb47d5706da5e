package io.rvlab.exercises.ch05;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.controller.Controller;
import io.rvlab.ch05.controller.DeploymentStatusController;
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
 * Grading tests for exercise 5.4 (the controller's loop guard): the guard on objects, then the
 * course's DeploymentStatusController with your guard on a real API server: it must answer every new
 * generation with one status write, and nothing else, however many events its own writes cause.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(90)
@DisplayName("5.4 the controller's loop guard")
class GenerationGuardTest {

    private final GenerationGuard guard = new GenerationGuard();

    @Test
    @DisplayName("a new Deployment (generation 1, no status yet) needs its first status write")
    void newDeploymentNeedsWrite() {
        assertThat(guard.needsWrite(deployment(1, null))).isTrue();
    }

    @Test
    @DisplayName("a generation already observed needs nothing: the controller's own write wakes nothing")
    void observedNeedsNothing() {
        assertThat(guard.needsWrite(deployment(1, 1L))).isFalse();
        assertThat(guard.needsWrite(deployment(4, 4L))).isFalse();
    }

    @Test
    @DisplayName("a spec change (a new generation) needs a write")
    void newGenerationNeedsWrite() {
        assertThat(guard.needsWrite(deployment(3, 2L))).isTrue();
    }

    // tag::grading[]
    @Test
    @DisplayName("with the real controller: one status write per generation, none for labels or its own writes, store == etcd")
    void controllerConvergesAndGoesQuiet(Client etcd) throws Exception {
        guard.needsWrite(deployment(1, null)); // a skeleton fails here, at once
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
                    new DeploymentStatusController(client, informer.indexer(), guard), 2)) {
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

                EtcdState truth = EtcdState.read(etcd, ResourceTypes.DEPLOYMENTS.prefix(namespace));
                Stage.await(() -> Stage.sameAs(informer.indexer().list(), truth) && Stage.sameAs(history.handlerView().values(), truth));
                InformerChecker.Report report = Stage.checker(truth).check(history, informer.indexer().list());
                assertThat(report.ok()).as("the history checker: %s", report).isTrue();
            }
        }
    }
    // end::grading[]

    private static boolean observed(Stage stage, String collection, String name) {
        JsonNode d = stage.api.get(collection + "/" + name);
        return d.path("metadata").path("generation").asLong() == d.path("status").path("observedGeneration").asLong(0);
    }

    private static ObjectNode deployment(long generation, Long observedGeneration) {
        ObjectNode d = JsonNodeFactory.instance.objectNode().put("apiVersion", "apps/v1").put("kind", "Deployment");
        d.putObject("metadata").put("name", "web").put("namespace", "lab").put("generation", generation);
        if (observedGeneration != null) {
            d.putObject("status").put("observedGeneration", observedGeneration);
        }
        return d;
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
