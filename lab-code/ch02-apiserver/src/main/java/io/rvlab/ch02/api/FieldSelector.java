package io.rvlab.ch02.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.ObjectFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * A field selector ({@code ?fieldSelector=metadata.name=cm-a}): equality tests on a few fields.
 * Every Kubernetes resource supports {@code metadata.name} and {@code metadata.namespace}; that is
 * all this server supports. Terms are {@code field=value}, {@code field==value} or
 * {@code field!=value}, joined by commas.
 */
public final class FieldSelector implements ObjectFilter {

    /** One term. */
    public record Term(String field, boolean equal, String value) {
    }

    private static final List<String> FIELDS = List.of("metadata.name", "metadata.namespace");
    private static final FieldSelector EVERYTHING = new FieldSelector(List.of());

    private final List<Term> terms;

    private FieldSelector(List<Term> terms) {
        this.terms = List.copyOf(terms);
    }

    public static FieldSelector everything() {
        return EVERYTHING;
    }

    /**
     * Parses a field selector; "" selects everything.
     *
     * @throws StatusException 400 BadRequest for bad syntax or a field this server cannot select on
     */
    public static FieldSelector parse(String text) {
        if (text == null || text.isBlank()) {
            return EVERYTHING;
        }
        List<Term> terms = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String term = part.strip();
            int ne = term.indexOf("!=");
            int eq2 = term.indexOf("==");
            int eq = term.indexOf('=');
            Term parsed;
            if (ne >= 0) {
                parsed = new Term(term.substring(0, ne).strip(), false, term.substring(ne + 2).strip());
            } else if (eq2 >= 0) {
                parsed = new Term(term.substring(0, eq2).strip(), true, term.substring(eq2 + 2).strip());
            } else if (eq >= 0) {
                parsed = new Term(term.substring(0, eq).strip(), true, term.substring(eq + 1).strip());
            } else {
                throw Status.badRequest("invalid selector: '" + text + "'; can't understand '" + term + "'").exception();
            }
            if (!FIELDS.contains(parsed.field())) {
                throw Status.badRequest("field label not supported: " + parsed.field()).exception();
            }
            terms.add(parsed);
        }
        return new FieldSelector(terms);
    }

    @Override
    public boolean matches(ObjectNode object) {
        for (Term term : terms) {
            String actual = object.path("metadata").path(term.field().substring("metadata.".length())).asText("");
            if (actual.equals(term.value()) != term.equal()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean matchesEverything() {
        return terms.isEmpty();
    }
}
