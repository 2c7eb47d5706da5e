package io.rvlab.ch02.storage;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.wire.gojson.GoJsonSyntax;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code continue} value of a paged list: where the next page starts, and at which revision
 * every page is read (apiserver's storage/continue.go).
 *
 * <p>It is base64 (URL alphabet, no padding) of a small JSON document, byte for byte what
 * kube-apiserver sends:
 * <pre>{"v":"meta.k8s.io/v1","rv":86,"start":"cm-a\u0000"}</pre>
 * {@code rv} is the revision of the first page, so all pages together form one snapshot.
 * {@code start} is the first key of the next page, relative to the list's key prefix: the last key
 * returned plus a NUL byte, the smallest key after it. An {@code rv} of -1 means "continue at the
 * latest revision" (an inconsistent continuation, offered after the original revision expired).
 *
 * <p>Clients must treat the token as opaque. The server must not: a client can send anything, so
 * decoding checks every field and refuses a start key that could leave the list's prefix.
 */
public record ContinueToken(long resourceVersion, String start) {

    /** The only encoding version there is. */
    public static final String VERSION = "meta.k8s.io/v1";

    /** The revision of a token that continues at the latest revision. */
    public static final long LATEST = -1;

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

    // tag::encode[]
    /**
     * The token for a next page that starts at {@code nextKey}, a key under {@code keyPrefix},
     * read at {@code revision}.
     */
    public static String encode(String nextKey, String keyPrefix, long revision) {
        if (!nextKey.startsWith(keyPrefix)) {
            throw new IllegalArgumentException("unable to encode next field: the provided key is not under the provided prefix");
        }
        String start = nextKey.substring(keyPrefix.length());
        return new ContinueToken(revision, start).encode();
    }

    /** This token as the client sees it. */
    public String encode() {
        // Written by hand rather than by Jackson so the bytes are exactly Go's (field order, escapes).
        String json = "{\"v\":" + GoJson.string(VERSION) + ",\"rv\":" + resourceVersion
                + ",\"start\":" + GoJson.string(start) + "}";
        return base64(json.getBytes(StandardCharsets.UTF_8));
    }
    // end::encode[]

    // tag::decode[]
    /**
     * Reads a token a client sent back.
     *
     * @throws InvalidContinueTokenException with Kubernetes' reason text when it is not one this
     *         server could have made
     */
    public static ContinueToken decode(String token) {
        byte[] data = unbase64(token);
        GoJsonSyntax.check(data).ifPresent(error -> {
            throw new InvalidContinueTokenException(error);
        });
        JsonNode json;
        try {
            json = GoJson.read(data);
        } catch (IOException e) {
            throw new InvalidContinueTokenException(e.getMessage()); // not reached: the syntax was checked
        }
        if (!json.isObject()) {
            throw new InvalidContinueTokenException("json: cannot unmarshal " + goType(json)
                    + " into Go value of type storage.continueToken");
        }
        String version = field(json, "v", true);
        String rvText = field(json, "rv", false);
        String start = field(json, "start", true);
        if (!VERSION.equals(version)) {
            throw new InvalidContinueTokenException("server does not recognize this encoded version " + version);
        }
        long revision = rvText.isEmpty() ? 0 : Long.parseLong(rvText);
        if (revision == 0) {
            throw new InvalidContinueTokenException("incorrect encoded start resourceVersion (version meta.k8s.io/v1)");
        }
        if (start.isEmpty()) {
            throw new InvalidContinueTokenException("encoded start key empty (version meta.k8s.io/v1)");
        }
        // A start key such as "../../secrets/" would, appended to the prefix, read another
        // resource's keys. Only keys that a path clean leaves unchanged are accepted.
        String rooted = start.startsWith("/") ? start : "/" + start;
        if (!cleanPath(rooted).equals(rooted)) {
            throw new InvalidContinueTokenException(start);
        }
        return new ContinueToken(revision, start);
    }

    /** The etcd key the next page starts at, under the list's {@code keyPrefix} (which ends in "/"). */
    public String keyUnder(String keyPrefix) {
        String rooted = start.startsWith("/") ? start : "/" + start;
        return keyPrefix + rooted.substring(1);
    }
    // end::decode[]

    /** The token as JSON, for labs and error messages. */
    public String json() {
        return "{\"v\":" + GoJson.string(VERSION) + ",\"rv\":" + resourceVersion + ",\"start\":" + GoJson.string(start) + "}";
    }

    private static String field(JsonNode json, String name, boolean string) {
        JsonNode value = json.get(name);
        if (value == null || value.isNull()) {
            return "";
        }
        if (string && !value.isTextual()) {
            throw new InvalidContinueTokenException("json: cannot unmarshal " + goType(value)
                    + " into Go struct field continueToken." + name + " of type string");
        }
        if (!string && !(value.isIntegralNumber() && value.canConvertToLong())) {
            String what = value.isNumber() ? "number " + value.asText() : goType(value);
            throw new InvalidContinueTokenException("json: cannot unmarshal " + what
                    + " into Go struct field continueToken." + name + " of type int64");
        }
        return value.asText();
    }

    private static String goType(JsonNode value) {
        if (value.isTextual()) {
            return "string";
        }
        if (value.isNumber()) {
            return "number";
        }
        if (value.isBoolean()) {
            return "bool";
        }
        return value.isArray() ? "array" : "object";
    }

    private static String base64(byte[] data) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < data.length; i += 3) {
            int n = (data[i] & 0xff) << 16;
            int len = Math.min(3, data.length - i);
            if (len > 1) {
                n |= (data[i + 1] & 0xff) << 8;
            }
            if (len > 2) {
                n |= data[i + 2] & 0xff;
            }
            for (int j = 0; j < len + 1; j++) {
                out.append(ALPHABET.charAt((n >> (18 - 6 * j)) & 0x3f));
            }
        }
        return out.toString();
    }

    /**
     * Go's base64.RawURLEncoding.DecodeString, including where it reports a bad character: the
     * error names the byte offset, as in {@code illegal base64 data at input byte 4}.
     */
    private static byte[] unbase64(String text) {
        List<Integer> sextets = new ArrayList<>();
        int lastIndex = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                continue; // Go's decoder skips line breaks
            }
            int value = c < 128 ? ALPHABET.indexOf(c) : -1;
            if (value < 0) {
                throw new InvalidContinueTokenException("illegal base64 data at input byte " + i);
            }
            sextets.add(value);
            lastIndex = i;
        }
        if (sextets.size() % 4 == 1) {
            throw new InvalidContinueTokenException("illegal base64 data at input byte " + lastIndex);
        }
        byte[] out = new byte[sextets.size() * 3 / 4];
        int o = 0;
        for (int i = 0; i < sextets.size(); i += 4) {
            int len = Math.min(4, sextets.size() - i);
            int n = 0;
            for (int j = 0; j < 4; j++) {
                n = (n << 6) | (j < len ? sextets.get(i + j) : 0);
            }
            for (int j = 0; j < len - 1; j++) {
                out[o++] = (byte) (n >> (16 - 8 * j));
            }
        }
        return out;
    }

    /** Go's path.Clean: the shortest path equivalent to {@code path} (no "//", ".", "..", trailing "/"). */
    static String cleanPath(String path) {
        if (path.isEmpty()) {
            return ".";
        }
        boolean rooted = path.startsWith("/");
        List<String> parts = new ArrayList<>();
        for (String part : path.split("/", -1)) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (!parts.isEmpty() && !parts.get(parts.size() - 1).equals("..")) {
                    parts.remove(parts.size() - 1);
                } else if (!rooted) {
                    parts.add("..");
                }
                continue;
            }
            parts.add(part);
        }
        String joined = String.join("/", parts);
        if (rooted) {
            return "/" + joined;
        }
        return joined.isEmpty() ? "." : joined;
    }
}
