package io.rvlab.ch03.wire.openapi;

import static io.rvlab.ch03.wire.openapi.Schema.any;
import static io.rvlab.ch03.wire.openapi.Schema.bool;
import static io.rvlab.ch03.wire.openapi.Schema.int32;
import static io.rvlab.ch03.wire.openapi.Schema.int64;
import static io.rvlab.ch03.wire.openapi.Schema.intOrString;
import static io.rvlab.ch03.wire.openapi.Schema.list;
import static io.rvlab.ch03.wire.openapi.Schema.map;
import static io.rvlab.ch03.wire.openapi.Schema.ref;
import static io.rvlab.ch03.wire.openapi.Schema.string;
import static io.rvlab.ch03.wire.openapi.Schema.struct;
import static io.rvlab.ch03.wire.openapi.Schema.time;

import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch03.registry.ServedTypes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The named schemas of the kinds this server serves, under Kubernetes' definition names
 * ({@code io.k8s.api.core.v1.ConfigMap}), with the fields of Kubernetes 1.26 (the version the server
 * reports). Structs the course never looks into (volumes, probes, affinity, resources, ...) are
 * {@link Schema#any}: stored as sent and not checked field by field, so strict validation can miss a
 * typo there, but never rejects a valid field. Merge keys are those of the Go types' {@code
 * patchMergeKey} tags.
 */
public final class Definitions {

    public static final String OBJECT_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta";
    public static final String LIST_META = "io.k8s.apimachinery.pkg.apis.meta.v1.ListMeta";
    public static final String STATUS = "io.k8s.apimachinery.pkg.apis.meta.v1.Status";
    public static final String DELETE_OPTIONS = "io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions";
    public static final String PATCH = "io.k8s.apimachinery.pkg.apis.meta.v1.Patch";

    private static final String META = "io.k8s.apimachinery.pkg.apis.meta.v1.";
    private static final String CORE = "io.k8s.api.core.v1.";
    private static final String APPS = "io.k8s.api.apps.v1.";

    private static final Map<String, Schema> ALL = new LinkedHashMap<>();

    static {
        // tag::object-meta[]
        define(OBJECT_META, struct("ObjectMeta")
                .field("name", string())
                .field("generateName", string())
                .field("namespace", string())
                .field("selfLink", string())
                .field("uid", string())
                .field("resourceVersion", string())
                .field("generation", int64())
                .field("creationTimestamp", time())
                .field("deletionTimestamp", time())
                .field("deletionGracePeriodSeconds", int64())
                .field("labels", map(string()))
                .field("annotations", map(string()))
                .field("ownerReferences", list(ref(META + "OwnerReference")).mergeKey("uid"))
                .field("finalizers", list(string()).mergePrimitives())
                .field("managedFields", list(ref(META + "ManagedFieldsEntry"))));
        // end::object-meta[]
        define(META + "OwnerReference", struct("OwnerReference")
                .field("apiVersion", string())
                .field("kind", string())
                .field("name", string())
                .field("uid", string())
                .field("controller", bool())
                .field("blockOwnerDeletion", bool()));
        define(META + "ManagedFieldsEntry", struct("ManagedFieldsEntry")
                .field("manager", string())
                .field("operation", string())
                .field("apiVersion", string())
                .field("time", time())
                .field("fieldsType", string())
                .field("fieldsV1", any("FieldsV1"))
                .field("subresource", string()));
        define(LIST_META, struct("ListMeta")
                .field("selfLink", string())
                .field("resourceVersion", string())
                .field("continue", string())
                .field("remainingItemCount", int64()));
        define(META + "LabelSelector", struct("LabelSelector")
                .field("matchLabels", map(string()))
                .field("matchExpressions", list(ref(META + "LabelSelectorRequirement"))));
        define(META + "LabelSelectorRequirement", struct("LabelSelectorRequirement")
                .field("key", string())
                .field("operator", string())
                .field("values", list(string())));
        define(STATUS, typeMeta(struct("Status"))
                .field("metadata", ref(LIST_META))
                .field("status", string())
                .field("message", string())
                .field("reason", string())
                .field("details", ref(META + "StatusDetails"))
                .field("code", int32())
                .kind("", "v1", "Status"));
        define(META + "StatusDetails", struct("StatusDetails")
                .field("name", string())
                .field("group", string())
                .field("kind", string())
                .field("uid", string())
                .field("causes", list(ref(META + "StatusCause")))
                .field("retryAfterSeconds", int32()));
        define(META + "StatusCause", struct("StatusCause")
                .field("reason", string())
                .field("message", string())
                .field("field", string()));
        define(DELETE_OPTIONS, typeMeta(struct("DeleteOptions"))
                .field("gracePeriodSeconds", int64())
                .field("preconditions", ref(META + "Preconditions"))
                .field("orphanDependents", bool())
                .field("propagationPolicy", string())
                .field("dryRun", list(string()))
                .kind("", "v1", "DeleteOptions"));
        define(META + "Preconditions", struct("Preconditions")
                .field("uid", string())
                .field("resourceVersion", string()));
        define(PATCH, struct("Patch").description("a patch: its format is the request's Content-Type"));

        define(CORE + "Namespace", object("Namespace", "", "v1")
                .field("spec", ref(CORE + "NamespaceSpec"))
                .field("status", ref(CORE + "NamespaceStatus")));
        define(CORE + "NamespaceSpec", struct("NamespaceSpec")
                .field("finalizers", list(string())));
        define(CORE + "NamespaceStatus", struct("NamespaceStatus")
                .field("phase", string())
                .field("conditions", list(ref(CORE + "NamespaceCondition")).mergeKey("type")));
        define(CORE + "NamespaceCondition", struct("NamespaceCondition")
                .field("type", string())
                .field("status", string())
                .field("lastTransitionTime", time())
                .field("reason", string())
                .field("message", string()));

        // tag::configmap[]
        define(CORE + "ConfigMap", object("ConfigMap", "", "v1")
                .field("immutable", bool())
                .field("data", map(string()))
                .field("binaryData", map(Schema.bytes())));
        // end::configmap[]

        define(APPS + "Deployment", object("Deployment", "apps", "v1")
                .field("spec", ref(APPS + "DeploymentSpec"))
                .field("status", ref(APPS + "DeploymentStatus")));
        define(APPS + "DeploymentSpec", struct("DeploymentSpec")
                .field("replicas", int32())
                .field("selector", ref(META + "LabelSelector"))
                .field("template", ref(CORE + "PodTemplateSpec"))
                .field("strategy", ref(APPS + "DeploymentStrategy"))
                .field("minReadySeconds", int32())
                .field("revisionHistoryLimit", int32())
                .field("paused", bool())
                .field("progressDeadlineSeconds", int32()));
        define(APPS + "DeploymentStrategy", struct("DeploymentStrategy")
                .field("type", string())
                .field("rollingUpdate", ref(APPS + "RollingUpdateDeployment")));
        define(APPS + "RollingUpdateDeployment", struct("RollingUpdateDeployment")
                .field("maxUnavailable", intOrString())
                .field("maxSurge", intOrString()));
        define(APPS + "DeploymentStatus", struct("DeploymentStatus")
                .field("observedGeneration", int64())
                .field("replicas", int32())
                .field("updatedReplicas", int32())
                .field("readyReplicas", int32())
                .field("availableReplicas", int32())
                .field("unavailableReplicas", int32())
                .field("conditions", list(ref(APPS + "DeploymentCondition")).mergeKey("type"))
                .field("collisionCount", int32()));
        define(APPS + "DeploymentCondition", struct("DeploymentCondition")
                .field("type", string())
                .field("status", string())
                .field("lastUpdateTime", time())
                .field("lastTransitionTime", time())
                .field("reason", string())
                .field("message", string()));
        define(CORE + "PodTemplateSpec", struct("PodTemplateSpec")
                .field("metadata", ref(OBJECT_META))
                .field("spec", ref(CORE + "PodSpec")));
        // tag::pod-spec[]
        define(CORE + "PodSpec", struct("PodSpec")
                .field("volumes", list(any("Volume")).mergeKey("name"))
                .field("initContainers", list(ref(CORE + "Container")).mergeKey("name"))
                .field("containers", list(ref(CORE + "Container")).mergeKey("name"))
                .field("ephemeralContainers", list(any("EphemeralContainer")).mergeKey("name"))
                .field("restartPolicy", string())
                .field("terminationGracePeriodSeconds", int64())
                .field("activeDeadlineSeconds", int64())
                .field("dnsPolicy", string())
                .field("nodeSelector", map(string()))
                .field("serviceAccountName", string())
                .field("serviceAccount", string())
                .field("automountServiceAccountToken", bool())
                .field("nodeName", string())
                .field("hostNetwork", bool())
                .field("hostPID", bool())
                .field("hostIPC", bool())
                .field("shareProcessNamespace", bool())
                .field("securityContext", any("PodSecurityContext"))
                .field("imagePullSecrets", list(any("LocalObjectReference")).mergeKey("name"))
                .field("hostname", string())
                .field("subdomain", string())
                .field("affinity", any("Affinity"))
                .field("schedulerName", string())
                .field("tolerations", list(any("Toleration")))
                .field("hostAliases", list(any("HostAlias")).mergeKey("ip"))
                .field("priorityClassName", string())
                .field("priority", int32())
                .field("dnsConfig", any("PodDNSConfig"))
                .field("readinessGates", list(any("PodReadinessGate")))
                .field("runtimeClassName", string())
                .field("enableServiceLinks", bool())
                .field("preemptionPolicy", string())
                .field("overhead", any("ResourceList"))
                .field("topologySpreadConstraints", list(any("TopologySpreadConstraint")).mergeKey("topologyKey"))
                .field("setHostnameAsFQDN", bool())
                .field("os", any("PodOS"))
                .field("hostUsers", bool())
                .field("schedulingGates", list(any("PodSchedulingGate")).mergeKey("name"))
                .field("resourceClaims", list(any("PodResourceClaim")).mergeKey("name")));
        define(CORE + "Container", struct("Container")
                .field("name", string())
                .field("image", string())
                .field("command", list(string()))
                .field("args", list(string()))
                .field("workingDir", string())
                .field("ports", list(ref(CORE + "ContainerPort")).mergeKey("containerPort"))
                .field("envFrom", list(any("EnvFromSource")))
                .field("env", list(ref(CORE + "EnvVar")).mergeKey("name"))
                .field("resources", any("ResourceRequirements"))
                .field("volumeMounts", list(any("VolumeMount")).mergeKey("mountPath"))
                .field("volumeDevices", list(any("VolumeDevice")).mergeKey("devicePath"))
                .field("livenessProbe", any("Probe"))
                .field("readinessProbe", any("Probe"))
                .field("startupProbe", any("Probe"))
                .field("lifecycle", any("Lifecycle"))
                .field("terminationMessagePath", string())
                .field("terminationMessagePolicy", string())
                .field("imagePullPolicy", string())
                .field("securityContext", any("SecurityContext"))
                .field("stdin", bool())
                .field("stdinOnce", bool())
                .field("tty", bool()));
        // end::pod-spec[]
        define(CORE + "ContainerPort", struct("ContainerPort")
                .field("name", string())
                .field("hostPort", int32())
                .field("containerPort", int32())
                .field("protocol", string())
                .field("hostIP", string()));
        define(CORE + "EnvVar", struct("EnvVar")
                .field("name", string())
                .field("value", string())
                .field("valueFrom", any("EnvVarSource")));

        // tag::foo[]
        // A custom resource: what its CustomResourceDefinition's schema would say.
        define("io.rvlab.v1.Foo", object("Foo", "rvlab.io", "v1")
                .field("spec", ref("io.rvlab.v1.FooSpec"))
                .field("status", any("FooStatus")));
        define("io.rvlab.v1.FooSpec", struct("FooSpec")
                .field("bar", string())
                .field("baz", string()));
        // end::foo[]

        for (ResourceType type : ServedTypes.ALL) {
            String name = definitionOf(type);
            define(name + "List", typeMeta(struct(type.listKind()))
                    .field("metadata", ref(LIST_META))
                    .field("items", list(ref(name)))
                    .kind(type.group(), type.version(), type.listKind()));
        }
    }

    private Definitions() {
    }

    /**
     * The definition of a served kind: {@code io.k8s.api.apps.v1.Deployment} for a built-in kind;
     * for a custom resource, whose group is a domain, the group reversed, as kube-apiserver names
     * a CustomResourceDefinition's schemas: {@code io.rvlab.v1.Foo}.
     */
    public static String definitionOf(ResourceType type) {
        if (type.group().contains(".")) {
            List<String> parts = new ArrayList<>(List.of(type.group().split("\\.")));
            Collections.reverse(parts);
            return String.join(".", parts) + "." + type.version() + "." + type.kind();
        }
        String group = type.group().isEmpty() ? "core" : type.group();
        return "io.k8s.api." + group + "." + type.version() + "." + type.kind();
    }

    /** The schema of a served kind. */
    public static Schema of(ResourceType type) {
        return get(definitionOf(type));
    }

    /** A named definition; references inside schemas are resolved through this. */
    public static Schema get(String name) {
        Schema schema = ALL.get(name);
        if (schema == null) {
            throw new IllegalArgumentException("no definition " + name);
        }
        return schema;
    }

    /** Follows references until a schema that is not one. */
    public static Schema resolve(Schema schema) {
        Schema current = schema;
        while (current != null && current.type() == Schema.Type.REF) {
            current = get(current.ref());
        }
        return current;
    }

    /** {@code names} and every definition they reference, directly or not, in definition order. */
    public static Map<String, Schema> closure(Set<String> names) {
        Set<String> seen = new LinkedHashSet<>();
        names.forEach(name -> collect(get(name), name, seen));
        Map<String, Schema> result = new LinkedHashMap<>();
        ALL.forEach((name, schema) -> {
            if (seen.contains(name)) {
                result.put(name, schema);
            }
        });
        return Collections.unmodifiableMap(result);
    }

    private static void collect(Schema schema, String name, Set<String> seen) {
        if (name != null && !seen.add(name)) {
            return;
        }
        if (schema.type() == Schema.Type.REF) {
            collect(get(schema.ref()), schema.ref(), seen);
        }
        if (schema.elements() != null) {
            collect(schema.elements(), null, seen);
        }
        schema.fields().values().forEach(field -> collect(field, null, seen));
    }

    private static Schema typeMeta(Schema struct) {
        return struct.field("kind", string()).field("apiVersion", string());
    }

    private static Schema object(String kind, String group, String version) {
        return typeMeta(struct(kind)).field("metadata", ref(OBJECT_META)).kind(group, version, kind);
    }

    private static void define(String name, Schema schema) {
        ALL.put(name, schema);
    }
}
