package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.structured.ApplySchema;
import java.util.Map;

/**
 * <b>Exercise 6.2: the conflicts of an apply.</b>
 *
 * <p>Server-side apply lets several managers (a team's CI, an autoscaler, an admission webhook, a person with
 * kubectl) write the same object without reading it first. What keeps them from silently undoing each other
 * is the conflict: an apply without {@code force} is refused with 409 Conflict when it would <em>change the
 * value</em> of a field that another manager owns, and the 409 names, for each such manager, the fields in
 * question; the applier then drops the field, forces, or talks to the owner.
 *
 * <p>What is, and is not, a conflict:
 * <ul>
 *   <li>Owning a field is not enough. Applying the value a field already has changes nothing: the applier
 *       silently becomes a co-owner.</li>
 *   <li>Only what the apply would add or change counts, at the exact path of the change. A new key in a map
 *       whose other keys are someone else's, or a new container next to someone else's container, changes
 *       no value anyone owns. Changing one field of another manager's container contests that field, not the
 *       container.</li>
 *   <li>A list that merges atomically (a container's {@code args}) is one value: changing any part of it
 *       contests the whole list, as one path.</li>
 *   <li>A live list may hold an item twice (an update does not check). Since Kubernetes 1.29 an apply that
 *       names such an item replaces all its copies by its own item: then all of that item is new.</li>
 *   <li>Every kind of owner counts, Apply managers and Update managers alike (a controller's patch makes
 *       it the owner of what it changed). The applier never conflicts with itself.</li>
 * </ul>
 *
 * <p>"Would change" is about the object the apply would produce, not the configuration's text; what it
 * changes is yours to find. Given: {@code io.rvlab.ch06.fieldpath.FieldSet} (and {@code FieldPath}, {@code
 * PathElement}), {@code io.rvlab.ch06.structured.ApplySchema} (how each field of the kind merges, and the name
 * of a list's item) and, for comparing two values, {@code io.rvlab.ch03.registry.JsonPatch.equal}. Refused by
 * the tests: the server's own conflict finding ({@code io.rvlab.ch06.structured.Updater}, {@code
 * ConflictsException}, {@code io.rvlab.ch06.managedfields.FieldManager}) and the chapter's {@code
 * io.rvlab.ch06.structured.Merge} and {@code Comparison}, which find it in two calls.
 * Grade it with {@code ./course grade 6 --exercise 6.2}; the specification is {@code ConflictFinderTest},
 * whose last tests compare your conflicts with the causes of this chapter's server's 409.
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
     * @param live the object as stored (its managedFields are not read: {@code owners} says who owns what)
     * @param config the applier's configuration, a partial object
     * @param applier the applying manager, spelled as a key of {@code owners}
     * @param owners manager -> the fields it owns (as its managedFields entry says)
     * @param schema how the kind's fields merge (structs, maps, keyed lists, sets, atomic lists)
     */
    public static Map<String, FieldSet> conflicts(JsonNode live, JsonNode config, String applier,
                                                  Map<String, FieldSet> owners, ApplySchema schema) {
        throw new UnsupportedOperationException("TODO exercise 6.2");
    }
    // end::signature[]
}
