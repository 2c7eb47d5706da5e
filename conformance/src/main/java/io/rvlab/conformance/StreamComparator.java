package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.RecordedStream.StreamEvent;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.WireClient.WatchAnswer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares a watch with the recorded one.
 *
 * <p>Compared: the status code, {@code Content-Type}, that the answer is chunked; the events, one
 * JSON object per line, by type, object and order (each object as {@link ResponseComparator} compares
 * a body: resourceVersions translated, a DELETED event's being the delete's revision; a BOOKMARK's
 * object exactly, its resourceVersion translated; an ERROR's Status with "too old resource version:
 * N (M)" compared by N, since M is where each cache's window begins). The initial ADDED events of a
 * watch from resourceVersion unset or "0" are compared as a set: kube-apiserver sends them in no
 * order. Timing: the headers come at once, a BOOKMARK within {@value #BOOKMARK_SECONDS} s of the
 * recorded time, and the stream ends within {@value #END_SECONDS} s of the recorded end
 * (timeoutSeconds), or is still open when the recording's client closed it.
 *
 * <p>Not compared: chunk boundaries (kube-apiserver's are not aligned with events: e3 packs all
 * initial events into one chunk, n2 splits one event across two), and when the live events arrived,
 * since the replay makes the writes behind them at the recorded times.
 */
public final class StreamComparator {

    /** Headers and initial events that came later than this did not come at once. */
    public static final double AT_ONCE_SECONDS = 1.0;
    /** A bookmark this much earlier or later than the recorded one is not the same bookmark. */
    public static final double BOOKMARK_SECONDS = 1.5;
    /** How close the end of the stream must be to the recorded end. */
    public static final double END_SECONDS = 1.0;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TOO_OLD = Pattern.compile("too old resource version: (\\d+) \\((\\d+)\\)");
    private static final String WINDOW_START = "<where the cache's window begins>";

    /** The differences found, and notes on how the watch was compared. */
    public record Comparison(List<Difference> differences, List<String> notes) {
    }

    /** One event, parsed. */
    private record Event(String type, JsonNode object, double at, String line) {

        String name() {
            return object.path("metadata").path("namespace").asText() + "/" + object.path("metadata").path("name").asText();
        }
    }

    private final ResponseComparator.Context context;
    private final List<Difference> differences = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    private StreamComparator(ResponseComparator.Context context) {
        this.context = context;
    }

    public static Comparison compare(Exchange exchange, WatchAnswer ours, ResponseComparator.Context context) {
        StreamComparator comparator = new StreamComparator(context);
        comparator.run(exchange, ours);
        return new Comparison(List.copyOf(comparator.differences), List.copyOf(comparator.notes));
    }

    private void run(Exchange exchange, WatchAnswer ours) {
        RecordedStream golden = exchange.stream();
        if (golden.code() != ours.code()) {
            differences.add(new Difference(Aspect.STATUS, golden.statusLine(), ours.code() + " " + ours.body().strip()));
            return;
        }
        Optional<String> goldenType = Transcript.header(golden.headers(), "Content-Type");
        if (!goldenType.equals(ours.header("Content-Type"))) {
            differences.add(new Difference(Aspect.CONTENT_TYPE, goldenType.orElse("(none)"),
                    ours.header("Content-Type").orElse("(none)")));
        }
        if (golden.chunked() != ours.chunked()) {
            differences.add(new Difference(Aspect.FRAMING, golden.chunked() ? "Transfer-Encoding: chunked" : "Content-Length",
                    ours.chunked() ? "Transfer-Encoding: chunked" : "Content-Length"));
        }
        // tag::timing[]
        if (golden.headersAt() < AT_ONCE_SECONDS && ours.headersAt() >= AT_ONCE_SECONDS) {
            differences.add(new Difference(Aspect.TIMING, seconds("headers at", golden.headersAt()),
                    seconds("headers at", ours.headersAt())));
        }
        // end::timing[]
        notes.add("framing: " + golden.events().size() + " event line(s) in " + golden.chunks() + " chunk(s) there, "
                + ours.events().size() + " in " + ours.chunks() + " here; chunk boundaries are not compared");
        events(exchange, golden, ours);
        end(golden, ours);
    }

    // tag::events[]
    private void events(Exchange exchange, RecordedStream golden, WatchAnswer ours) {
        List<Event> expected = parse(golden.events());
        List<Event> actual = parse(ours.events());
        String from = QueryString.of(exchange.request().target()).get("resourceVersion");
        if (from.isEmpty() || from.equals("0")) {
            // synthetic ADDED events for the current state, in no defined order: compared as a set
            sortInitial(expected, golden.headersAt());
            sortInitial(actual, ours.headersAt());
            if (expected.stream().anyMatch(e -> e.at() <= golden.headersAt() + AT_ONCE_SECONDS)) {
                notes.add("the initial ADDED events (resourceVersion " + (from.isEmpty() ? "unset" : "\"0\"")
                        + ") are compared as a set: kube-apiserver sends them in no order");
            }
        }
        List<String> expectedSummary = expected.stream().map(this::goldenSummary).toList();
        List<String> actualSummary = actual.stream().map(StreamComparator::summary).toList();
        notes.add("events there (translated): " + (expectedSummary.isEmpty() ? "none" : String.join(", ", expectedSummary)));
        notes.add("events here: " + (actualSummary.isEmpty() ? "none" : String.join(", ", actualSummary)));
        boolean sameKinds = expected.size() == actual.size();
        for (int i = 0; sameKinds && i < expected.size(); i++) {
            sameKinds = expected.get(i).type().equals(actual.get(i).type())
                    && (expected.get(i).type().equals("BOOKMARK") || expected.get(i).type().equals("ERROR")
                    || expected.get(i).name().equals(actual.get(i).name()));
        }
        if (!sameKinds) {
            differences.add(new Difference(Aspect.EVENTS, expectedSummary.isEmpty() ? "none" : String.join(", ", expectedSummary),
                    actualSummary.isEmpty() ? "none" : String.join(", ", actualSummary)));
            return;
        }
        for (int i = 0; i < expected.size(); i++) {
            compare(i + 1, expected.get(i), actual.get(i));
        }
    }
    // end::events[]

    private void compare(int n, Event expected, Event actual) {
        String label = "event " + n + " (" + expected.type() + ")";
        switch (expected.type()) {
            case "BOOKMARK" -> {
                ObjectNode translated = expected.object().deepCopy();
                String rv = translated.path("metadata").path("resourceVersion").asText("");
                if (rv.matches("[1-9][0-9]*")) {
                    ((ObjectNode) translated.get("metadata")).put("resourceVersion",
                            Long.toString(context.rv().revision(Long.parseLong(rv)).ours()));
                }
                if (!translated.toString().equals(actual.object().toString())) {
                    differences.add(new Difference(Aspect.EVENTS, label + ": " + translated + " (the transcript's "
                            + rv + ", translated)", label + ": " + actual.object()));
                }
                // tag::bookmark-timing[]
                if (Math.abs(expected.at() - actual.at()) > BOOKMARK_SECONDS) {
                    differences.add(new Difference(Aspect.TIMING, seconds(label + " at", expected.at()),
                            seconds(label + " at", actual.at())));
                } else {
                    notes.add(String.format(Locale.ROOT, "%s came at %.2f s, there at %.2f s", label, actual.at(), expected.at()));
                }
                // end::bookmark-timing[]
            }
            case "ERROR" -> {
                JsonNode golden = windowStart(expected.object(), true);
                JsonNode ours = windowStart(actual.object(), false);
                bodyDifferences(label, ResponseComparator.compareObject(golden, ours, context));
            }
            default -> bodyDifferences(label, ResponseComparator.compareObject(expected.object(), actual.object(), context));
        }
    }

    private void bodyDifferences(String label, ResponseComparator.Comparison comparison) {
        for (Difference d : comparison.differences()) {
            differences.add(new Difference(Aspect.EVENTS, label + ": " + d.expected(), label + ": " + d.actual()));
        }
        comparison.notes().forEach(note -> notes.add(label + ": " + note));
    }

    /** "too old resource version: N (M)": M is where the cache's window begins, which differs between runs. */
    private JsonNode windowStart(JsonNode status, boolean golden) {
        ObjectNode copy = status.deepCopy();
        Matcher m = TOO_OLD.matcher(copy.path("message").asText());
        if (m.matches()) {
            copy.put("message", "too old resource version: " + m.group(1) + " (" + WINDOW_START + ")");
            notes.add("the ERROR's \"too old resource version: N (M)\" compared by N: M is where the watch cache's "
                    + "window begins (" + m.group(2) + (golden ? " there)" : " here)"));
        }
        return copy;
    }

    // tag::end[]
    private void end(RecordedStream golden, WatchAnswer ours) {
        RecordedStream.End expected = golden.end();
        RecordedStream.End actual = ours.end();
        if (expected.byServer() && !actual.byServer()) {
            differences.add(new Difference(Aspect.TIMING, seconds("the server ended the stream at", expected.at()),
                    seconds("still open when this client closed it at", actual.at())));
        } else if (expected.byServer() && Math.abs(expected.at() - actual.at()) > END_SECONDS) {
            differences.add(new Difference(Aspect.TIMING, seconds("the server ended the stream at", expected.at()),
                    seconds("the server ended the stream at", actual.at())));
        } else if (!expected.byServer() && actual.byServer()) {
            differences.add(new Difference(Aspect.TIMING, seconds("still open when the client closed it at", expected.at()),
                    seconds("the server ended the stream at", actual.at())));
        }
    }
    // end::end[]

    private static void sortInitial(List<Event> events, double headersAt) {
        int initial = 0;
        while (initial < events.size() && events.get(initial).type().equals("ADDED")
                && events.get(initial).at() <= headersAt + AT_ONCE_SECONDS) {
            initial++;
        }
        events.subList(0, initial).sort(Comparator.comparing(Event::name));
    }

    private String goldenSummary(Event event) {
        String rv = event.object().path("metadata").path("resourceVersion").asText("");
        String translated = rv.matches("[1-9][0-9]*") ? Long.toString(context.rv().revision(Long.parseLong(rv)).ours()) : rv;
        return describe(event, translated, event.at());
    }

    private static String summary(Event event) {
        return describe(event, event.object().path("metadata").path("resourceVersion").asText(""), event.at());
    }

    private static String describe(Event event, String rv, double at) {
        String what = switch (event.type()) {
            case "BOOKMARK" -> "BOOKMARK rv " + rv;
            case "ERROR" -> "ERROR " + event.object().path("code").asText() + " " + event.object().path("reason").asText();
            default -> event.type() + " " + event.name() + " rv " + rv;
        };
        return String.format(Locale.ROOT, "%s (%.2f s)", what, at);
    }

    private static List<Event> parse(List<StreamEvent> lines) {
        List<Event> events = new ArrayList<>();
        for (StreamEvent line : lines) {
            try {
                JsonNode json = JSON.readTree(line.line());
                events.add(new Event(json.path("type").asText(), json.path("object"), line.at(), line.line()));
            } catch (IOException e) {
                events.add(new Event("(not JSON)", JSON.getNodeFactory().textNode(line.line()), line.at(), line.line()));
            }
        }
        return events;
    }

    private static String seconds(String what, double at) {
        return String.format(Locale.ROOT, "%s %.2f s", what, at);
    }
}
