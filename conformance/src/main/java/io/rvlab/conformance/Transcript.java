package io.rvlab.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One golden transcript file, parsed: its notes, its request/response exchanges and its etcd
 * blocks, in file order.
 *
 * <p>The format (see golden/README.md):
 * <pre>
 * ### a note from the person who captured it
 *
 * === REQUEST ===
 * GET /api/v1/namespaces/lab/configmaps?limit=1 HTTP/1.1
 * Accept: application/json
 *
 * (request body, if any)
 * === RESPONSE (curl time_total=0.006202s) ===
 * HTTP/1.1 200 OK
 * Content-Type: application/json
 * Content-Length: 619
 *
 * {"kind":"ConfigMapList",...}
 *
 * === ETCD: etcdctl get ... -w json ===
 * { ...etcdctl output... }
 * </pre>
 *
 * @param name the file name, such as {@code b3-list-limit-continue.txt}
 * @param entries notes, exchanges and etcd blocks in the order they appear
 */
public record Transcript(String name, List<Entry> entries) {

    /** Something in a transcript. */
    public sealed interface Entry permits Note, Exchange, EtcdBlock {
    }

    /** A {@code ###} line: what the capturer wanted to say. */
    public record Note(String text) implements Entry {
    }

    /** An {@code === ETCD: command ===} block: etcdctl's output at that point, kept for reference. */
    public record EtcdBlock(String command, String output) implements Entry {
    }

    /** One header line. Names keep the case they were written in. */
    public record Header(String name, String value) {
    }

    /**
     * A request as curl sent it.
     *
     * @param target the path with its query, exactly as on the request line
     * @param body the body without the transcript's trailing newline ("" if none)
     */
    public record Request(String method, String target, List<Header> headers, String body) {

        public Optional<String> header(String name) {
            return Transcript.header(headers, name);
        }
    }

    /**
     * A response as curl received it.
     *
     * @param timeTotal curl's time_total, in seconds: how long the server took
     * @param body the body, ending with the one newline kube-apiserver writes after JSON ("" if none)
     */
    public record Response(String statusLine, int code, double timeTotal, List<Header> headers, String body) {

        public Optional<String> header(String name) {
            return Transcript.header(headers, name);
        }
    }

    /**
     * A request and the response to it.
     *
     * @param id a short name for reports: the label of the note before it (such as {@code b3.5} or {@code h.3}),
     *        or the file's prefix and the exchange's number (such as {@code a1#2})
     * @param index the exchange's number in its file, from 1
     * @param notes the notes between the previous exchange and this one
     */
    public record Exchange(String id, int index, List<String> notes, Request request, Response response,
            RecordedStream stream) implements Entry {

        /** Whether the response was recorded as a timed watch stream ({@code === RESPONSE STREAM ...}). */
        public boolean isStream() {
            return stream != null;
        }
    }

    /** etcdctl's answer to a compaction: {@code compacted revision 229}. */
    public static final Pattern COMPACTED = Pattern.compile("compacted revision (\\d+)\\s*");
    private static final Pattern STREAM_LINE = Pattern.compile("=== RESPONSE STREAM .* ===");
    private static final Pattern RESPONSE_LINE = Pattern.compile("=== RESPONSE \\(curl time_total=([0-9.]+)s\\) ===");
    private static final Pattern ETCD_LINE = Pattern.compile("=== ETCD: (.*) ===");
    private static final Pattern STATUS_LINE = Pattern.compile("HTTP/1\\.1 (\\d{3})( .*)?");
    /** A note that starts with a label such as "b2.4", "d1.1" or "h.3" names the exchange after it. */
    private static final Pattern LABEL = Pattern.compile("^([a-z]\\d*\\.\\d+)\\b");
    /** A note that starts with a letter in parentheses, such as e2's "(C) repeated later ...", names it {@code e2(C)}. */
    private static final Pattern LETTER = Pattern.compile("^\\(([A-Z])\\)");

    /** The file's short name: the part before the first '-', such as {@code b3}. */
    public String scenario() {
        return scenarioOf(name);
    }

    public static String scenarioOf(String fileName) {
        int dash = fileName.indexOf('-');
        return dash < 0 ? fileName : fileName.substring(0, dash);
    }

    /**
     * The entries from the first note that starts with {@code fromNote} on ({@code from} true), or the
     * ones before it: e2 was recorded in two sittings, (A)-(B) before e3 and (C)-(E) after n2, and the
     * replay keeps the real run's order.
     */
    public Transcript part(String fromNote, boolean from) {
        int at = 0;
        while (at < entries.size() && !(entries.get(at) instanceof Note note && note.text().startsWith(fromNote))) {
            at++;
        }
        if (at == entries.size()) {
            throw new IllegalArgumentException(name + " has no note starting with " + fromNote);
        }
        return new Transcript(name, from ? entries.subList(at, entries.size()) : entries.subList(0, at));
    }

    public List<Exchange> exchanges() {
        return entries.stream().filter(Exchange.class::isInstance).map(Exchange.class::cast).toList();
    }

    public static Transcript read(Path file) {
        try {
            return parse(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read transcript " + file, e);
        }
    }

    // tag::parse[]
    /** Parses a transcript's text. A line it cannot place is an error: the data must be read exactly. */
    public static Transcript parse(String name, String text) {
        List<String> lines = List.of(text.split("\n", -1));
        List<Entry> entries = new ArrayList<>();
        List<String> notesSinceLastExchange = new ArrayList<>();
        int i = 0;
        while (i < lines.size()) {
            String line = lines.get(i);
            if (line.isBlank()) {
                i++;
            } else if (line.startsWith("###")) {
                String note = line.substring(3).trim();
                entries.add(new Note(note));
                notesSinceLastExchange.add(note);
                i++;
            } else if (line.equals("=== REQUEST ===")) {
                // Request line, headers, a blank line, then the body up to the response marker.
                int start = i + 1;
                int responseAt = indexOf(lines, start, l -> l.startsWith("=== RESPONSE"));
                int blank = Math.min(indexOf(lines, start, String::isEmpty), responseAt);
                String[] requestLine = lines.get(start).split(" ");
                if (requestLine.length != 3 || !requestLine[2].equals("HTTP/1.1")) {
                    throw error(name, start, "not a request line: " + lines.get(start));
                }
                String requestBody = blank < responseAt ? String.join("\n", lines.subList(blank + 1, responseAt)).strip() : "";
                Request request = new Request(requestLine[0], requestLine[1], headers(name, lines, start + 1, blank), requestBody);

                if (STREAM_LINE.matcher(lines.get(responseAt)).matches()) {
                    // A watch: timed lines up to the next block or note.
                    int end = indexOf(lines, responseAt + 1, l -> l.startsWith("=== ") || l.startsWith("###"));
                    RecordedStream stream = RecordedStream.parse(name, responseAt + 2, lines.subList(responseAt + 1, end));
                    int index = (int) entries.stream().filter(Exchange.class::isInstance).count() + 1;
                    entries.add(new Exchange(idFor(name, index, notesSinceLastExchange), index,
                            List.copyOf(notesSinceLastExchange), request, stream.asResponse(), stream));
                    notesSinceLastExchange.clear();
                    i = end;
                    continue;
                }
                Matcher time = RESPONSE_LINE.matcher(lines.get(responseAt));
                if (!time.matches()) {
                    throw error(name, responseAt, "not a response marker: " + lines.get(responseAt));
                }
                // Status line, headers, a blank line, then the body up to the next block or note.
                int statusAt = responseAt + 1;
                Matcher status = STATUS_LINE.matcher(lines.get(statusAt));
                if (!status.matches()) {
                    throw error(name, statusAt, "not a status line: " + lines.get(statusAt));
                }
                int headerEnd = indexOf(lines, statusAt + 1, String::isEmpty);
                int bodyEnd = indexOf(lines, headerEnd + 1, l -> l.startsWith("=== ") || l.startsWith("###"));
                String body = String.join("\n", lines.subList(headerEnd + 1, bodyEnd)).strip();
                Response response = new Response(lines.get(statusAt), Integer.parseInt(status.group(1)),
                        Double.parseDouble(time.group(1)), headers(name, lines, statusAt + 1, headerEnd),
                        body.isEmpty() ? "" : body + "\n");

                int index = (int) entries.stream().filter(Exchange.class::isInstance).count() + 1;
                entries.add(new Exchange(idFor(name, index, notesSinceLastExchange), index,
                        List.copyOf(notesSinceLastExchange), request, response, null));
                notesSinceLastExchange.clear();
                i = bodyEnd;
            } else if (ETCD_LINE.matcher(line).matches()) {
                Matcher etcd = ETCD_LINE.matcher(line);
                etcd.matches();
                int end = indexOf(lines, i + 1, l -> l.startsWith("=== ") || l.startsWith("###"));
                entries.add(new EtcdBlock(etcd.group(1), String.join("\n", lines.subList(i + 1, end)).strip()));
                i = end;
            } else if (line.startsWith("=== EXACT BYTES")) {
                // od -c of the stream just above, also saved as a .raw file: RecordedStream rebuilds the same bytes
                i = indexOf(lines, i + 1, l -> l.startsWith("=== ") || l.startsWith("###"));
            } else if (COMPACTED.matcher(line).matches()) {
                // etcdctl's answer to the "### === etcdctl ... compact N ===" note above it
                entries.add(new EtcdBlock("compact", line.strip()));
                i++;
            } else {
                throw error(name, i, "unexpected line: " + line);
            }
        }
        return new Transcript(name, List.copyOf(entries));
    }
    // end::parse[]

    private static String idFor(String fileName, int index, List<String> notes) {
        for (int n = notes.size() - 1; n >= 0; n--) {
            Matcher label = LABEL.matcher(notes.get(n));
            if (label.find()) {
                return label.group(1);
            }
            Matcher letter = LETTER.matcher(notes.get(n));
            if (letter.find()) {
                return scenarioOf(fileName) + "(" + letter.group(1) + ")";
            }
        }
        return scenarioOf(fileName) + "#" + index;
    }

    private static List<Header> headers(String name, List<String> lines, int from, int to) {
        List<Header> headers = new ArrayList<>();
        for (int i = from; i < to; i++) {
            int colon = lines.get(i).indexOf(':');
            if (colon <= 0) {
                throw error(name, i, "not a header: " + lines.get(i));
            }
            headers.add(new Header(lines.get(i).substring(0, colon), lines.get(i).substring(colon + 1).strip()));
        }
        return List.copyOf(headers);
    }

    static Optional<String> header(List<Header> headers, String name) {
        String wanted = name.toLowerCase(Locale.ROOT);
        return headers.stream().filter(h -> h.name().toLowerCase(Locale.ROOT).equals(wanted)).map(Header::value).findFirst();
    }

    private static int indexOf(List<String> lines, int from, java.util.function.Predicate<String> test) {
        for (int i = from; i < lines.size(); i++) {
            if (test.test(lines.get(i))) {
                return i;
            }
        }
        return lines.size();
    }

    private static IllegalArgumentException error(String name, int line, String message) {
        return new IllegalArgumentException(name + ":" + (line + 1) + ": " + message);
    }
}
