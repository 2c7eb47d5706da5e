package io.rvlab.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A request target's query, parsed in this one place: its parameters in order, each a name and a
 * value ({@code ""} when the parameter has no {@code =}), written back exactly as given. The replay
 * reads parameters (which chapter serves a watch, whether the watch cache served a list, a watch's
 * resourceVersion) and rewrites them (the revisions and continue tokens it sends as this run's).
 *
 * @param path the target before the {@code ?}
 * @param params the parameters; empty when the target has no {@code ?}
 * @param hasQuery whether the target had a {@code ?}
 */
record QueryString(String path, List<Param> params, boolean hasQuery) {

    /** One parameter: {@code name=value}, or a bare {@code name} (then {@code hasValue} is false and value is {@code ""}). */
    record Param(String name, String value, boolean hasValue) {

        Param withValue(String newValue) {
            return new Param(name, newValue, hasValue);
        }

        @Override
        public String toString() {
            return hasValue ? name + "=" + value : name;
        }
    }

    static QueryString of(String target) {
        int question = target.indexOf('?');
        if (question < 0) {
            return new QueryString(target, List.of(), false);
        }
        List<Param> params = new ArrayList<>();
        for (String param : target.substring(question + 1).split("&")) {
            int equals = param.indexOf('=');
            params.add(equals < 0 ? new Param(param, "", false)
                    : new Param(param.substring(0, equals), param.substring(equals + 1), true));
        }
        return new QueryString(target.substring(0, question), List.copyOf(params), true);
    }

    /** The value of the first parameter so named; {@code ""} when there is none (or it has no value). */
    String get(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst().map(Param::value).orElse("");
    }

    /** Whether the query has the parameter {@code name=value}. */
    boolean has(String name, String value) {
        return params.stream().anyMatch(p -> p.hasValue() && p.name().equals(name) && p.value().equals(value));
    }

    /** The target with each parameter replaced by what {@code change} makes of it, in the same order. */
    String target(UnaryOperator<Param> change) {
        if (!hasQuery) {
            return path;
        }
        return path + "?" + String.join("&", params.stream().map(change).map(Param::toString).toList());
    }
}
