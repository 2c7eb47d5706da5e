package io.rvlab.exercises.ch02;

/**
 * Reads a client's resourceVersion as the etcd revision it stands for, as Kubernetes'
 * {@code APIObjectVersioner.ParseResourceVersion} does (apiserver's storage/api_object_versioner.go,
 * around Go's {@code strconv.ParseUint(s, 10, 64)}). Given, not an exercise: exercise 2.3 uses it
 * for a resourceVersion it must turn into a revision, and exercise 2.1 asks the other question,
 * which of two resourceVersions is newer, that this reading cannot answer for every resourceVersion.
 *
 * <p>{@code Long.parseUnsignedLong} alone is not Go's {@code ParseUint}: it accepts a leading '+' and
 * any Unicode digit ("１２" in full width, "١٢" in Arabic-Indic), and it cannot say which of two
 * problems comes first. So the text is read as Go reads it: one ASCII digit at a time, stopping at
 * the first character that is not one or at the first digit that overflows.
 */
public final class ResourceVersionParser {

    private ResourceVersionParser() {
    }

    /**
     * The etcd revision a resourceVersion stands for (chapter 2's {@code Versioner.parse} without its
     * clamp to {@code Long.MAX_VALUE}).
     *
     * @param resourceVersion the text a client sent; {@code ""} (not given) and {@code "0"} (any
     *     version) both mean 0, "no particular revision"
     * @return the number, an unsigned 64-bit value held in a {@code long}: values above
     *     {@code Long.MAX_VALUE} come back negative, and {@code Long.toUnsignedString} prints them
     * @throws IllegalArgumentException if the text is not a decimal number of at most 64 bits,
     *     with exactly Kubernetes' message:
     *     {@code resourceVersion: Invalid value: "<text>": strconv.ParseUint: parsing "<text>": <reason>},
     *     where the reason is {@code invalid syntax} or, for a number above 2<sup>64</sup>-1,
     *     {@code value out of range}, and the text is quoted as {@link #goQuote} quotes it
     */
    public static long parse(String resourceVersion) {
        if (resourceVersion.isEmpty() || resourceVersion.equals("0")) {
            return 0;
        }
        // As Go's ParseUint: left to right, stopping at the first problem, so "99999999999999999999x"
        // is out of range (the 20th digit overflows) and "1x9999999999999999999" is invalid syntax.
        long value = 0; // unsigned
        for (int i = 0; i < resourceVersion.length(); i++) {
            char c = resourceVersion.charAt(i);
            if (c < '0' || c > '9') {
                throw parseError(resourceVersion, "invalid syntax");
            }
            if (Long.compareUnsigned(value, CUTOFF) >= 0) {
                throw parseError(resourceVersion, "value out of range");
            }
            long next = value * 10 + (c - '0');
            if (Long.compareUnsigned(next, value * 10) < 0) {
                throw parseError(resourceVersion, "value out of range");
            }
            value = next;
        }
        return value;
    }

    /** The smallest value whose tenfold overflows 64 unsigned bits. */
    private static final long CUTOFF = Long.divideUnsigned(-1L, 10) + 1;

    /** Kubernetes' field error around Go's strconv error; Go quotes the value with %q both times. */
    private static IllegalArgumentException parseError(String resourceVersion, String reason) {
        String quoted = goQuote(resourceVersion);
        return new IllegalArgumentException("resourceVersion: Invalid value: " + quoted
                + ": strconv.ParseUint: parsing " + quoted + ": " + reason);
    }

    /**
     * Go's {@code %q} for the common cases, as Kubernetes' field errors quote a value
     * ({@code Invalid value: "abc"}, {@code Unsupported value: "exact"}): quotes, backslashes and
     * control characters are escaped, everything else is kept.
     */
    public static String goQuote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\x%02x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
