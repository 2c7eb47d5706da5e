package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.Transcript.Response;
import io.rvlab.conformance.WireClient.Answer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Compares this server's answer with kube-apiserver's, aspect by aspect.
 *
 * <p>Compared: the status code; {@code Content-Type} and {@code Retry-After}; the framing
 * ({@code Content-Length} or chunked); whether the server waited (~3 s) before answering; the
 * JSON body field by field, in field order, with Status messages' numbers translated (defaulted
 * fields included: chapter 3's server fills in a Deployment's defaults as kube-apiserver does). And
 * whatever the transcript says, a 5xx from rvlab that is not a Timeout breaks rvlab's rule that a
 * client's mistake gets a 4xx ({@link Aspect#SERVER_ERROR}).
 *
 * <p>Set aside, because they differ from run to run or belong to later chapters: {@code uid} (checked
 * to be a UUID), {@code creationTimestamp} (checked to be RFC 3339 in seconds),
 * {@code managedFields} on the servers of chapters 2 to 5, and the numeric values of resourceVersions, which are
 * compared after translation into this replay's revisions instead (see {@link RvTranslator}):
 * equal where they name the same write, in the same order where the real run's are. On chapter 6's
 * server the managedFields are compared like the rest of the body (every entry's manager, operation,
 * apiVersion, fieldsType, fieldsV1 and subresource, in order), only each entry's {@code time} is set
 * aside once checked to be RFC 3339 in seconds ({@link BodyNormalizer}).
 *
 * <p>An object whose golden resourceVersion is not a write this replay reproduces was last changed
 * by a request the replay skipped (on chapter 2's server, a chapter 3 PUT or PATCH): its data and
 * resourceVersion cannot match, so only its kind, metadata and field names are compared, and the
 * report says so. Uids in Status messages are translated into this replay's ({@link UidTranslator}).
 * What is set aside, and how, is {@link BodyNormalizer}'s; the path-by-path comparison of the two
 * bodies is {@link JsonTreeDiff}'s.
 */
public final class ResponseComparator {

    /** Go's net/http sends a body of up to this many bytes with Content-Length, a longer one chunked. */
    public static final int CHUNKED_ABOVE_BYTES = 2048;

    /** An answer that took this long was a wait for a too-large resourceVersion (3 s in kube-apiserver). */
    public static final double WAITED_SECONDS = 2.5;

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * What the comparator needs to know about the request.
     *
     * @param sentForGolden each revision the golden request named, with the one this replay sent instead
     * @param servedFromWatchCache whether kube-apiserver 1.26 served this list from its watch cache,
     *        where items come in no defined order
     * @param comparesManagedFields whether objects' {@code metadata.managedFields} are compared (chapter 6's
     *        server, which records them) or set aside (chapters 2 to 5, which write none)
     */
    public record Context(RvTranslator rv, UidTranslator uids, Map<Long, Long> sentForGolden,
            boolean servedFromWatchCache, boolean comparesManagedFields) {

        /** A context for a server that writes no managedFields (chapters 2 to 5): they are set aside. */
        public Context(RvTranslator rv, UidTranslator uids, Map<Long, Long> sentForGolden, boolean servedFromWatchCache) {
            this(rv, uids, sentForGolden, servedFromWatchCache, false);
        }
    }

    /** The differences found, and notes on what was compared loosely and why. */
    public record Comparison(List<Difference> differences, List<String> notes) {
    }

    private final Context context;
    private final List<Difference> differences = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private final JsonTreeDiff tree = new JsonTreeDiff();
    private final BodyNormalizer normalizer;

    private ResponseComparator(Context context) {
        this.context = context;
        this.normalizer = new BodyNormalizer(context, tree, differences, notes);
    }

    public static Comparison compare(Response golden, Answer ours, Context context) {
        ResponseComparator comparator = new ResponseComparator(context);
        comparator.run(golden, ours);
        return new Comparison(List.copyOf(comparator.differences), List.copyOf(comparator.notes));
    }

    /**
     * Compares one object the way a response body is compared (a Status's message translated; an
     * object's uid, creationTimestamp and managedFields set aside (on chapter 6's server, only each managedFields
     * entry's time), its resourceVersion translated):
     * for the objects of watch events. Differences come back as {@link Aspect#BODY}.
     */
    static Comparison compareObject(JsonNode golden, JsonNode ours, Context context) {
        ResponseComparator comparator = new ResponseComparator(context);
        if (!(golden instanceof ObjectNode g) || !(ours instanceof ObjectNode o)) {
            if (!Objects.equals(golden, ours)) {
                comparator.differences.add(new Difference(Aspect.BODY, String.valueOf(golden), String.valueOf(ours)));
            }
            return new Comparison(List.copyOf(comparator.differences), List.copyOf(comparator.notes));
        }
        ObjectNode expected = g.deepCopy();
        ObjectNode actual = o.deepCopy();
        if ("Status".equals(expected.path("kind").asText())) {
            comparator.normalizer.status(expected, true);
            comparator.normalizer.status(actual, false);
        } else {
            Set<String> relaxed = new HashSet<>();
            comparator.normalizer.object(expected, true, relaxed);
            comparator.normalizer.object(actual, false, relaxed);
        }
        comparator.tree.bodyDifference(expected, actual).ifPresent(comparator.differences::add);
        return new Comparison(List.copyOf(comparator.differences), List.copyOf(comparator.notes));
    }

    /** The reasons of a 5xx that are the server's condition, not a verdict on the request. */
    private static final Set<String> SERVER_SIDE_REASONS = Set.of("Timeout", "ServerTimeout", "ServiceUnavailable");

    private void run(Response golden, Answer ours) {
        Optional<JsonNode> goldenJson = parse(golden.body());
        Optional<JsonNode> ourJson = parse(ours.body());
        if (golden.code() != ours.code()) {
            differences.add(new Difference(Aspect.STATUS, summary(golden.code(), goldenJson, true),
                    summary(ours.code(), ourJson, false)));
        }
        // tag::server-error[]
        String ourReason = ourJson.map(json -> json.path("reason").asText()).orElse("");
        if (ours.code() >= 500 && !SERVER_SIDE_REASONS.contains(ourReason)) {
            differences.add(new Difference(Aspect.SERVER_ERROR, "a 4xx Status: a client's mistake never gets a 5xx "
                    + "(kube-apiserver 1.26.1 answered " + golden.code() + ")", summary(ours.code(), ourJson, false)));
        }
        // end::server-error[]
        headers(golden, ours);
        if (golden.code() == ours.code()) {
            body(golden, goldenJson, ours, ourJson);
        }
    }

    // tag::headers[]
    private void headers(Response golden, Answer ours) {
        same(Aspect.CONTENT_TYPE, golden.header("Content-Type"), ours.header("Content-Type"));
        same(Aspect.RETRY_AFTER, golden.header("Retry-After"), ours.header("Retry-After"));

        boolean goldenChunked = golden.header("Transfer-Encoding").map(v -> v.contains("chunked")).orElse(false);
        int goldenSize = golden.body().getBytes(StandardCharsets.UTF_8).length;
        int ourSize = ours.body().getBytes(StandardCharsets.UTF_8).length;
        if (goldenChunked != ours.chunked()) {
            boolean bothFollowGo = goldenChunked == goldenSize > CHUNKED_ABOVE_BYTES
                    && ours.chunked() == ourSize > CHUNKED_ABOVE_BYTES;
            if (bothFollowGo) {
                notes.add("framing follows the body size: " + goldenSize + " bytes there (with managedFields), "
                        + ourSize + " here");
            } else {
                differences.add(new Difference(Aspect.FRAMING, framing(goldenChunked, goldenSize), framing(ours.chunked(), ourSize)));
            }
        }

        boolean goldenWaited = golden.timeTotal() >= WAITED_SECONDS;
        boolean ourWaited = ours.seconds() >= WAITED_SECONDS;
        if (goldenWaited != ourWaited) {
            differences.add(new Difference(Aspect.WAIT, String.format(Locale.ROOT, "answered after %.2f s", golden.timeTotal()),
                    String.format(Locale.ROOT, "answered after %.2f s", ours.seconds())));
        }
    }
    // end::headers[]

    private void same(Aspect aspect, Optional<String> golden, Optional<String> ours) {
        if (!golden.equals(ours)) {
            differences.add(new Difference(aspect, golden.orElse("(none)"), ours.orElse("(none)")));
        }
    }

    private static String framing(boolean chunked, int size) {
        return (chunked ? "Transfer-Encoding: chunked" : "Content-Length") + " (" + size + " bytes)";
    }

    // tag::body[]
    private void body(Response golden, Optional<JsonNode> goldenJson, Answer ours, Optional<JsonNode> ourJson) {
        if (goldenJson.isEmpty() || ourJson.isEmpty()) {
            if (!golden.body().equals(ours.body())) {
                differences.add(new Difference(Aspect.BODY, golden.body().strip(), ours.body().strip()));
            }
            return;
        }
        ObjectNode expected = goldenJson.get().deepCopy();
        ObjectNode actual = ourJson.get().deepCopy();
        if ("Status".equals(expected.path("kind").asText())) {
            normalizer.status(expected, true);
            normalizer.status(actual, false);
        } else if (expected.has("items")) {
            normalizer.list(expected, actual);
        } else {
            Set<String> relaxed = new HashSet<>();
            normalizer.object(expected, true, relaxed);
            normalizer.object(actual, false, relaxed);
        }
        tree.bodyDifference(expected, actual).ifPresent(differences::add);
    }
    // end::body[]


    private String summary(int code, Optional<JsonNode> body, boolean golden) {
        if (body.isEmpty()) {
            return Integer.toString(code);
        }
        JsonNode json = body.get();
        if ("Status".equals(json.path("kind").asText())) {
            String message = json.path("message").asText();
            if (golden) {
                message = normalizer.translatedMessage(message);
            }
            String reason = json.path("reason").asText();
            return code + " " + (reason.isEmpty() ? "(no reason)" : reason) + " \"" + message + "\"";
        }
        return code + " " + json.path("kind").asText() + " " + json.path("metadata").path("name").asText();
    }

    private static Optional<JsonNode> parse(String body) {
        if (body.isBlank()) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(body);
            return node instanceof ObjectNode ? Optional.of(node) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
