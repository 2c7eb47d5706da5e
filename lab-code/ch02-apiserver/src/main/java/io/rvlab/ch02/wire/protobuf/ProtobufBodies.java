package io.rvlab.ch02.wire.protobuf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.LabelSelector;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the protobuf request bodies kubectl sends for built-in kinds, and turns them into the
 * same JSON a client could have sent. Only for the kinds and fields this server knows.
 *
 * <p>Why this exists: client-go's typed clients (which {@code kubectl create configmap},
 * {@code create namespace} and {@code create deployment} use) send built-in objects as
 * {@code application/vnd.kubernetes.protobuf}, and do not fall back to JSON on 415. The format:
 * the 4 bytes {@code k8s\0}, then a {@code runtime.Unknown} message whose {@code typeMeta} names
 * apiVersion and kind and whose {@code raw} holds the object's own protobuf message. Field numbers
 * come from the k8s.io/api and apimachinery {@code generated.proto} files.
 *
 * <p>Go writes every non-pointer field, even when it is empty, and JSON leaves empty ones out; so
 * zero values are dropped (unless the Go field is a pointer, where zero is a real value). A field
 * this decoder does not know is ignored if its value is empty, and otherwise refused (415): better
 * no object than one silently missing a field.
 */
public final class ProtobufBodies {

    /** The media type of Kubernetes' protobuf encoding. */
    public static final String MEDIA_TYPE = "application/vnd.kubernetes.protobuf";

    private static final byte[] MAGIC = {'k', '8', 's', 0};
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private enum Type { STRING, BYTES, BOOL, INT32, INT64, MESSAGE, TIME, MAP_STRING, MAP_BYTES, MAP_QUANTITY, STRINGS, MESSAGES, INT_OR_STRING, QUANTITY }

    private record Field(String json, Type type, Message message, boolean keepZero) {
    }

    /** A protobuf message's fields by number. */
    private static final class Message {
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

    private static final Map<String, Message> KINDS = Map.of(
            "v1/ConfigMap", CONFIG_MAP, "v1/Namespace", NAMESPACE, "apps/v1/Deployment", DEPLOYMENT);

    private ProtobufBodies() {
    }

    // tag::decode[]
    /**
     * The JSON object a protobuf body stands for.
     *
     * @throws StatusException 415 if the body is not Kubernetes protobuf of a kind and fields this
     *         server can read (the client can send JSON instead), 400 if it is malformed
     */
    public static ObjectNode toJson(byte[] body) {
        if (body.length < MAGIC.length || !Arrays.equals(Arrays.copyOf(body, 4), MAGIC)) {
            throw Status.badRequest("the protobuf body does not start with the Kubernetes magic bytes k8s\\x00").exception();
        }
        Reader unknown = new Reader(body, MAGIC.length, body.length);
        String apiVersion = "";
        String kind = "";
        byte[] raw = new byte[0];
        while (unknown.more()) {
            int tag = unknown.varint32();
            switch (tag >>> 3) {
                case 1 -> {
                    Reader typeMeta = unknown.nested();
                    while (typeMeta.more()) {
                        int t = typeMeta.varint32();
                        if (t >>> 3 == 1) {
                            apiVersion = typeMeta.string();
                        } else if (t >>> 3 == 2) {
                            kind = typeMeta.string();
                        } else {
                            typeMeta.skip(t);
                        }
                    }
                }
                case 2 -> raw = unknown.bytes();
                default -> unknown.skip(tag);
            }
        }
        Message schema = KINDS.get(apiVersion + "/" + kind);
        if (schema == null) {
            throw unsupported("this server reads protobuf only for ConfigMap, Namespace and Deployment, not "
                    + apiVersion + " " + kind);
        }
        ObjectNode object = F.objectNode();
        object.put("kind", kind);
        object.put("apiVersion", apiVersion);
        object.setAll(decode(schema, new Reader(raw, 0, raw.length)));
        ObjectMetaOrder.normalize(object);
        return object;
    }
    // end::decode[]

    private static StatusException unsupported(String why) {
        return Status.failure(415, "UnsupportedMediaType", why + "; send the object as application/json instead", null)
                .exception();
    }

    private static ObjectNode decode(Message message, Reader in) {
        ObjectNode json = F.objectNode();
        while (in.more()) {
            int tag = in.varint32();
            int number = tag >>> 3;
            Field field = message.fields.get(number);
            if (field == null) {
                if (!in.skipIfEmpty(tag)) {
                    throw unsupported("field " + number + " of " + message.name + " is not one this server can read from protobuf");
                }
                continue;
            }
            switch (field.type()) {
                case STRING -> put(json, field, in.string());
                case BYTES -> json.put(field.json(), Base64.getEncoder().encodeToString(in.bytes()));
                case BOOL -> {
                    boolean value = in.varint() != 0;
                    if (value || field.keepZero()) {
                        json.put(field.json(), value);
                    }
                }
                case INT32, INT64 -> {
                    long value = field.type() == Type.INT32 ? (int) in.varint() : in.varint();
                    if (value != 0 || field.keepZero()) {
                        json.put(field.json(), value);
                    }
                }
                case MESSAGE -> json.set(field.json(), decode(field.message(), in.nested()));
                case MESSAGES -> arrayOf(json, field).add(decode(field.message(), in.nested()));
                case STRINGS -> arrayOf(json, field).add(in.string());
                case TIME -> {
                    Reader time = in.nested();
                    long seconds = 0;
                    while (time.more()) {
                        int t = time.varint32();
                        if (t >>> 3 == 1) {
                            seconds = time.varint();
                        } else {
                            time.skip(t);
                        }
                    }
                    if (seconds != 0) {
                        json.put(field.json(), RFC3339.format(Instant.ofEpochSecond(seconds)));
                    }
                }
                case MAP_STRING, MAP_BYTES, MAP_QUANTITY -> {
                    Reader entry = in.nested();
                    String key = "";
                    String value = "";
                    while (entry.more()) {
                        int t = entry.varint32();
                        if (t >>> 3 == 1) {
                            key = entry.string();
                        } else if (t >>> 3 == 2) {
                            value = switch (field.type()) {
                                case MAP_BYTES -> Base64.getEncoder().encodeToString(entry.bytes());
                                case MAP_QUANTITY -> quantity(entry.nested());
                                default -> entry.string();
                            };
                        } else {
                            entry.skip(t);
                        }
                    }
                    ObjectNode map = json.get(field.json()) instanceof ObjectNode existing ? existing : json.putObject(field.json());
                    map.put(key, value);
                }
                case QUANTITY -> json.put(field.json(), quantity(in.nested()));
                case INT_OR_STRING -> {
                    Reader value = in.nested();
                    long type = 0;
                    long intVal = 0;
                    String strVal = "";
                    while (value.more()) {
                        int t = value.varint32();
                        switch (t >>> 3) {
                            case 1 -> type = value.varint();
                            case 2 -> intVal = (int) value.varint();
                            case 3 -> strVal = value.string();
                            default -> value.skip(t);
                        }
                    }
                    if (type == 1) {
                        json.put(field.json(), strVal);
                    } else {
                        json.put(field.json(), intVal);
                    }
                }
                default -> throw new IllegalStateException(field.type().name());
            }
        }
        return json;
    }

    private static void put(ObjectNode json, Field field, String value) {
        if (!value.isEmpty() || field.keepZero()) {
            json.put(field.json(), value);
        }
    }

    private static ArrayNode arrayOf(ObjectNode json, Field field) {
        return json.get(field.json()) instanceof ArrayNode existing ? existing : json.putArray(field.json());
    }

    private static String quantity(Reader in) {
        String value = "";
        while (in.more()) {
            int t = in.varint32();
            if (t >>> 3 == 1) {
                value = in.string();
            } else {
                in.skip(t);
            }
        }
        return value;
    }

    /** A cursor over protobuf wire format: varints and length-delimited fields. */
    private static final class Reader {
        private final byte[] data;
        private int position;
        private final int end;

        Reader(byte[] data, int from, int end) {
            this.data = data;
            this.position = from;
            this.end = end;
        }

        boolean more() {
            return position < end;
        }

        long varint() {
            long value = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                if (position >= end) {
                    throw malformed();
                }
                byte b = data[position++];
                value |= (long) (b & 0x7f) << shift;
                if ((b & 0x80) == 0) {
                    return value;
                }
            }
            throw malformed();
        }

        int varint32() {
            return (int) varint();
        }

        Reader nested() {
            int length = varint32();
            if (length < 0 || position + length > end) {
                throw malformed();
            }
            Reader nested = new Reader(data, position, position + length);
            position += length;
            return nested;
        }

        byte[] bytes() {
            Reader nested = nested();
            return Arrays.copyOfRange(data, nested.position, nested.end);
        }

        String string() {
            return new String(bytes(), StandardCharsets.UTF_8);
        }

        void skip(int tag) {
            switch (tag & 7) {
                case 0 -> varint();
                case 1 -> position += 8;
                case 2 -> nested();
                case 5 -> position += 4;
                default -> throw malformed();
            }
            if (position > end) {
                throw malformed();
            }
        }

        /** Skips a field whose value is empty (0, "" or an empty message); false if it holds something. */
        boolean skipIfEmpty(int tag) {
            int wireType = tag & 7;
            if (wireType == 0) {
                return varint() == 0;
            }
            if (wireType == 2) {
                Reader value = nested();
                return value.position == value.end;
            }
            return false;
        }

        private static StatusException malformed() {
            return Status.badRequest("the protobuf body is malformed").exception();
        }
    }

    /** The kinds this decoder reads, as apiVersion/kind. */
    public static List<String> kinds() {
        return List.copyOf(KINDS.keySet());
    }
}
