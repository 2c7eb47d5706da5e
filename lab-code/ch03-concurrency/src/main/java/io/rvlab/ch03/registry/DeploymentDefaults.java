package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.wire.openapi.Definitions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fields kube-apiserver fills into an apps/v1 Deployment the client left out: apps/v1 {@code
 * SetDefaults_Deployment} and the core/v1 defaults of its pod template ({@code SetDefaults_PodSpec},
 * {@code SetDefaults_Container}, {@code SetDefaults_ContainerPort}). Kubernetes applies them while it
 * decodes, to every body (create, update, the result of a patch) and to every object it reads from
 * etcd, so a PUT that leaves out a defaulted field sends the same spec as one that repeats it, and
 * does not move {@code metadata.generation} (golden h.1: what a create without them returns).
 *
 * <p>Also what Go's encoder always writes for a struct: the template's {@code metadata} with {@code
 * creationTimestamp: null}, each container's {@code resources: {}}; and the fields it touches in the
 * order of the Go structs. The defaults of the parts this server stores without describing them
 * (probes, volumes, lifecycle handlers, env sources) are not filled in. Unlike 1.26, {@code
 * hostNetwork} does not default container ports' {@code hostPort} in a template: Kubernetes 1.28
 * moved that to Pods only (kubernetes#117696).
 */
public final class DeploymentDefaults {

    private static final String APPS = "io.k8s.api.apps.v1.";
    private static final String CORE = "io.k8s.api.core.v1.";

    private DeploymentDefaults() {
    }

    // tag::defaults[]
    /** Fills in the defaults of {@code deployment} in place. */
    public static void apply(ObjectNode deployment) {
        ObjectNode spec = struct(deployment, "spec");
        setIfNull(spec, "replicas", 1);
        ObjectNode strategy = struct(spec, "strategy");
        if (strategy.path("type").asText("").isEmpty()) {
            strategy.put("type", "RollingUpdate");
        }
        if (strategy.path("type").asText().equals("RollingUpdate")) {
            ObjectNode rollingUpdate = struct(strategy, "rollingUpdate");
            setIfNull(rollingUpdate, "maxUnavailable", "25%");
            setIfNull(rollingUpdate, "maxSurge", "25%");
            inGoOrder(rollingUpdate, APPS + "RollingUpdateDeployment");
        }
        inGoOrder(strategy, APPS + "DeploymentStrategy");
        setIfNull(spec, "revisionHistoryLimit", 10);
        setIfNull(spec, "progressDeadlineSeconds", 600);
        podTemplate(struct(spec, "template"));
        inGoOrder(spec, APPS + "DeploymentSpec");
        inGoOrder(deployment, APPS + "Deployment");
    }

    private static void podTemplate(ObjectNode template) {
        ObjectNode metadata = struct(template, "metadata");
        if (!metadata.has("creationTimestamp")) {
            metadata.putNull("creationTimestamp"); // Go writes a zero metav1.Time as null
        }
        inGoOrder(metadata, Definitions.OBJECT_META);
        ObjectNode pod = struct(template, "spec");
        setIfEmpty(pod, "restartPolicy", "Always");
        setIfNull(pod, "terminationGracePeriodSeconds", 30);
        setIfEmpty(pod, "dnsPolicy", "ClusterFirst");
        if (isNull(pod.get("securityContext"))) {
            pod.putObject("securityContext");
        }
        setIfEmpty(pod, "schedulerName", "default-scheduler");
        for (String list : List.of("initContainers", "containers")) {
            for (JsonNode container : pod.path(list)) {
                if (container instanceof ObjectNode c) {
                    container(c);
                }
            }
        }
        inGoOrder(pod, CORE + "PodSpec");
        inGoOrder(template, CORE + "PodTemplateSpec");
    }

    private static void container(ObjectNode container) {
        for (JsonNode port : container.path("ports")) {
            if (port instanceof ObjectNode p) {
                setIfEmpty(p, "protocol", "TCP");
                inGoOrder(p, CORE + "ContainerPort");
            }
        }
        if (isNull(container.get("resources"))) {
            container.putObject("resources"); // a struct, never omitted
        }
        setIfEmpty(container, "terminationMessagePath", "/dev/termination-log");
        setIfEmpty(container, "terminationMessagePolicy", "File");
        setIfEmpty(container, "imagePullPolicy", ImagePullPolicy.defaultFor(container.path("image").asText("")));
        inGoOrder(container, CORE + "Container");
    }
    // end::defaults[]

    /** A struct field (created if absent or null), as Go's decoder leaves a struct that is not a pointer. */
    private static ObjectNode struct(ObjectNode parent, String field) {
        if (parent.get(field) instanceof ObjectNode object) {
            return object;
        }
        return parent.putObject(field);
    }

    /** A pointer field: defaulted when absent or null. */
    private static void setIfNull(ObjectNode node, String field, Object value) {
        if (isNull(node.get(field))) {
            if (value instanceof Integer number) {
                node.put(field, number);
            } else {
                node.put(field, (String) value);
            }
        }
    }

    /** A string field: defaulted when absent, null or "" (Go cannot tell them apart). */
    private static void setIfEmpty(ObjectNode node, String field, String value) {
        if (node.path(field).asText("").isEmpty()) {
            node.put(field, value);
        }
    }

    private static boolean isNull(JsonNode value) {
        return value == null || value.isNull();
    }

    /** The struct's fields in the Go struct's order, as Go writes them; fields it does not have keep theirs, after. */
    private static void inGoOrder(ObjectNode struct, String definition) {
        Map<String, JsonNode> known = new LinkedHashMap<>();
        List<Map.Entry<String, JsonNode>> others = new ArrayList<>();
        Map<String, ?> fields = Definitions.get(definition).fields();
        struct.properties().forEach(field -> {
            if (fields.containsKey(field.getKey())) {
                known.put(field.getKey(), field.getValue());
            } else {
                others.add(Map.entry(field.getKey(), field.getValue()));
            }
        });
        struct.removeAll();
        fields.keySet().stream().filter(known::containsKey).forEach(name -> struct.set(name, known.get(name)));
        others.forEach(field -> struct.set(field.getKey(), field.getValue()));
    }
}
