package io.rvlab.ch06.registry;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.wire.gojson.GoJsonSyntax;
import io.rvlab.ch03.api.FieldValidation.Directive;
import java.io.IOException;
import java.util.List;

/**
 * The body of an apply patch ({@code application/apply-patch+yaml}): one YAML document holding one
 * object, the "fully specified intent" of its manager. JSON is YAML, so a JSON object is read as
 * it is. What Kubernetes' apply patcher answers for a body it cannot read is a 400 BadRequest
 * {@code error decoding YAML: ...}; with {@code fieldValidation=Strict} a key that appears twice
 * in one mapping is refused too ({@code error strict decoding YAML: ...}), which is all that Strict
 * adds to an apply (unknown fields are refused whatever the directive, see {@link ApplyRegistryStore}).
 *
 * <p>One difference, reviewed: Kubernetes reads the first document of a multi-document body and
 * ignores the rest; here such a body is a 400, because the ignored part is a client's mistake.
 */
// tag::apply-body[]
public final class ApplyPatch {

    private static final ObjectMapper YAML = new YAMLMapper(YAMLFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build());
    private static final ObjectMapper LENIENT_YAML = new YAMLMapper();

    private ApplyPatch() {
    }

    /**
     * The applied configuration in {@code body}: an object ({} for an empty body, which then fails
     * the apiVersion check of the field manager, as in Kubernetes).
     *
     * @throws io.rvlab.ch02.api.StatusException 400 for malformed YAML or JSON, a body that is not
     *         one object, or (Strict) a duplicated key
     */
    public static ObjectNode parse(byte[] body, Directive validation) {
        if (looksLikeJson(body) && GoJsonSyntax.check(body).isEmpty()) {
            return object(json(body));
        }
        List<JsonNode> documents = documents(body, validation == Directive.STRICT);
        if (documents.size() > 1) {
            throw Status.badRequest("error decoding YAML: the body holds " + documents.size()
                    + " YAML documents; an apply patch is one object").exception();
        }
        return object(documents.isEmpty() ? null : documents.get(0));
    }
    // end::apply-body[]

    private static List<JsonNode> documents(byte[] body, boolean strict) {
        if (strict) {
            try {
                return read(YAML, body);
            } catch (JsonParseException e) {
                if (e.getOriginalMessage().startsWith("Duplicate field")) {
                    throw Status.badRequest("error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n"
                            + "  line " + e.getLocation().getLineNr() + ": key " + GoJson.quote(duplicate(e))
                            + " already set in map").exception();
                }
                throw malformed(e);
            } catch (IOException e) {
                throw malformed(e);
            }
        }
        try {
            return read(LENIENT_YAML, body);
        } catch (IOException e) {
            throw malformed(e);
        }
    }

    private static List<JsonNode> read(ObjectMapper mapper, byte[] body) throws IOException {
        try (JsonParser parser = mapper.createParser(body);
             MappingIterator<JsonNode> documents = mapper.readerFor(JsonNode.class).readValues(parser)) {
            return documents.readAll();
        } catch (RuntimeException e) { // what the YAML library throws past Jackson's wrapping
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The top level must be a mapping: what Go answers when it decodes anything else into map[string]interface{}. */
    private static ObjectNode object(JsonNode document) {
        if (document == null || document.isNull() || document.isMissingNode()) {
            return JsonNodeFactory.instance.objectNode();
        }
        if (document instanceof ObjectNode object) {
            return object;
        }
        String type = document.isArray() ? "array" : document.isTextual() ? "string" : document.isNumber() ? "number"
                : document.isBoolean() ? "bool" : "value";
        throw Status.badRequest("error decoding YAML: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal "
                + type + " into Go value of type map[string]interface {}").exception();
    }

    private static boolean looksLikeJson(byte[] body) {
        for (byte b : body) {
            if (b == ' ' || b == '\t' || b == '\r' || b == '\n') {
                continue;
            }
            return b == '{' || b == '[';
        }
        return false;
    }

    private static JsonNode json(byte[] body) {
        try {
            return GoJson.read(body);
        } catch (IOException e) {
            throw Status.badRequest("error decoding YAML: error converting YAML to JSON: " + e.getMessage()).exception();
        }
    }

    /** go-yaml's words where the YAML library gives the same facts: {@code yaml: line 3: <problem>}. */
    private static RuntimeException malformed(IOException e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        String detail;
        if (cause instanceof org.yaml.snakeyaml.error.MarkedYAMLException marked && marked.getProblemMark() != null) {
            detail = "line " + (marked.getProblemMark().getLine() + 1) + ": " + marked.getProblem();
        } else if (e instanceof com.fasterxml.jackson.core.JsonProcessingException processing && processing.getLocation() != null) {
            detail = "line " + processing.getLocation().getLineNr() + ": " + processing.getOriginalMessage();
        } else {
            detail = String.valueOf(cause.getMessage());
        }
        return Status.badRequest("error decoding YAML: error converting YAML to JSON: yaml: "
                + detail.replace('\n', ' ').strip()).exception();
    }

    private static String duplicate(JsonParseException e) {
        String message = e.getOriginalMessage();
        int open = message.indexOf('\'');
        int close = message.lastIndexOf('\'');
        return open >= 0 && close > open ? message.substring(open + 1, close) : message;
    }
}
