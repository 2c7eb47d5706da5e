package io.rvlab.ch06.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ConflictException;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/** The apply client and kubectl's client-side apply against chapter 6's server, over a real etcd. */
@ExtendWith(EtcdExtension.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
@DisplayName("ApplyClient and ClientSideApply against the chapter's server")
class ApplyClientTest {

    private static final AtomicInteger NAMES = new AtomicInteger();
    private final Client etcd;
    private ApplyApiServer server;
    private ApplyClient api;
    private final List<Integer> codes = new ArrayList<>();

    ApplyClientTest(Client etcd) {
        this.etcd = etcd;
    }

    @BeforeAll
    void start() {
        server = ApplyApiServer.start(etcd, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
        api = new ApplyClient(server.url()).withListener(new ApplyClient.Listener() {
            @Override
            public void sent(String method, String path, String contentType, String body) {
            }

            @Override
            public void received(String method, String path, int code, JsonNode body) {
                codes.add(code);
            }
        });
    }

    @AfterAll
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A fresh namespace, so tests sharing the etcd do not meet each other's objects. */
    private String namespace() {
        String name = "apply-client-" + ProcessHandle.current().pid() + "-" + NAMES.incrementAndGet();
        ObjectNode ns = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "Namespace");
        ns.putObject("metadata").put("name", name);
        api.create("/api/v1/namespaces", ns, null);
        return "/api/v1/namespaces/" + name + "/configmaps";
    }

    private static String config(String color) {
        return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\ndata:\n  color: " + color + "\n";
    }

    private static String manager(JsonNode object, int entry) {
        JsonNode e = object.path("metadata").path("managedFields").path(entry);
        return e.path("manager").asText() + "/" + e.path("operation").asText();
    }

    @Test
    @DisplayName("an apply creates with 201 and records the manager named by ?fieldManager as an Apply entry")
    void applyCreates() {
        String configMaps = namespace();
        ObjectNode created = api.apply(configMaps, "cm", config("red"), "alice", false);
        assertThat(codes.get(codes.size() - 1)).isEqualTo(201);
        assertThat(manager(created, 0)).isEqualTo("alice/Apply");
        assertThat(api.get(configMaps, "cm").path("data").path("color").asText()).isEqualTo("red");
    }

    @Test
    @DisplayName("a lost apply is a ConflictException carrying the causes, which isFieldManagerConflict recognises")
    void fieldConflict() {
        String configMaps = namespace();
        api.apply(configMaps, "cm", config("red"), "alice", false);
        ConflictException e = catchThrowableOfType(() -> api.apply(configMaps, "cm", config("blue"), "bob", false),
                ConflictException.class);
        assertThat(ApplyClient.isFieldManagerConflict(e)).isTrue();
        assertThat(e.status().details().causes()).singleElement()
                .satisfies(c -> assertThat(c.field()).isEqualTo(".data.color"))
                .satisfies(c -> assertThat(c.message()).isEqualTo("conflict with \"alice\""));
        assertThat(api.apply(configMaps, "cm", config("blue"), "bob", true).path("data").path("color").asText())
                .isEqualTo("blue");
    }

    @Test
    @DisplayName("a stale resourceVersion in a PUT is a ConflictException too, but not a field manager conflict")
    void resourceVersionConflict() {
        String configMaps = namespace();
        ObjectNode live = api.apply(configMaps, "cm", config("red"), "alice", false);
        api.mergePatch(configMaps, "cm", "{\"data\":{\"size\":\"L\"}}", "bob");
        ObjectNode stale = live.deepCopy();
        ((ObjectNode) stale.get("metadata")).remove("managedFields");
        ConflictException e = catchThrowableOfType(() -> api.update(configMaps, "cm", stale, "carol"), ConflictException.class);
        assertThat(ApplyClient.isFieldManagerConflict(e)).isFalse();
    }

    @Test
    @DisplayName("PUT and merge patch record Update entries: by ?fieldManager, else by the User-Agent's first part")
    void updatesRecordTheirManager() {
        String configMaps = namespace();
        api.apply(configMaps, "cm", config("red"), "alice", false);
        ObjectNode patched = api.mergePatch(configMaps, "cm", "{\"data\":{\"color\":\"blue\"}}", "bob");
        assertThat(manager(patched, 0)).as("alice's only field was taken, so her entry is gone").isEqualTo("bob/Update");
        assertThat(patched.path("metadata").path("managedFields").size()).isEqualTo(1);
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        body.putObject("metadata").put("name", "cm");
        body.putObject("data").put("color", "blue").put("size", "L");
        ObjectNode put = api.withUserAgent("my-editor/2.0").update(configMaps, "cm", body, null);
        assertThat(put.path("metadata").path("managedFields").findValuesAsText("manager")).contains("my-editor");
    }

    @Test
    @DisplayName("client-side apply: creates with the annotation, then patches back a value another writer changed")
    void clientSideApply() {
        String deployments = namespace().replace("/api/v1/", "/apis/apps/v1/").replace("/configmaps", "/deployments");
        ClientSideApply kubectl = new ClientSideApply(ResourceTypes.DEPLOYMENTS);
        ObjectNode config = deployment(3);
        ClientSideApply.Result created = kubectl.apply(api, deployments, config);
        assertThat(created.created()).isTrue();
        assertThat(ClientSideApply.lastApplied(created.object())).isEqualTo(config);
        assertThat(manager(created.object(), 0)).isEqualTo(ClientSideApply.MANAGER + "/Update");

        api.mergePatch(deployments, "web", "{\"spec\":{\"replicas\":5}}", "hpa");
        ClientSideApply.Result again = kubectl.apply(api, deployments, config);
        assertThat(again.created()).isFalse();
        assertThat(again.sent().toString()).isEqualTo("{\"spec\":{\"replicas\":3}}");
        assertThat(again.object().path("spec").path("replicas").asInt()).isEqualTo(3);

        ClientSideApply.Result dropped = kubectl.apply(api, deployments, deployment(null));
        assertThat(dropped.sent().path("spec").path("replicas").isNull()).isTrue();
        assertThat(ClientSideApply.lastApplied(dropped.object())).isEqualTo(deployment(null));
    }

    @Test
    @DisplayName("a server error other than a conflict is a StatusException with the server's Status")
    void otherErrors() {
        String configMaps = namespace();
        StatusException e = catchThrowableOfType(() -> api.get(configMaps, "missing"), StatusException.class);
        assertThat(e.status().code()).isEqualTo(404);
        assertThat(e.status().reason()).isEqualTo("NotFound");
    }

    private static ObjectNode deployment(Integer replicas) {
        ObjectNode d = JsonNodeFactory.instance.objectNode().put("apiVersion", "apps/v1").put("kind", "Deployment");
        d.putObject("metadata").put("name", "web");
        ObjectNode spec = d.putObject("spec");
        if (replicas != null) {
            spec.put("replicas", replicas);
        }
        spec.putObject("selector").putObject("matchLabels").put("app", "web");
        ObjectNode template = spec.putObject("template");
        template.putObject("metadata").putObject("labels").put("app", "web");
        template.putObject("spec").putArray("containers").addObject().put("name", "web").put("image", "nginx:1.27");
        return d;
    }
}
