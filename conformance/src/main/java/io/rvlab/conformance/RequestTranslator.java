package io.rvlab.conformance;

import static io.rvlab.conformance.ReplayJson.JSON;
import static io.rvlab.conformance.ReplayJson.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.conformance.RvTranslator.Translation;
import io.rvlab.conformance.Transcript.Header;
import io.rvlab.conformance.Transcript.Request;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A recorded request as this replay sends it: the revisions it names (a query's resourceVersion,
 * a continue token, a body's resourceVersion and preconditions) and the uids it names, translated
 * into this run's ({@link RvTranslator}, {@link UidTranslator}); everything else as recorded.
 */
final class RequestTranslator {

    /**
     * A resourceVersion or uid line of a YAML body (an apply patch is YAML): {@code resourceVersion: "235"}.
     * Group 1 is everything up to the value, group 2 the field's name, group 3 the value without its quotes.
     */
    private static final Pattern YAML_VERSION_LINE = Pattern.compile(
            "(?m)^([ \\t]*(resourceVersion|uid):[ \\t]*)[\"']?([0-9a-f-]+)[\"']?[ \\t]*$");

    /**
     * The methods whose body may name a version of an existing object (a PUT's or a patch's
     * metadata.resourceVersion and uid, a delete's preconditions). A create's body names none: the
     * resourceVersion in golden c2.8's POST is there only to be refused, so it is sent as recorded.
     */
    private static final List<String> NAMES_A_VERSION = List.of("PUT", "PATCH", "DELETE");

    /** Request headers sent as recorded; Authorization is dropped (this server has no authentication). */
    private static final List<String> KEPT_HEADERS = List.of("accept", "content-type", "user-agent");

    private final RvTranslator rv;
    private final UidTranslator uids;
    /** This etcd's current revision, for a revision the real run had not written when the request named it. */
    private final LongSupplier currentRevision;

    RequestTranslator(RvTranslator rv, UidTranslator uids, LongSupplier currentRevision) {
        this.rv = rv;
        this.uids = uids;
        this.currentRevision = currentRevision;
    }

    static List<Header> keptHeaders(Request request) {
        return request.headers().stream().filter(h -> KEPT_HEADERS.contains(h.name().toLowerCase(Locale.ROOT))).toList();
    }

    // tag::translate-request[]
    /** The request as this replay sends it: revisions and uids translated; nothing sent yet. */
    SentRequest translate(Request request) {
        Map<Long, Long> revisions = new LinkedHashMap<>();
        List<String> notes = new ArrayList<>();
        String target = QueryString.of(request.target()).target(param -> {
            String value = param.value();
            if (param.name().equals("resourceVersion") && value.matches("[0-9]+") && !value.equals("0")) {
                Translation t = rv.requestRevision(Long.parseLong(value), currentRevision.getAsLong());
                revisions.put(t.golden(), t.ours());
                notes.add("resourceVersion " + t.golden() + " sent as " + t.ours() + how(t));
                return param.withValue(Long.toString(t.ours()));
            } else if (param.name().equals("continue")) {
                String translated = rv.continueToken(value);
                if (!translated.equals(value)) {
                    RvTranslator.continueRevision(value).ifPresent(g -> {
                        Translation t = rv.revision(g);
                        revisions.put(g, t.ours());
                        notes.add("continue token rv " + g + " sent as " + t.ours() + how(t));
                    });
                }
                return param.withValue(translated);
            }
            return param;
        });
        String body = NAMES_A_VERSION.contains(request.method()) ? translateBody(request.body(), revisions, notes)
                : request.body();
        return new SentRequest(target, revisions, notes, body, null);
    }
    // end::translate-request[]

    private static String how(Translation t) {
        return t.how() == null ? " (the same write here)" : " (" + t.how() + ")";
    }

    // tag::translate-body[]
    /**
     * A request body with the revisions and uids it names sent as this replay's: every
     * {@code resourceVersion} (an object's metadata, a delete's preconditions) and every
     * {@code uid} the replay knows. The body is sent byte for byte when nothing needs translating.
     */
    private String translateBody(String body, Map<Long, Long> revisions, List<String> notes) {
        JsonNode json = json(body);
        if (json == null) {
            return translateYaml(body, revisions, notes);
        }
        if (!translateFields(json, "", revisions, notes)) {
            return body;
        }
        try {
            return JSON.writeValueAsString(json);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write a translated body: " + e, e);
        }
    }

    /**
     * An apply patch's YAML body, translated as {@link #translateFields} translates JSON: each
     * {@code resourceVersion:} and known {@code uid:} line gets this replay's value (golden g.8 sends
     * a stale {@code resourceVersion: "235"}); every other byte is sent as recorded.
     */
    private String translateYaml(String body, Map<Long, Long> revisions, List<String> notes) {
        Matcher line = YAML_VERSION_LINE.matcher(body);
        StringBuilder out = new StringBuilder();
        while (line.find()) {
            String value = line.group(3);
            String replacement = line.group();
            if (line.group(2).equals("resourceVersion") && value.matches("[0-9]+") && !value.equals("0")) {
                Translation t = rv.requestRevision(Long.parseLong(value), currentRevision.getAsLong());
                revisions.put(t.golden(), t.ours());
                replacement = line.group(1) + "\"" + t.ours() + "\"";
                notes.add("body (YAML) resourceVersion " + t.golden() + " sent as " + t.ours() + how(t));
            } else if (line.group(2).equals("uid") && uids.ours(value).isPresent()) {
                replacement = line.group(1) + uids.translate(value);
                notes.add("body (YAML) uid sent as this replay's uid of the same object");
            }
            line.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        line.appendTail(out);
        return out.toString();
    }

    private boolean translateFields(JsonNode node, String path, Map<Long, Long> revisions, List<String> notes) {
        boolean changed = false;
        if (node instanceof ObjectNode object) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>();
            object.fields().forEachRemaining(fields::add);
            for (Map.Entry<String, JsonNode> field : fields) {
                String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                String text = field.getValue().isTextual() ? field.getValue().asText() : null;
                if (field.getKey().equals("resourceVersion") && text != null && text.matches("[0-9]+") && !text.equals("0")) {
                    Translation t = rv.requestRevision(Long.parseLong(text), currentRevision.getAsLong());
                    revisions.put(t.golden(), t.ours());
                    object.put(field.getKey(), Long.toString(t.ours()));
                    notes.add("body " + at + " " + t.golden() + " sent as " + t.ours() + how(t));
                    changed = true;
                } else if (field.getKey().equals("uid") && text != null && uids.ours(text).isPresent()) {
                    object.put(field.getKey(), uids.translate(text));
                    notes.add("body " + at + " sent as this replay's uid of the same object");
                    changed = true;
                } else {
                    changed |= translateFields(field.getValue(), at, revisions, notes);
                }
            }
        } else if (node instanceof ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                changed |= translateFields(array.get(i), path + "[" + i + "]", revisions, notes);
            }
        }
        return changed;
    }
    // end::translate-body[]
}
