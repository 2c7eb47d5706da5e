package io.rvlab.grader;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * One failed test (or test class), reduced to what a learner reads first: which test, and one line
 * saying why. The full throwable goes to the log file, not the scoreboard.
 *
 * @param test    the test's display name, e.g. {@code readsTheModRevision(Client)}
 * @param message one line: an assertion's message, or {@code ExceptionType: message}
 * @param todo    true if the cause is the skeleton's {@code UnsupportedOperationException("TODO ...")}
 * @param cause   the original throwable, for the log; null when there is none (a missing class)
 */
record Failure(String test, String message, boolean todo, Throwable cause) {

    /** Long AssertJ messages are cut here; the log has all of it. */
    static final int MAX_MESSAGE = 200;

    static Failure of(String test, Throwable thrown) {
        Throwable todo = todoIn(thrown);
        Throwable shown = todo != null ? todo : unwrap(thrown);
        return new Failure(test, describe(shown), todo != null, thrown);
    }

    static Failure withoutCause(String test, String message) {
        return new Failure(test, oneLine(message), false, null);
    }

    /**
     * The skeleton's marker: an {@code UnsupportedOperationException} whose message contains
     * "TODO", anywhere in the cause chain (the learner's code may run inside a future). The JDK's
     * own UnsupportedOperationExceptions (adding to {@code List.of()}) carry no "TODO", so a learner
     * who hits one is told FAILED, with the real reason.
     */
    static Throwable todoIn(Throwable thrown) {
        int depth = 0;
        for (Throwable t = thrown; t != null && depth < 32; t = t.getCause(), depth++) {
            if (t instanceof UnsupportedOperationException && t.getMessage() != null && t.getMessage().contains("TODO")) {
                return t;
            }
        }
        return null;
    }

    /** Futures and reflection wrap the exception that matters; show the one inside. */
    private static Throwable unwrap(Throwable thrown) {
        Throwable t = thrown;
        int depth = 0;
        while (t.getCause() != null && depth++ < 32
                && (t instanceof ExecutionException || t instanceof CompletionException
                        || t instanceof InvocationTargetException || t instanceof UndeclaredThrowableException)) {
            t = t.getCause();
        }
        return t;
    }

    /** An assertion's message says it all; any other exception also needs its type to make sense. */
    private static String describe(Throwable t) {
        String message = t.getMessage();
        if (t instanceof AssertionError && message != null && !message.isBlank()) {
            return oneLine(message);
        }
        return oneLine(t.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message));
    }

    /** AssertJ spreads "expected/but was" over several lines; the scoreboard has one. */
    static String oneLine(String text) {
        String line = text == null ? "" : text.replaceAll("\\s+", " ").trim();
        return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE - 3) + "...";
    }
}
