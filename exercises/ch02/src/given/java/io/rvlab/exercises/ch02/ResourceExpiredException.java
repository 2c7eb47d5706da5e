package io.rvlab.exercises.ch02;

/**
 * 410 Gone, reason {@code Expired}: the revision a request needs has been compacted away in etcd.
 * Given, not an exercise: exercise 2.6 throws it when the revision of a continue token is gone.
 *
 * <p>kube-apiserver answers an Exact list at a compacted revision with the message
 * {@link #LIST_TOO_OLD}, and a continue token whose revision is compacted with
 * {@link #CONTINUE_TOO_OLD} (apiserver's storage/etcd3/errors.go).
 */
// tag::class[]
public class ResourceExpiredException extends StatusException {

    private static final long serialVersionUID = 1L;

    public static final String LIST_TOO_OLD = "The resourceVersion for the provided list is too old.";

    public static final String CONTINUE_TOO_OLD = "The provided continue parameter is too old to display a consistent"
            + " list result. You can start a new list without the continue parameter.";

    public ResourceExpiredException(String message, Throwable cause) {
        super(410, "Expired", message, cause);
    }
}
// end::class[]
