package io.rvlab.exercises.ch06;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 6.3 (merging a keyed list): containers by name, ports by containerPort and
 * protocol, atomic lists replaced, order; then a real apply to a Deployment on this chapter's server.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("6.3 merging a keyed list")
class KeyedListMergeTest {

    private final KeyedListMerge merge = new KeyedListMerge(KeyedListMerge.POD_SPEC);
    private static final List<String> BY_NAME = List.of("name");

    private static ArrayNode list(String json) {
        return (ArrayNode) Stage.json("{\"l\":" + json + "}").get("l");
    }

    private static List<String> names(ArrayNode list) {
        List<String> names = new ArrayList<>();
        list.forEach(item -> names.add(item.path("name").asText()));
        return names;
    }

    @Test
    @DisplayName("an item in both lists is merged field by field: the config's fields win, the live item's others stay")
    void sameItemMerged() {
        ArrayNode live = list("[{\"name\":\"nginx\",\"image\":\"nginx:1\",\"workingDir\":\"/w\"}]");
        ArrayNode config = list("[{\"name\":\"nginx\",\"image\":\"nginx:2\"}]");
        assertThat(merge.mergeList(live, config, BY_NAME))
                .isEqualTo(list("[{\"name\":\"nginx\",\"image\":\"nginx:2\",\"workingDir\":\"/w\"}]"));
        assertThat(live).as("the live list is not modified").isEqualTo(list("[{\"name\":\"nginx\",\"image\":\"nginx:1\",\"workingDir\":\"/w\"}]"));
    }

    @Test
    @DisplayName("live-only items stay in place and a new item comes after them: [nginx] merged with [sidecar] is [nginx, sidecar]")
    void newItemsAfterLiveOnes() {
        assertThat(names(merge.mergeList(list("[{\"name\":\"nginx\"}]"), list("[{\"name\":\"sidecar\"}]"), BY_NAME)))
                .containsExactly("nginx", "sidecar");
        assertThat(names(merge.mergeList(list("[{\"name\":\"a\"},{\"name\":\"b\"}]"), list("[{\"name\":\"b\"},{\"name\":\"c\"}]"), BY_NAME)))
                .containsExactly("a", "b", "c");
    }

    @Test
    @DisplayName("the config decides the order of the items it names; live-only items keep their place among them")
    void configOrder() {
        assertThat(names(merge.mergeList(list("[{\"name\":\"a\"},{\"name\":\"b\"}]"), list("[{\"name\":\"b\"},{\"name\":\"a\"}]"), BY_NAME)))
                .containsExactly("b", "a");
        assertThat(names(merge.mergeList(list("[{\"name\":\"a\"},{\"name\":\"x\"},{\"name\":\"b\"}]"),
                list("[{\"name\":\"b\"},{\"name\":\"c\"},{\"name\":\"a\"}]"), BY_NAME)))
                .containsExactly("x", "b", "c", "a");
        assertThat(names(merge.mergeList(list("[{\"name\":\"a\"},{\"name\":\"x\"},{\"name\":\"b\"}]"),
                list("[{\"name\":\"c\"},{\"name\":\"b\"}]"), BY_NAME)))
                .containsExactly("a", "x", "c", "b");
    }

    @Test
    @DisplayName("ports are keyed by containerPort and protocol together: 53/TCP is not 53/UDP")
    void compositeKeys() {
        ArrayNode live = list("[{\"containerPort\":80,\"protocol\":\"TCP\"},{\"containerPort\":53,\"protocol\":\"UDP\"}]");
        ArrayNode config = list("[{\"containerPort\":80,\"protocol\":\"TCP\",\"name\":\"http\"},{\"containerPort\":53,\"protocol\":\"TCP\"}]");
        assertThat(merge.mergeList(live, config, List.of("containerPort", "protocol"))).isEqualTo(list(
                "[{\"containerPort\":80,\"protocol\":\"TCP\",\"name\":\"http\"},{\"containerPort\":53,\"protocol\":\"UDP\"},"
                        + "{\"containerPort\":53,\"protocol\":\"TCP\"}]"));
    }

    @Test
    @DisplayName("inside an item: a keyed list (ports) is merged again, an atomic list (args) is replaced whole, maps merge by key")
    void nestedLists() {
        ObjectNode live = Stage.json("{\"name\":\"nginx\",\"args\":[\"-a\",\"-b\"],\"resources\":{\"limits\":{\"cpu\":\"1\"}},"
                + "\"ports\":[{\"containerPort\":80,\"protocol\":\"TCP\"}]}");
        ObjectNode config = Stage.json("{\"name\":\"nginx\",\"args\":[\"-c\"],\"resources\":{\"limits\":{\"memory\":\"1Gi\"}},"
                + "\"ports\":[{\"containerPort\":443,\"protocol\":\"TCP\"}]}");
        assertThat(merge.mergeObject(live, config)).isEqualTo(Stage.json("{\"name\":\"nginx\",\"args\":[\"-c\"],"
                + "\"resources\":{\"limits\":{\"cpu\":\"1\",\"memory\":\"1Gi\"}},"
                + "\"ports\":[{\"containerPort\":80,\"protocol\":\"TCP\"},{\"containerPort\":443,\"protocol\":\"TCP\"}]}"));
        ObjectNode unkeyed = new KeyedListMerge(java.util.Map.of()).mergeObject(live, config);
        assertThat(unkeyed.get("ports")).as("with no keyed lists, ports is atomic too").isEqualTo(config.get("ports"));
    }

    // tag::grading[]
    @Test
    @DisplayName("on the real server: the containers an apply stores are your merge of the live containers and the config's")
    void agreesWithServer(Client etcd) {
        merge.mergeList(list("[]"), list("[]"), BY_NAME); // a skeleton fails here, at once
        try (Stage stage = new Stage(etcd)) {
            String ns = stage.namespace("listmerge");
            String path = "/apis/apps/v1/namespaces/" + ns + "/deployments/web";
            stage.apply(path, "deployer", false, Deployments.web(ns, "img:1", 2)).ok();

            // The server defaults every container after the merge, as kube-apiserver does; new containers spell
            // those defaults out, so that what is compared is the merge alone.
            String defaults = ",\"resources\":{},\"terminationMessagePath\":\"/dev/termination-log\","
                    + "\"terminationMessagePolicy\":\"File\",\"imagePullPolicy\":\"IfNotPresent\"}";
            String[] injections = {
                // a new container after nginx; nginx gets a port more, a port's name, and new args (atomic: replaced)
                "[{\"name\":\"nginx\",\"args\":[\"-x\"],\"ports\":[{\"containerPort\":53,\"protocol\":\"UDP\",\"name\":\"dns\"},"
                        + "{\"containerPort\":8080,\"protocol\":\"TCP\"}]},{\"name\":\"envoy\",\"image\":\"envoy:1\"" + defaults + "]",
                // a second manager: another image for envoy (forced), a new container at the end, nginx unchanged
                "[{\"name\":\"nginx\",\"image\":\"img:1\"},{\"name\":\"envoy\",\"image\":\"envoy:2\"},"
                        + "{\"name\":\"log\",\"image\":\"fluent:1\"" + defaults + "]",
                // a third manager names log before nginx: the stored list takes that order, envoy stays first
                "[{\"name\":\"log\",\"image\":\"fluent:1\"},{\"name\":\"nginx\",\"image\":\"img:1\"}]",
            };
            for (int i = 0; i < injections.length; i++) {
                String containers = injections[i];
                ObjectNode live = stage.get(path);
                ArrayNode liveContainers = (ArrayNode) live.at("/spec/template/spec/containers");
                String config = "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"web\"},"
                        + "\"spec\":{\"template\":{\"spec\":{\"containers\":" + containers + "}}}}";
                ArrayNode yours = merge.mergeList(liveContainers, list(containers), BY_NAME);
                // A manager that never applied before: nothing is removed, the result is the merge alone.
                ObjectNode stored = stage.apply(path, "injector-" + (i + 1), true, config).ok();
                JsonNode theirs = stored.at("/spec/template/spec/containers");
                assertThat(yours).as("live %s merged with %s", liveContainers, containers).isEqualTo(theirs);
            }
        }
    }
    // end::grading[]
}
