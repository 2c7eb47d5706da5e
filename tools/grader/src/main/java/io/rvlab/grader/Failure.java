package io.rvlab.grader;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.UndeclaredThrowableException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One failed test (or test class), reduced to what a learner reads first: which test, and one line
 * saying why. The full throwable goes to the log file, not the scoreboard.
 *
 * @param test    the test's display name, e.g. {@code readsTheModRevision(Client)}
 * @param message one line: an assertion's message, or {@code ExceptionType: message}
 * @param todo    true if the cause is the skeleton's {@code UnsupportedOperationException("TODO ...")}
 * @param cause   the original throwable, for the log; null when there is none (a missing class)
 * @param method  the test method's name, e.g. {@code readsTheModRevision}, which exercises.yaml's
 *                {@code hint_for} maps to a hint; null for a failure of the class itself
 */
record Failure(String test, String message, boolean todo, Throwable cause, String method) {

    Failure(String test, String message, boolean todo, Throwable cause) {
        this(test, message, todo, cause, null);
    }

    /** The same failure, known to come from this test method. */
    Failure inMethod(String methodName) {
        return new Failure(test, message, todo, cause, methodName);
    }

    /** A one-line summary (the prover's table, a disabled class's reason) is cut here. */
    static final int MAX_MESSAGE = 200;

    /** A failure's whole message is shown, up to this many characters (a huge object's dump goes to the log). */
    static final int MAX_WHOLE = 4000;

    static Failure of(String test, Throwable thrown) {
        String todo = todoIn(thrown);
        if (todo != null) {
            return new Failure(test, oneLine(todo), true, thrown); // "TODO exercise 1.1: ..." says it all
        }
        return new Failure(test, describe(unwrap(thrown)), false, thrown);
    }

    static Failure withoutCause(String test, String message) {
        return new Failure(test, oneLine(message), false, null);
    }

    /** How a caught TODO reads inside an assertion's message, e.g. AssertJ's "but was: java.lang.Unsupported...: TODO ...". */
    private static final Pattern TODO_IN_MESSAGE = Pattern.compile("UnsupportedOperationException: ([^\\r\\n]*TODO[^\\r\\n]*)");

    /**
     * The skeleton's marker, or null: an {@code UnsupportedOperationException} whose message
     * contains "TODO", anywhere in the cause chain (the learner's code may run inside a future), or
     * quoted in an assertion's message (a test that expects an exception, say
     * {@code assertThatThrownBy(...).isInstanceOf(IllegalArgumentException.class)}, catches the TODO
     * and fails with an AssertionError that only names it). The JDK's own
     * UnsupportedOperationExceptions (adding to {@code List.of()}) carry no "TODO", so a learner who
     * hits one is told FAILED, with the real reason.
     *
     * @return the TODO's message
     */
    static String todoIn(Throwable thrown) {
        int depth = 0;
        for (Throwable t = thrown; t != null && depth < 32; t = t.getCause(), depth++) {
            String message = t.getMessage();
            if (message == null) {
                continue;
            }
            if (t instanceof UnsupportedOperationException && message.contains("TODO")) {
                return message;
            }
            Matcher quoted = TODO_IN_MESSAGE.matcher(message);
            if (t instanceof AssertionError && quoted.find()) {
                return quoted.group(1);
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

    /**
     * An assertion's message says it all; any other exception also needs its type to make sense.
     * Whole, lines kept: AssertJ's "Expecting actual: ... to contain: ..." is read line by line, and
     * a cut one ("Expecting ac...") tells the learner nothing.
     */
    private static String describe(Throwable t) {
        String message = t.getMessage();
        String text = t instanceof AssertionError && message != null && !message.isBlank() ? message
                : t.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
        text = text.strip().replace("\r\n", "\n");
        return text.length() <= MAX_WHOLE ? text : text.substring(0, MAX_WHOLE - 3) + "...";
    }

    /**
     * How much this failure tells the learner, lowest first, so the scoreboard shows the most telling
     * one: a wrong type or a missing class, then an exception their code threw (a Status with the
     * wrong code), then an assertion about a Status, code or type, then any other assertion, then a
     * wait that timed out (something did not happen, but not what), and last the skeleton's TODO.
     */
    int rank() {
        if (todo) {
            return 5;
        }
        Throwable t = cause == null ? null : unwrap(cause);
        if (t instanceof LinkageError || t instanceof ClassCastException) {
            return 0;
        }
        String text = message.toLowerCase(java.util.Locale.ROOT);
        if (text.contains("timed out") || text.contains("timeout")) {
            return 4;
        }
        if (t != null && !(t instanceof AssertionError)) {
            return 1;
        }
        return text.matches("(?s).*\\b(status|code|reason|instance of|type)\\b.*") ? 2 : 3;
    }

    /** AssertJ spreads "expected/but was" over several lines; the scoreboard has one. */
    static String oneLine(String text) {
        String line = text == null ? "" : text.replaceAll("\\s+", " ").trim();
        return line.length() <= MAX_MESSAGE ? line : line.substring(0, MAX_MESSAGE - 3) + "...";
    }
}
