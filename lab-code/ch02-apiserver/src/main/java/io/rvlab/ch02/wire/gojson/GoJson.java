package io.rvlab.ch02.wire.gojson;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import java.io.IOException;
import java.util.Map;

/**
 * Writes JSON the way kube-apiserver's Go encoder does, so bytes on the wire (and inside continue
 * tokens) match a real server's.
 *
 * <p>Two details differ from Jackson's defaults: Go escapes {@code <}, {@code >} and {@code &} (as
 * {@code \u003c}, {@code \u003e}, {@code \u0026}) and the line separators U+2028/U+2029; and Go's
 * indented form writes {@code "key": value} with two-space indentation and {@code {}} for an empty
 * object. Field order is the order of the tree, so callers put fields in Kubernetes' struct order.
 */
public final class GoJson {

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /**
     * Reads JSON into trees. Numbers keep the digits they were written with, and anything after
     * the first value is an error (as in Go), not silently ignored.
     */
    private static final ObjectMapper READER = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private GoJson() {
    }

    /**
     * Parses one JSON value. Check the bytes with {@link GoJsonSyntax} first to get Go's wording
     * for a syntax error; this throws Jackson's.
     */
    public static JsonNode read(byte[] json) throws IOException {
        try {
            return READER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IOException(e.getOriginalMessage(), e);
        }
    }

    /** One line, no spaces: what every client that is not curl gets. */
    public static String compact(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out, -1);
        return out.toString();
    }

    /** Indented by two spaces, as kube-apiserver answers curl or {@code ?pretty=true}. */
    public static String pretty(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out, 0);
        return out.toString();
    }

    /** A JSON string literal, escaped as Go's encoding/json escapes it. */
    public static String string(String text) {
        StringBuilder out = new StringBuilder();
        writeString(text, out);
        return out.toString();
    }

    /** Writes {@code node}; {@code depth} is the indentation level, or -1 for compact output. */
    private static void write(JsonNode node, StringBuilder out, int depth) {
        boolean pretty = depth >= 0;
        int inner = pretty ? depth + 1 : -1;
        if (node.isObject()) {
            if (node.isEmpty()) {
                out.append("{}");
                return;
            }
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                newline(out, inner);
                writeString(field.getKey(), out);
                out.append(pretty ? ": " : ":");
                write(field.getValue(), out, inner);
            }
            newline(out, depth);
            out.append('}');
        } else if (node.isArray()) {
            if (node.isEmpty()) {
                out.append("[]");
                return;
            }
            out.append('[');
            for (int i = 0; i < node.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                newline(out, inner);
                write(node.get(i), out, inner);
            }
            newline(out, depth);
            out.append(']');
        } else if (node.isTextual()) {
            writeString(node.textValue(), out);
        } else if (node.isNull() || node.isMissingNode()) {
            out.append("null");
        } else {
            out.append(node.toString()); // numbers and booleans: their JSON text as parsed
        }
    }

    /** In indented output, a line break and the indentation of {@code depth}; nothing in compact output. */
    private static void newline(StringBuilder out, int depth) {
        if (depth >= 0) {
            out.append('\n').append("  ".repeat(depth));
        }
    }

    private static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '\u2028' || c == '\u2029') {
                        out.append("\\u").append(HEX[(c >> 12) & 0xf]).append(HEX[(c >> 8) & 0xf])
                                .append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
                    } else if (Character.isSurrogate(c) && !validPair(text, i)) {
                        out.append("\\ufffd"); // Go replaces invalid UTF-16/UTF-8 with U+FFFD
                    } else {
                        out.append(c);
                        if (Character.isHighSurrogate(c)) {
                            out.append(text.charAt(++i));
                        }
                    }
                }
            }
        }
        out.append('"');
    }

    private static boolean validPair(String text, int i) {
        char c = text.charAt(i);
        return Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1));
    }

    /**
     * Go's {@code strconv.Quote}: how Kubernetes' field errors show a string value ({@code %q}),
     * for example {@code Invalid value: "Bad_Name"}.
     */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        text.codePoints().forEach(cp -> {
            switch (cp) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case 7 -> out.append("\\a");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case 11 -> out.append("\\v");
                default -> {
                    if (cp < 0x20 || cp == 0x7f) {
                        out.append("\\x").append(HEX[(cp >> 4) & 0xf]).append(HEX[cp & 0xf]);
                    } else if (Character.isSurrogate((char) cp) && cp < 0x10000) {
                        out.append("\\ufffd");
                    } else if (!printable(cp)) {
                        out.append(cp < 0x10000 ? String.format("\\u%04x", cp) : String.format("\\U%08x", cp));
                    } else {
                        out.appendCodePoint(cp);
                    }
                }
            }
        });
        return out.append('"').toString();
    }

    /** Close to Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
    private static boolean printable(int cp) {
        if (cp == ' ') {
            return true;
        }
        int type = Character.getType(cp);
        return switch (type) {
            case Character.UNASSIGNED, Character.CONTROL, Character.FORMAT, Character.PRIVATE_USE,
                    Character.SURROGATE, Character.SPACE_SEPARATOR, Character.LINE_SEPARATOR,
                    Character.PARAGRAPH_SEPARATOR -> false;
            default -> true;
        };
    }
}
