package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.structured.ApplySchema;
import java.util.Map;

/**
 * <b>Exercise 6.2: the conflicts of an apply.</b>
 *
 * <p>An apply without {@code force} fails with 409 Conflict when it would <em>change the value</em> of a
 * field another manager owns. Owning a field is not enough to conflict: applying the value the field
 * already has makes the applier a co-owner, silently. Adding a key to a map, or an item to a keyed list,
 * that someone else's fields sit next to is no conflict either: only the paths whose value the apply
 * adds or changes count. The applier's own fields never conflict with itself.
 *
 * <p>So: merge the config into the live object as the apply would ({@link
 * io.rvlab.ch06.structured.Merge}), compare the live object with the result ({@link
 * io.rvlab.ch06.structured.Comparison}: what was added, modified, removed), and intersect each other
 * manager's set with what the apply changes. Given: both walks, and {@link FieldSet}'s set algebra.
 *
 * <p>Grade it with {@code ./course grade 6 --exercise 6.2}; the specification is {@code
 * ConflictFinderTest}, whose last tests build the same situations on this chapter's server and compare
 * your conflicts with the causes of the 409 it answers.
 */
public final class ConflictFinder {

    private ConflictFinder() {
    }

    // tag::signature[]
    /**
     * The conflicts {@code applier} gets by applying {@code config} to {@code live} without force: for every
     * other manager of {@code owners}, the paths it owns whose value the apply would add or change; managers
     * with none are left out. An empty map means the apply goes through.
     *
     * @param owners manager -> the fields it owns (as its managedFields entry says)
     */
    public static Map<String, FieldSet> conflicts(JsonNode live, JsonNode config, String applier,
                                                  Map<String, FieldSet> owners, ApplySchema schema) {
        throw new UnsupportedOperationException("TODO exercise 6.2: merge config into live, compare live with"
                + " the merged object, and intersect every other manager's set with what changed");
    }
    // end::signature[]
}
