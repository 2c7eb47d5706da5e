package io.rvlab.ch03.wire.openapi;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.wire.discovery.Discovery;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code /openapi/v2}: a minimal, valid Swagger 2.0 document (no paths, no definitions). kubectl
 * 1.27 and 1.28 download it before every {@code create -f} or {@code replace -f}, as protobuf
 * (gnostic's {@code openapi.v2.Document}), and fail if it is missing; what they then look up is in
 * the v3 documents ({@link OpenApiV3}), which describe this server's kinds. Newer kubectl versions
 * fetch v2 only if v3 is missing.
 */
public final class OpenApiV2 {

    /** The media type kubectl asks for (the form with '@' is older, and not a valid media type). */
    public static final String PROTOBUF = "application/com.github.proto-openapi.spec.v2.v1.0+protobuf";
    public static final String PROTOBUF_DEPRECATED = "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";

    /** Whether the client asked for protobuf (a simplification: the first type it names that this server has wins). */
    public static boolean wantsProtobuf(String accept) {
        int protobuf = Math.max(accept.indexOf(PROTOBUF), accept.indexOf(PROTOBUF_DEPRECATED));
        int json = accept.indexOf("application/json");
        return protobuf >= 0 && (json < 0 || protobuf < json);
    }

    private OpenApiV2() {
    }

    /** The document as JSON (for curl). */
    public static ObjectNode json() {
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put("swagger", "2.0");
        ObjectNode info = document.putObject("info");
        info.put("title", "Kubernetes");
        info.put("version", Discovery.GIT_VERSION);
        document.putObject("paths");
        return document;
    }

    // tag::protobuf[]
    /**
     * The same document in protobuf: Document{swagger = 1, info = 2 {title = 1, version = 2},
     * paths = 8 (empty)}, each field a tag byte, a length and the bytes.
     */
    public static byte[] protobuf() {
        ByteArrayOutputStream info = new ByteArrayOutputStream();
        field(info, 1, "Kubernetes".getBytes(StandardCharsets.UTF_8));
        field(info, 2, Discovery.GIT_VERSION.getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream document = new ByteArrayOutputStream();
        field(document, 1, "2.0".getBytes(StandardCharsets.UTF_8));
        field(document, 2, info.toByteArray());
        field(document, 8, new byte[0]);
        return document.toByteArray();
    }

    /** A length-delimited field (wire type 2); the lengths here are all below 128, one byte each. */
    private static void field(ByteArrayOutputStream out, int number, byte[] value) {
        out.write(number << 3 | 2);
        out.write(value.length);
        out.writeBytes(value);
    }
    // end::protobuf[]
}
