package io.rvlab.ch02.wire.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.api.StatusException;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The protobuf bodies kubectl sends, written here by hand with the field numbers of k8s.io/api's
 * generated.proto (KubectlTest checks the real thing).
 */
@DisplayName("ProtobufBodies: kubectl's protobuf request bodies as JSON")
class ProtobufBodiesTest {

    /** A minimal protobuf writer for the test's messages. */
    private static final class Pb {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Pb varint(int field, long value) {
            tag(field, 0);
            raw(value);
            return this;
        }

        Pb string(int field, String value) {
            return bytes(field, value.getBytes(StandardCharsets.UTF_8));
        }

        Pb message(int field, Pb message) {
            return bytes(field, message.out.toByteArray());
        }

        Pb bytes(int field, byte[] value) {
            tag(field, 2);
            raw(value.length);
            out.writeBytes(value);
            return this;
        }

        private void tag(int field, int wireType) {
            raw(((long) field << 3) | wireType);
        }

        private void raw(long value) {
            while ((value & ~0x7fL) != 0) {
                out.write((int) ((value & 0x7f) | 0x80));
                value >>>= 7;
            }
            out.write((int) value);
        }

        byte[] envelope(String apiVersion, String kind) {
            Pb unknown = new Pb().message(1, new Pb().string(1, apiVersion).string(2, kind)).bytes(2, out.toByteArray())
                    .string(3, "").string(4, "");
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            all.writeBytes(new byte[] {'k', '8', 's', 0});
            all.writeBytes(unknown.out.toByteArray());
            return all.toByteArray();
        }
    }

    /** ObjectMeta as Go writes it: every non-pointer field, even empty ones. */
    private static Pb meta(String name) {
        return new Pb().string(1, name).string(2, "").string(3, "").string(4, "").string(5, "").string(6, "")
                .varint(7, 0).message(8, new Pb());
    }

    @Test
    @DisplayName("kubectl create configmap: a ConfigMap with data; Go's empty fields are dropped")
    void configMap() {
        Pb cm = new Pb().message(1, meta("x").message(11, new Pb().string(1, "app").string(2, "demo")))
                .message(2, new Pb().string(1, "a").string(2, "b"))
                .message(2, new Pb().string(1, "c").string(2, "d"));
        assertThat(ProtobufBodies.toJson(cm.envelope("v1", "ConfigMap")).toString()).isEqualTo(
                "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"x\",\"labels\":{\"app\":\"demo\"}},"
                        + "\"data\":{\"a\":\"b\",\"c\":\"d\"}}");
    }

    @Test
    @DisplayName("kubectl create deployment: replicas 0 is kept (a pointer in Go), the pod template and IntOrString decode")
    void deployment() {
        Pb container = new Pb().string(1, "nginx").string(2, "nginx").message(8, new Pb()).string(14, "");
        Pb podSpec = new Pb().message(2, container).string(3, "").string(6, "");
        Pb template = new Pb().message(1, meta("")).message(2, podSpec);
        Pb rolling = new Pb().message(1, new Pb().varint(1, 1).varint(2, 0).string(3, "25%"))
                .message(2, new Pb().varint(1, 0).varint(2, 2).string(3, ""));
        Pb spec = new Pb().varint(1, 0).message(2, new Pb().message(1, new Pb().string(1, "app").string(2, "web")))
                .message(3, template).message(4, new Pb().string(1, "RollingUpdate").message(2, rolling));
        Pb deployment = new Pb().message(1, meta("web")).message(2, spec).message(3, new Pb().varint(1, 0).varint(2, 0));
        assertThat(ProtobufBodies.toJson(deployment.envelope("apps/v1", "Deployment")).toString()).isEqualTo(
                "{\"kind\":\"Deployment\",\"apiVersion\":\"apps/v1\",\"metadata\":{\"name\":\"web\"},\"spec\":{\"replicas\":0,"
                        + "\"selector\":{\"matchLabels\":{\"app\":\"web\"}},\"template\":{\"metadata\":{},\"spec\":{\"containers\":"
                        + "[{\"name\":\"nginx\",\"image\":\"nginx\",\"resources\":{}}]}},\"strategy\":{\"type\":\"RollingUpdate\","
                        + "\"rollingUpdate\":{\"maxUnavailable\":\"25%\",\"maxSurge\":2}}},\"status\":{}}");
    }

    @Test
    @DisplayName("a kind or a non-empty field this server cannot read is refused with 415, not silently dropped")
    void refusals() {
        assertThatThrownBy(() -> ProtobufBodies.toJson(new Pb().message(1, meta("p")).envelope("v1", "Pod")))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(415))
                .hasMessageContaining("send the object as application/json instead");
        Pb withUnknown = new Pb().message(1, meta("x")).string(99, "surprise");
        assertThatThrownBy(() -> ProtobufBodies.toJson(withUnknown.envelope("v1", "ConfigMap")))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(415))
                .hasMessageContaining("field 99 of ConfigMap");
        assertThatThrownBy(() -> ProtobufBodies.toJson("{}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(400));
        byte[] truncated = new Pb().message(1, meta("x")).envelope("v1", "ConfigMap");
        assertThatThrownBy(() -> ProtobufBodies.toJson(java.util.Arrays.copyOf(truncated, truncated.length - 3)))
                .isInstanceOfSatisfying(StatusException.class, e -> assertThat(e.status().code()).isEqualTo(400));
    }
}
