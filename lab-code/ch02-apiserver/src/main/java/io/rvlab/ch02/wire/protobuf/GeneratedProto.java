package io.rvlab.ch02.wire.protobuf;

import java.util.HashMap;
import java.util.Map;

/**
 * The protobuf messages of the kinds this server reads, with the field numbers and JSON names of the
 * fields it knows: a data table, copied from k8s.io/api and k8s.io/apimachinery {@code generated.proto}
 * (core/v1, apps/v1, meta/v1). A field's number is what goes on the wire; its JSON name is what the
 * decoded object gets; a Go pointer field keeps its zero value, since there zero is a choice.
 */
final class GeneratedProto {

    private GeneratedProto() {
    }

    enum Type { STRING, BYTES, BOOL, INT32, INT64, MESSAGE, TIME, MAP_STRING, MAP_BYTES, MAP_QUANTITY, STRINGS, MESSAGES, INT_OR_STRING, QUANTITY }

    record Field(String json, Type type, Message message, boolean keepZero) {
    }

    /** A protobuf message's fields by number. */
    static final class Message {
        final String name;
        final Map<Integer, Field> fields = new HashMap<>();

        Message(String name) {
            this.name = name;
        }

        Message f(int number, String json, Type type) {
            fields.put(number, new Field(json, type, null, false));
            return this;
        }

        /** A pointer field in Go: zero is a value the client chose, not an absence. */
        Message p(int number, String json, Type type) {
            fields.put(number, new Field(json, type, null, true));
            return this;
        }

        Message m(int number, String json, Message message) {
            fields.put(number, new Field(json, Type.MESSAGE, message, true));
            return this;
        }

        Message ms(int number, String json, Message message) {
            fields.put(number, new Field(json, Type.MESSAGES, message, false));
            return this;
        }
    }

    // Field numbers from k8s.io/apimachinery and k8s.io/api generated.proto.
    private static final Message OWNER_REFERENCE = new Message("OwnerReference")
            .f(5, "apiVersion", Type.STRING).f(1, "kind", Type.STRING).f(3, "name", Type.STRING).f(4, "uid", Type.STRING)
            .p(6, "controller", Type.BOOL).p(7, "blockOwnerDeletion", Type.BOOL);
    private static final Message OBJECT_META = new Message("ObjectMeta")
            .f(1, "name", Type.STRING).f(2, "generateName", Type.STRING).f(3, "namespace", Type.STRING)
            .f(4, "selfLink", Type.STRING).f(5, "uid", Type.STRING).f(6, "resourceVersion", Type.STRING)
            .f(7, "generation", Type.INT64).f(8, "creationTimestamp", Type.TIME).f(9, "deletionTimestamp", Type.TIME)
            .p(10, "deletionGracePeriodSeconds", Type.INT64).f(11, "labels", Type.MAP_STRING)
            .f(12, "annotations", Type.MAP_STRING).ms(13, "ownerReferences", OWNER_REFERENCE)
            .f(14, "finalizers", Type.STRINGS);
    private static final Message CONFIG_MAP = new Message("ConfigMap")
            .m(1, "metadata", OBJECT_META).p(4, "immutable", Type.BOOL).f(2, "data", Type.MAP_STRING)
            .f(3, "binaryData", Type.MAP_BYTES);
    private static final Message NAMESPACE = new Message("Namespace")
            .m(1, "metadata", OBJECT_META)
            .m(2, "spec", new Message("NamespaceSpec").f(1, "finalizers", Type.STRINGS))
            .m(3, "status", new Message("NamespaceStatus").f(1, "phase", Type.STRING));
    private static final Message LABEL_SELECTOR = new Message("LabelSelector")
            .f(1, "matchLabels", Type.MAP_STRING)
            .ms(2, "matchExpressions", new Message("LabelSelectorRequirement")
                    .f(1, "key", Type.STRING).f(2, "operator", Type.STRING).f(3, "values", Type.STRINGS));
    private static final Message CONTAINER = new Message("Container")
            .f(1, "name", Type.STRING).f(2, "image", Type.STRING).f(3, "command", Type.STRINGS)
            .f(4, "args", Type.STRINGS).f(5, "workingDir", Type.STRING)
            .ms(6, "ports", new Message("ContainerPort").f(1, "name", Type.STRING).f(2, "hostPort", Type.INT32)
                    .f(3, "containerPort", Type.INT32).f(4, "protocol", Type.STRING).f(5, "hostIP", Type.STRING))
            .ms(7, "env", new Message("EnvVar").f(1, "name", Type.STRING).f(2, "value", Type.STRING))
            .m(8, "resources", new Message("ResourceRequirements").f(1, "limits", Type.MAP_QUANTITY)
                    .f(2, "requests", Type.MAP_QUANTITY))
            .f(13, "terminationMessagePath", Type.STRING).f(20, "terminationMessagePolicy", Type.STRING)
            .f(14, "imagePullPolicy", Type.STRING).f(16, "stdin", Type.BOOL).f(17, "stdinOnce", Type.BOOL)
            .f(18, "tty", Type.BOOL);
    private static final Message POD_SPEC = new Message("PodSpec")
            .ms(20, "initContainers", CONTAINER).ms(2, "containers", CONTAINER).f(3, "restartPolicy", Type.STRING)
            .p(4, "terminationGracePeriodSeconds", Type.INT64).f(6, "dnsPolicy", Type.STRING)
            .f(7, "nodeSelector", Type.MAP_STRING).f(8, "serviceAccountName", Type.STRING)
            .f(10, "nodeName", Type.STRING).f(16, "hostname", Type.STRING).f(19, "schedulerName", Type.STRING);
    private static final Message DEPLOYMENT = new Message("Deployment")
            .m(1, "metadata", OBJECT_META)
            .m(2, "spec", new Message("DeploymentSpec")
                    .p(1, "replicas", Type.INT32).m(2, "selector", LABEL_SELECTOR)
                    .m(3, "template", new Message("PodTemplateSpec").m(1, "metadata", OBJECT_META).m(2, "spec", POD_SPEC))
                    .m(4, "strategy", new Message("DeploymentStrategy").f(1, "type", Type.STRING)
                            .m(2, "rollingUpdate", new Message("RollingUpdateDeployment")
                                    .f(1, "maxUnavailable", Type.INT_OR_STRING).f(2, "maxSurge", Type.INT_OR_STRING)))
                    .f(5, "minReadySeconds", Type.INT32).p(6, "revisionHistoryLimit", Type.INT32)
                    .f(7, "paused", Type.BOOL).p(9, "progressDeadlineSeconds", Type.INT32))
            .m(3, "status", new Message("DeploymentStatus").f(1, "observedGeneration", Type.INT64)
                    .f(2, "replicas", Type.INT32).f(3, "updatedReplicas", Type.INT32).f(7, "readyReplicas", Type.INT32)
                    .f(4, "availableReplicas", Type.INT32).f(5, "unavailableReplicas", Type.INT32));

    static final Map<String, Message> KINDS = Map.of(
            "v1/ConfigMap", CONFIG_MAP, "v1/Namespace", NAMESPACE, "apps/v1/Deployment", DEPLOYMENT);
}
