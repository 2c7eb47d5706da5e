package io.rvlab.ch02.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.storage.ObjectFilter;

/**
 * A label selector and a field selector together: an object is listed if it meets both
 * (apiserver's SelectionPredicate).
 */
public record Selection(LabelSelector labels, FieldSelector fields) implements ObjectFilter {

    /** Parses both query parameters; either may be empty. */
    public static Selection parse(String labelSelector, String fieldSelector) {
        return new Selection(LabelSelector.parse(labelSelector), FieldSelector.parse(fieldSelector));
    }

    @Override
    public boolean matches(ObjectNode object) {
        return labels.matches(object) && fields.matches(object);
    }

    @Override
    public boolean matchesEverything() {
        return labels.matchesEverything() && fields.matchesEverything();
    }
}
