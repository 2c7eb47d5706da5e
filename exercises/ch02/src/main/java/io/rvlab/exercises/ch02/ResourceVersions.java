package io.rvlab.exercises.ch02;

/**
 * <b>Exercise 2.1: compare resourceVersions.</b>
 *
 * <p>To a client, a resourceVersion is an opaque string: it may hand one back to the server, never
 * do arithmetic on it. Inside kube-apiserver it is an etcd revision written in decimal, and the
 * server turns the client's text back into a number with Go's {@code strconv.ParseUint(s, 10, 64)}.
 * That reading is given, as {@code parse} in {@code io.rvlab.exercises.ch02.ResourceVersionParser}
 * (in {@code src/given}); exercise 2.3 uses it.
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
 * {@code ResourceVersionsTest} (the given {@code parse} has its own, {@code ResourceVersionParserTest}).
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
}
