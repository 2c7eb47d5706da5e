package io.rvlab.ch01;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * The etcdctl command (API v3) that does what a course call does, so every lab can show a command
 * a learner could type into a second terminal. Returns the arguments after {@code etcdctl}.
 *
 * <p>{@code -w json} is there wherever the answer carries revisions: etcdctl's plain output shows
 * only keys and values, its JSON output shows the header revision and each key's
 * create_revision, mod_revision and version.
 */
public final class Etcdctl {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=@%+,-]+");

    private Etcdctl() {
    }

    // tag::etcdctl[]
    public static String get(String key) {
        return "get " + quote(key) + " -w json";
    }

    public static String getAt(String key, long revision) {
        return "get " + quote(key) + " --rev=" + revision + " -w json";
    }

    public static String put(String key, String value) {
        return "put " + quote(key) + " " + quote(value);
    }

    public static String delete(String key) {
        return "del " + quote(key);
    }

    public static String compact(long revision) {
        return "compact " + revision + " --physical";
    }

    public static String watchPrefix(String prefix, long revision) {
        return "watch --prefix " + quote(prefix) + " --rev=" + revision;
    }
    // end::etcdctl[]

    public static String deletePrefix(String prefix) {
        return "del --prefix " + quote(prefix);
    }

    /** The header revision: any read shows it; this one prints no values. */
    public static String currentRevision() {
        return "get / --keys-only -w json";
    }

    /**
     * {@code etcdctl txn} reads the transaction from standard input: compares, an empty line, the
     * operations to run if all compares hold, an empty line, the operations to run otherwise. This
     * writes it as a bash one-liner.
     */
    public static String txnPut(Map<String, String> entries) {
        StringBuilder input = new StringBuilder("\\n"); // no compares
        entries.forEach((key, value) -> input.append("put ").append(txnQuote(key)).append(' ').append(txnQuote(value)).append("\\n"));
        return "txn <<< $'" + input + "\\n'";
    }

    /** A transaction that puts the entries only if none of the keys exists (create_revision 0). */
    public static String txnCreateAll(Map<String, String> entries) {
        StringBuilder input = new StringBuilder();
        entries.keySet().forEach(key -> input.append("create(\"").append(txnText(key)).append("\") = \"0\"\\n"));
        input.append("\\n");
        entries.forEach((key, value) -> input.append("put ").append(txnQuote(key)).append(' ').append(txnQuote(value)).append("\\n"));
        return "txn <<< $'" + input + "\\n'";
    }

    /**
     * Text inside a bash {@code $'...'} string that etcdctl then splits into words: plain text as
     * it is, anything else in double quotes (which etcdctl's txn parser understands).
     */
    static String txnQuote(String text) {
        return PLAIN.matcher(text).matches() ? text : "\"" + txnText(text) + "\"";
    }

    private static String txnText(String text) {
        if (text.contains("\"") || text.contains("\\")) {
            throw new IllegalArgumentException("the course's etcdctl txn lines cannot carry \" or \\: " + text);
        }
        return text.replace("'", "\\'");
    }

    /** Single-quotes text that the shell would otherwise split or expand. */
    static String quote(String text) {
        if (PLAIN.matcher(text).matches()) {
            return text;
        }
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
