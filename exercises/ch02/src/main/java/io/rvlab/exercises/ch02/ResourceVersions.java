package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.1: read a resourceVersion.</b>
 *
 * <p>To a client, a resourceVersion is an opaque string: it may hand one back to the server, never
 * do arithmetic on it. Inside kube-apiserver it is an etcd revision written in decimal, and the
 * server has to turn the client's text back into a number before it can ask etcd anything. That
 * text comes straight from a URL ({@code ?resourceVersion=86}), so it can be anything, and every
 * server of a cluster must accept and refuse exactly the same texts, with the same words.
 *
 * <p>Kubernetes parses it with Go's {@code strconv.ParseUint(s, 10, 64)}, and its refusal names the
 * field, the value and Go's reason, as in the answer a real kube-apiserver gave to
 * {@code ?resourceVersion=abc}:
 * <pre>resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax</pre>
 * Go's documentation of {@code ParseUint} says what it accepts; the grading tests probe the edges
 * where Java's parsers disagree with it, and a text with two problems, where only the first one Go
 * meets is reported.
 *
 * <p>Comparing two resourceVersions is a different question. Since Kubernetes 1.35, every
 * resourceVersion of a built-in type must be orderable as a decimal integer of any length
 * (apimachinery's {@code resourceversion.CompareResourceVersion}), and it is compared without ever
 * being converted to a fixed-size number. Only canonical numbers may be compared: no leading zero,
 * and not "0" itself, which is never a live resourceVersion.
 *
 * <p>Java's own parsers are more forgiving than Go's: read their Javadoc before you trust them
 * with text from a URL. Grade it with {@code ./course grade 2 --exercise 2.1}; the specification
 * is {@code ResourceVersionsTest}.
 */
public final class ResourceVersions {

    private ResourceVersions() {
    }

    // tag::signature[]
    /**
     * The etcd revision a resourceVersion stands for, as Kubernetes' {@code ParseResourceVersion}.
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
        throw new UnsupportedOperationException("TODO exercise 2.1");
    }

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
}
