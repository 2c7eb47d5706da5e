package io.rvlab.ch02.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.ObjectFilter;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A label selector ({@code ?labelSelector=app=web,tier!=db}): a list of requirements an object's
 * labels must all meet. The syntax is Kubernetes' (apimachinery labels.Parse):
 * <ul>
 *   <li>equality: {@code key=value}, {@code key==value}, {@code key!=value} (true too when the
 *       label is absent);</li>
 *   <li>sets: {@code key in (a,b)}, {@code key notin (a,b)} (true too when absent);</li>
 *   <li>existence: {@code key}, {@code !key};</li>
 *   <li>numbers: {@code key>3}, {@code key<3} (the label must be an integer).</li>
 * </ul>
 * A selector that does not parse is the client's mistake: 400 BadRequest with the parser's words
 * ({@link LabelSelectorParser}).
 */
public final class LabelSelector implements ObjectFilter {

    /** The operator of one requirement. */
    public enum Operator { EQUALS, NOT_EQUALS, IN, NOT_IN, EXISTS, DOES_NOT_EXIST, GREATER_THAN, LESS_THAN }

    /** One requirement: a key, an operator and (for most operators) values. */
    public record Requirement(String key, Operator operator, List<String> values) {

        boolean matches(JsonNode labels) {
            JsonNode label = labels == null ? null : labels.get(key);
            boolean present = label != null && label.isTextual();
            String value = present ? label.textValue() : null;
            return switch (operator) {
                case EQUALS, IN -> present && values.contains(value);
                case NOT_EQUALS, NOT_IN -> !present || !values.contains(value);
                case EXISTS -> present;
                case DOES_NOT_EXIST -> !present;
                case GREATER_THAN, LESS_THAN -> {
                    if (!present) {
                        yield false;
                    }
                    try {
                        long have = Long.parseLong(value);
                        long bound = Long.parseLong(values.get(0));
                        yield operator == Operator.GREATER_THAN ? have > bound : have < bound;
                    } catch (NumberFormatException e) {
                        yield false;
                    }
                }
            };
        }
    }

    private static final LabelSelector EVERYTHING = new LabelSelector(List.of());

    private final List<Requirement> requirements;

    private LabelSelector(List<Requirement> requirements) {
        this.requirements = List.copyOf(requirements);
    }

    public static LabelSelector everything() {
        return EVERYTHING;
    }

    public List<Requirement> requirements() {
        return requirements;
    }

    // tag::parse[]
    /**
     * Parses a selector; "" selects everything.
     *
     * @throws StatusException 400 BadRequest if the text is not a valid selector
     */
    public static LabelSelector parse(String text) {
        if (text == null || text.isBlank()) {
            return EVERYTHING;
        }
        List<Requirement> requirements = new LabelSelectorParser(text).parse();
        requirements.sort(Comparator.comparing(Requirement::key)); // Kubernetes sorts them by key
        return new LabelSelector(requirements);
    }
    // end::parse[]

    @Override
    public boolean matches(ObjectNode object) {
        JsonNode labels = object.path("metadata").get("labels");
        return requirements.stream().allMatch(r -> r.matches(labels));
    }

    @Override
    public boolean matchesEverything() {
        return requirements.isEmpty();
    }

    @Override
    public String toString() {
        return requirements.stream().map(r -> switch (r.operator()) {
            case EQUALS -> r.key() + "=" + r.values().get(0);
            case NOT_EQUALS -> r.key() + "!=" + r.values().get(0);
            case IN -> r.key() + " in (" + String.join(",", r.values()) + ")";
            case NOT_IN -> r.key() + " notin (" + String.join(",", r.values()) + ")";
            case EXISTS -> r.key();
            case DOES_NOT_EXIST -> "!" + r.key();
            case GREATER_THAN -> r.key() + ">" + r.values().get(0);
            case LESS_THAN -> r.key() + "<" + r.values().get(0);
        }).collect(Collectors.joining(","));
    }
}
