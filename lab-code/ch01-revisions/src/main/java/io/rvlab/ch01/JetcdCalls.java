package io.rvlab.ch01;

import java.util.Map;
import java.util.stream.Collectors;

/**
 * The jetcd call behind each course operation, written out for a lab's narration next to the
 * etcdctl command. {@code kv} stands for {@code client.getKVClient()} and {@code bytes(..)} for
 * {@link Bytes#bytes}.
 */
public final class JetcdCalls {

    /** A line break plus the indentation of a continuation line under "  jetcd> ". */
    private static final String NEXT_LINE = "\n" + " ".repeat(12);

    private JetcdCalls() {
    }

    public static String get(String key) {
        return "kv.get(bytes(\"" + key + "\"))";
    }

    public static String getAt(String key, long revision) {
        return "kv.get(bytes(\"" + key + "\"), GetOption.builder().withRevision(" + revision + ").build())";
    }

    public static String put(String key, String value) {
        return "kv.put(bytes(\"" + key + "\"), bytes(\"" + value + "\"))";
    }

    public static String delete(String key) {
        return "kv.delete(bytes(\"" + key + "\"))";
    }

    public static String deletePrefix(String prefix) {
        return "kv.delete(bytes(\"" + prefix + "\"), DeleteOption.builder().isPrefix(true).build())";
    }

    public static String currentRevision() {
        return "kv.get(bytes(\"/\"), GetOption.builder().withKeysOnly(true).build())";
    }

    public static String compact(long revision) {
        return "kv.compact(" + revision + ", CompactOption.builder().withCompactPhysical(true).build())";
    }

    /** Spread over several lines, indented to sit under the narrator's "jetcd>" prompt. */
    public static String txnPut(Map<String, String> entries) {
        return "kv.txn().Then(" + entries.entrySet().stream()
                .map(e -> NEXT_LINE + "Op.put(bytes(\"" + e.getKey() + "\"), bytes(\"" + e.getValue() + "\"), PutOption.DEFAULT)")
                .collect(Collectors.joining(",")) + ").commit()";
    }

    public static String txnCreateAll(Map<String, String> entries) {
        return "kv.txn().If(" + entries.keySet().stream()
                .map(key -> NEXT_LINE + "new Cmp(bytes(\"" + key + "\"), Cmp.Op.EQUAL, CmpTarget.createRevision(0))")
                .collect(Collectors.joining(",")) + ")" + NEXT_LINE + ".Then(" + entries.entrySet().stream()
                .map(e -> NEXT_LINE + "Op.put(bytes(\"" + e.getKey() + "\"), bytes(\"" + e.getValue() + "\"), PutOption.DEFAULT)")
                .collect(Collectors.joining(",")) + ").commit()";
    }

    public static String watchPrefix(String prefix, long revision) {
        return "client.getWatchClient().watch(bytes(\"" + prefix
                + "\"), WatchOption.builder().isPrefix(true).withRevision(" + revision + ").build(), listener)";
    }
}
