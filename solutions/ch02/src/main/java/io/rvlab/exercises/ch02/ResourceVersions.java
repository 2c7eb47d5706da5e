package io.rvlab.exercises.ch02;

/**
 * Reference answer to exercise 2.1: read a resourceVersion.
 *
 * <p>{@code Long.parseUnsignedLong} alone is not Go's {@code strconv.ParseUint}: it accepts a
 * leading '+' and any Unicode digit ("１２" in full width, "١٢" in Arabic-Indic), and it cannot say
 * which of two problems comes first. So the text is read as Go reads it: one ASCII digit at a time,
 * stopping at the first character that is not one or at the first digit that overflows.
 */
public final class ResourceVersions {

    private ResourceVersions() {
    }

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

    public static int compare(String a, String b) {
        requireWellFormed(a);
        requireWellFormed(b);
        if (a.length() != b.length()) {
            return a.length() < b.length() ? -1 : 1;
        }
        // Same length, no leading zeros: the first differing digit decides, as in a dictionary.
        return Integer.signum(a.compareTo(b));
    }

    private static void requireWellFormed(String resourceVersion) {
        if (resourceVersion.isEmpty() || resourceVersion.charAt(0) == '0' || !allAsciiDigits(resourceVersion)) {
            throw new IllegalArgumentException("resource version is not well formed: " + resourceVersion);
        }
    }

    private static boolean allAsciiDigits(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Kubernetes' field error around Go's strconv error; Go quotes the value with %q both times. */
    private static IllegalArgumentException parseError(String resourceVersion, String reason) {
        String quoted = goQuote(resourceVersion);
        return new IllegalArgumentException("resourceVersion: Invalid value: " + quoted
                + ": strconv.ParseUint: parsing " + quoted + ": " + reason);
    }

    /** Go's %q for the common cases: quotes, backslashes and control characters are escaped. */
    static String goQuote(String text) {
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
