package io.rvlab.ch03.controller;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch03.client.DeploymentClient;
import io.rvlab.ch03.support.Objects;
import io.rvlab.ch03.support.ServerOnEtcd;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The chapter's tiny controllers against the chapter 3 server on a real etcd")
class ControllersTest extends ServerOnEtcd {

    ControllersTest(Client client) {
        super(client);
    }

    private DeploymentClient deployments(String prefix) {
        String ns = Objects.uniqueNamespace(prefix);
        ObjectNode namespace = JsonNodeFactory.instance.objectNode();
        namespace.put("apiVersion", "v1").put("kind", "Namespace").putObject("metadata").put("name", ns);
        api.create("/api/v1/namespaces", namespace);
        DeploymentClient deployments = new DeploymentClient(api, ns);
        deployments.create(deployment());
        return deployments;
    }

    @Test
    @DisplayName("the observedGeneration controller writes once per new generation, then only reads")
    void observedGenerationControllerGoesQuiet() {
        DeploymentClient deployments = deployments("careful");
        ObservedGenerationController controller = new ObservedGenerationController(deployments, "web");

        Pass first = controller.poll();
        assertThat(first.reconciled()).isTrue();
        assertThat(first.wrote()).isTrue();
        assertThat(first.resourceVersionAfter()).isGreaterThan(first.seenResourceVersion());
        ObjectNode after = deployments.get("web");
        assertThat(after.path("status").path("observedGeneration").asLong()).isEqualTo(1);
        assertThat(after.path("status").path("replicas").asLong()).isEqualTo(1);

        for (int i = 0; i < 5; i++) {
            Pass pass = controller.poll();
            assertThat(pass.reconciled()).isFalse();
            assertThat(pass.wrote()).isFalse();
            assertThat(pass.resourceVersionAfter()).isEqualTo(first.resourceVersionAfter());
        }

        deployments.patch("web", "{\"metadata\":{\"labels\":{\"tier\":\"x\"}}}");
        assertThat(controller.poll().wrote()).as("a label change is not a new generation").isFalse();

        deployments.patch("web", "{\"spec\":{\"replicas\":4}}");
        Pass scaled = controller.poll();
        assertThat(scaled.generation()).isEqualTo(2);
        assertThat(scaled.wrote()).isTrue();
        assertThat(deployments.get("web").path("status").path("replicas").asLong()).isEqualTo(4);
        assertThat(controller.poll().wrote()).isFalse();
    }

    @Test
    @DisplayName("a generation someone else already observed is left alone, whatever the resourceVersion")
    void observedGenerationIsTheGate() {
        DeploymentClient deployments = deployments("observed");
        ObjectNode current = deployments.get("web");
        ObjectNode written = deployments.patchStatus("web", DeploymentStatus.desired(current)); // another instance
        ObservedGenerationController controller = new ObservedGenerationController(deployments, "web");
        Pass pass = controller.poll();
        assertThat(pass.seenResourceVersion()).isEqualTo(Objects.rv(written));
        assertThat(pass.reconciled()).isFalse();
        assertThat(pass.wrote()).isFalse();
    }

    @Test
    @DisplayName("the naive controller wakes itself with its own write on every pass")
    void naiveControllerNeverGoesQuiet() {
        DeploymentClient deployments = deployments("naive");
        long[] tick = {0};
        Clock clock = new Clock() {
            @Override
            public java.time.ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(java.time.ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return Instant.EPOCH.plusSeconds(tick[0]++);
            }
        };
        NaiveStatusController naive = new NaiveStatusController(deployments, "web", clock);
        List<Pass> passes = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            passes.add(naive.poll());
        }
        assertThat(passes).allMatch(Pass::wrote);
        for (int i = 1; i < passes.size(); i++) {
            assertThat(passes.get(i).seenResourceVersion()).isEqualTo(passes.get(i - 1).resourceVersionAfter());
        }
        assertThat(passes).allMatch(p -> p.generation() == 1);
    }

    @Test
    @DisplayName("with a clock that stands still, the naive controller's writes are no-ops and it stops by luck")
    void naiveControllerWithAStoppedClock() {
        DeploymentClient deployments = deployments("stopped");
        NaiveStatusController naive = new NaiveStatusController(deployments, "web",
                Clock.fixed(Instant.EPOCH, ZoneOffset.UTC));
        Pass first = naive.poll();
        Pass second = naive.poll();
        Pass third = naive.poll();
        assertThat(first.wrote()).isTrue();
        assertThat(second.reconciled()).as("its own write was a new resourceVersion").isTrue();
        assertThat(second.wrote()).as("the same status again: the server writes nothing").isFalse();
        assertThat(third.reconciled()).isFalse();
    }

    static ObjectNode deployment() {
        ObjectNode d = JsonNodeFactory.instance.objectNode();
        d.put("apiVersion", "apps/v1");
        d.put("kind", "Deployment");
        d.putObject("metadata").put("name", "web").putObject("labels").put("app", "web");
        ObjectNode spec = d.putObject("spec");
        spec.put("replicas", 1);
        spec.putObject("selector").putObject("matchLabels").put("app", "web");
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", "web");
        template.putObject("spec").putArray("containers").addObject().put("name", "c").put("image", "img:1");
        return d;
    }
}
