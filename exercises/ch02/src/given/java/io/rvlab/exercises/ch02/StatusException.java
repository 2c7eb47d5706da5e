package io.rvlab.exercises.ch02;

/**
 * An error kube-apiserver answers with a {@code Status} object: the HTTP code, a machine-readable
 * reason and a message for people. Given, not an exercise: exercise 2.3 throws it, and
 * {@link ResourceExpiredException} (exercise 2.6) is one.
 *
 * <p>On the wire it is, for example (GOLD b3.8):
 * <pre>{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
 *  "message":"specifying resource version is not allowed when using continue","reason":"BadRequest","code":400}</pre>
 */
// tag::class[]
public class StatusException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int code;
    private final String reason;

    public StatusException(int code, String reason, String message) {
        this(code, reason, message, null);
    }

    public StatusException(int code, String reason, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.reason = reason;
    }

    /** A 400 BadRequest with this message. */
    public static StatusException badRequest(String message) {
        return new StatusException(400, "BadRequest", message);
    }

    /** A 422 Invalid with this message. */
    public static StatusException invalid(String message) {
        return new StatusException(422, "Invalid", message);
    }

    /** The HTTP status code, e.g. 400. */
    public int code() {
        return code;
    }

    /** The Status reason, e.g. {@code BadRequest}, {@code Invalid}, {@code Expired}. */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return code + " " + reason + ": " + getMessage();
    }
}
// end::class[]
