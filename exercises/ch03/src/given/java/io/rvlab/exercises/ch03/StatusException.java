package io.rvlab.exercises.ch03;

/**
 * An error kube-apiserver answers with a {@code Status} object: the HTTP code, a machine-readable
 * reason and a message for people. Given, not an exercise (the same class as chapter 2's): exercise
 * 3.2 retries a read-modify-write while it throws one with reason {@code Conflict}.
 *
 * <p>On the wire it is, for example (GOLD c1.2):
 * <pre>{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Operation cannot be
 *  fulfilled on configmaps \"cm-a\": the object has been modified; please apply your changes to the latest
 *  version and try again","reason":"Conflict","details":{"name":"cm-a","kind":"configmaps"},"code":409}</pre>
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

    /** A 409 Conflict with this message: someone else changed the object first. */
    public static StatusException conflict(String message) {
        return new StatusException(409, "Conflict", message);
    }

    /** The HTTP status code, e.g. 409. */
    public int code() {
        return code;
    }

    /** The Status reason, e.g. {@code Conflict}, {@code AlreadyExists}, {@code NotFound}; may be empty. */
    public String reason() {
        return reason;
    }

    @Override
    public String toString() {
        return code + " " + reason + ": " + getMessage();
    }
}
// end::class[]
