package io.rvlab.grader;

/**
 * A problem the grader explains in one line instead of a stack trace: a missing manifest, an
 * unknown exercise id, a module that was never built. Learners meet these while they are busy
 * with etcd; a Java stack trace would only distract them.
 */
public final class GraderException extends RuntimeException {

    public GraderException(String message) {
        super(message);
    }

    public GraderException(String message, Throwable cause) {
        super(message, cause);
    }
}
