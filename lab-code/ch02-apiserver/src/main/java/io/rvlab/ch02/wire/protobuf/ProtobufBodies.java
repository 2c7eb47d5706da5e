package io.rvlab.ch02.wire.protobuf;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import io.rvlab.ch02.wire.protobuf.GeneratedProto.Field;
import io.rvlab.ch02.wire.protobuf.GeneratedProto.Message;
import io.rvlab.ch02.wire.protobuf.GeneratedProto.Type;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;

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
 * no object than one silently missing a field. The messages and their field numbers are {@link
 * GeneratedProto}'s; the wire format is read by {@link WireReader}.
 */
public final class ProtobufBodies {

    /** The media type of Kubernetes' protobuf encoding. */
    public static final String MEDIA_TYPE = "application/vnd.kubernetes.protobuf";

    private static final byte[] MAGIC = {'k', '8', 's', 0};
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final DateTimeFormatter RFC3339 = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

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
        WireReader unknown = new WireReader(body, MAGIC.length, body.length);
        String apiVersion = "";
        String kind = "";
        byte[] raw = new byte[0];
        while (unknown.more()) {
            int tag = unknown.varint32();
            switch (tag >>> 3) {
                case 1 -> {
                    WireReader typeMeta = unknown.nested();
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
        Message schema = GeneratedProto.KINDS.get(apiVersion + "/" + kind);
        if (schema == null) {
            throw unsupported("this server reads protobuf only for ConfigMap, Namespace and Deployment, not "
                    + apiVersion + " " + kind);
        }
        ObjectNode object = F.objectNode();
        object.put("kind", kind);
        object.put("apiVersion", apiVersion);
        object.setAll(decode(schema, new WireReader(raw, 0, raw.length)));
        ObjectMetaOrder.normalize(object);
        return object;
    }
    // end::decode[]

    private static StatusException unsupported(String why) {
        return Status.failure(415, "UnsupportedMediaType", why + "; send the object as application/json instead", null)
                .exception();
    }

    private static ObjectNode decode(Message message, WireReader in) {
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
                    WireReader time = in.nested();
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
                    WireReader entry = in.nested();
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
                    WireReader value = in.nested();
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

    private static String quantity(WireReader in) {
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

    /** The kinds this decoder reads, as apiVersion/kind. */
    public static List<String> kinds() {
        return List.copyOf(GeneratedProto.KINDS.keySet());
    }
}
