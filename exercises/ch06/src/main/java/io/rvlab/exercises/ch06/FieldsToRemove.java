package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import java.util.Collection;

/**
 * <b>Exercise 6.4: the fields an apply removes.</b>
 *
 * <p>An applied config is a manager's whole intent, not a patch. A field the manager applied last time
 * and leaves out this time is one it no longer wants: after merging the config into the live object,
 * the API server removes it from the object, <em>unless another manager owns it</em> (then only the
 * applier's ownership goes; the value stays for its other owners). Removing a keyed list's item or a
 * map's key removes everything under it.
 *
 * <p>Two steps: which paths ({@link #toRemove}, set algebra on {@link FieldSet}s: {@code difference},
 * {@code union}), and removing them from an object ({@link #remove}, a walk along each path's {@link
 * io.rvlab.ch06.fieldpath.PathElement}s: a {@code Field} is an object's field, a {@code Key} the items of a
 * list whose key fields have those values, a {@code Value} the items of a set equal to it). Careful with
 * numbers: a path element keeps its values canonically (integers as longs), so compare path elements
 * ({@code new PathElement.Key(...)}, {@code new PathElement.Value(item)}), not raw JSON nodes.
 *
 * <p>Grade it with {@code ./course grade 6 --exercise 6.4}; the specification is {@code
 * FieldsToRemoveTest}, whose last tests re-apply configs on this chapter's server and compare the object
 * it stores with the merged object minus your removal.
 */
public final class FieldsToRemove {

    private FieldsToRemove() {
    }

    // tag::signature[]
    /**
     * The paths an apply removes from the object: those the applier owned before ({@code previous}) and does
     * not apply now ({@code applied}), that no other manager owns ({@code others}: every other manager's set).
     */
    public static FieldSet toRemove(FieldSet previous, FieldSet applied, Collection<FieldSet> others) {
        throw new UnsupportedOperationException("TODO exercise 6.4: previous minus applied, minus what the others own");
    }

    /**
     * A copy of {@code object} without the given paths (and whatever is under them). Paths that are not in
     * the object are ignored.
     */
    public static ObjectNode remove(JsonNode object, FieldSet paths) {
        throw new UnsupportedOperationException("TODO exercise 6.4: for each path, walk to its parent and"
                + " remove the last element: a field, the keyed items, or the set items");
    }
    // end::signature[]
}
