package io.rvlab.exercises.ch02;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Reference answer to exercise 2.4: continue tokens.
 *
 * <p>The JSON is written by hand, the way Go's {@code json.Marshal} writes it (field order,
 * lower-case hexadecimal escapes, {@code <>&} escaped), so the token is byte for byte the one
 * kube-apiserver sends for any key. It is read with Jackson, which is stricter about nothing Go
 * accepts except one thing: {@code java.util.Base64}'s URL decoder also accepts '=' padding, which
 * RawURLEncoding refuses.
 */
public final class ContinueTokens {

    private ContinueTokens() {
    }

    public record Position(long resourceVersion, String startKey) {
    }

    private static final String VERSION = "meta.k8s.io/v1";
    private static final String INVALID = "continue key is not valid";
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    public static String encode(String lastKey, String keyPrefix, long resourceVersion) {
        String nextKey = lastKey + "\u0000"; // the smallest key after lastKey
        if (!nextKey.startsWith(keyPrefix)) {
            throw new IllegalArgumentException("unable to encode next field: the key and key prefix do not match");
        }
        String json = "{\"v\":" + goJsonString(VERSION) + ",\"rv\":" + resourceVersion
                + ",\"start\":" + goJsonString(nextKey.substring(keyPrefix.length())) + "}";
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    public static Position decode(String token, String keyPrefix) {
        int padding = token.indexOf('=');
        if (padding >= 0) {
            throw invalid("illegal base64 data at input byte " + padding);
        }
        byte[] data;
        try {
            data = Base64.getUrlDecoder().decode(token);
        } catch (IllegalArgumentException e) {
            throw invalid(e.getMessage());
        }
        JsonNode json;
        try {
            json = JSON.readTree(data);
        } catch (JsonProcessingException e) {
            throw invalid(e.getOriginalMessage());
        } catch (IOException e) {
            throw invalid(e.getMessage());
        }
        if (json == null || json.isMissingNode()) {
            throw invalid("unexpected end of JSON input");
        }
        if (!json.isObject() && !json.isNull()) {
            throw invalid("json: cannot unmarshal " + json.getNodeType().name().toLowerCase() + " into Go value of type storage.continueToken");
        }
        String version = text(json, "v");
        long rv = number(json, "rv");
        String start = text(json, "start");

        if (!VERSION.equals(version)) {
            throw new IllegalArgumentException(INVALID + ": server does not recognize this encoded version " + version);
        }
        if (rv == 0) {
            throw new IllegalArgumentException(INVALID + ": incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
        }
        if (start.isEmpty()) {
            throw new IllegalArgumentException(INVALID + ": encoded start key empty (version meta.k8s.io/v1)");
        }
        // Refuse anything path.Clean would change: "..", ".", "//" or a trailing "/" could reach
        // keys outside keyPrefix once appended to it.
        String rooted = start.startsWith("/") ? start : "/" + start;
        if (!isClean(rooted)) {
            throw invalid(start);
        }
        return new Position(rv, keyPrefix + rooted.substring(1));
    }

    /** Whether Go's path.Clean would return this rooted path unchanged. */
    private static boolean isClean(String rooted) {
        if (rooted.equals("/")) {
            return true;
        }
        String[] parts = rooted.split("/", -1);
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].isEmpty() || parts[i].equals(".") || parts[i].equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return "";
        }
        if (!value.isTextual()) {
            throw invalid("json: cannot unmarshal " + value.getNodeType().name().toLowerCase()
                    + " into Go struct field continueToken." + field + " of type string");
        }
        return value.asText();
    }

    private static long number(JsonNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return 0;
        }
        if (!value.isIntegralNumber() || !value.canConvertToLong()) {
            throw invalid("json: cannot unmarshal " + value.getNodeType().name().toLowerCase()
                    + " into Go struct field continueToken." + field + " of type int64");
        }
        return value.asLong();
    }

    private static IllegalArgumentException invalid(String reason) {
        return new IllegalArgumentException(INVALID + ": " + reason);
    }

    /** A JSON string as Go's encoding/json writes it. */
    private static String goJsonString(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '<', '>', '&', '\u2028', '\u2029' -> out.append(String.format("\\u%04x", (int) c));
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else if (Character.isSurrogate(c) && !(Character.isHighSurrogate(c) && i + 1 < text.length()
                            && Character.isLowSurrogate(text.charAt(i + 1)))
                            && !(Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(text.charAt(i - 1)))) {
                        out.append("\\ufffd"); // not valid UTF-16, so not valid UTF-8 either
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
