package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.1: compare resourceVersions.</b>
 *
 * <p>To a client, a resourceVersion is an opaque string: it may hand one back to the server, never
 * do arithmetic on it. Inside kube-apiserver it is an etcd revision written in decimal, and the
 * server turns the client's text back into a number with Go's {@code strconv.ParseUint(s, 10, 64)}.
 * That reading is given below ({@link #parse}, chapter 2's {@code Versioner.parse} without its clamp
 * to {@code Long.MAX_VALUE}); exercise 2.3 uses it.
 *
 * <p>Your exercise is the other question: which of two resourceVersions is newer. Since Kubernetes
 * 1.35, every resourceVersion of a built-in type must be orderable as a decimal integer of any
 * length (apimachinery's {@code resourceversion.CompareResourceVersion}), so that a client or a
 * cache can tell which of two copies of an object is newer without assuming that the number fits
 * in 64 bits, or in any fixed size. Only canonical numbers may be compared, and what is not one is
 * refused, never guessed at: a comparison that is wrong in one client in a million makes an
 * informer keep the older copy.
 *
 * <p>Grade it with {@code ./course grade 2 --exercise 2.1}; the specification is
 * {@code ResourceVersionsTest} (the given {@code parse} has its own, {@code ResourceVersionsParseTest}).
 */
public final class ResourceVersions {

    private ResourceVersions() {
    }

    // tag::signature[]
    /**
     * Orders two resourceVersions of the same resource, as Kubernetes 1.35 does: as decimal
     * integers of any length, without converting them to a number.
     *
     * @return -1 if {@code a} is older than {@code b}, 0 if they are the same, +1 if {@code a} is newer
     * @throws IllegalArgumentException if {@code a} (checked first) or {@code b} is not well
     *     formed (empty, "0", a leading zero, or anything but ASCII digits), with the message
     *     {@code resource version is not well formed: <text>}
     */
    public static int compare(String a, String b) {
        throw new UnsupportedOperationException("TODO exercise 2.1");
    }
    // end::signature[]

    /**
     * Given, not part of the exercise: the etcd revision a resourceVersion stands for, as
     * Kubernetes' {@code ParseResourceVersion}.
     *
     * @param resourceVersion the text a client sent; {@code ""} (not given) and {@code "0"} (any
     *     version) both mean 0, "no particular revision"
     * @return the number, an unsigned 64-bit value held in a {@code long}: values above
     *     {@code Long.MAX_VALUE} come back negative, and {@code Long.toUnsignedString} prints them
     * @throws IllegalArgumentException if the text is not a decimal number of at most 64 bits,
     *     with exactly Kubernetes' message:
     *     {@code resourceVersion: Invalid value: "<text>": strconv.ParseUint: parsing "<text>": <reason>},
     *     where the reason is {@code invalid syntax} or, for a number above 2<sup>64</sup>-1,
     *     {@code value out of range}
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

    /** Go's %q for the common cases: quotes, backslashes and control characters are escaped. */
    private static String goQuote(String text) {
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
