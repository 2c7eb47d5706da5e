package io.rvlab.ch06.structured;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * structured-merge-diff's {@code merge.Updater}: the ownership bookkeeping of the two kinds of
 * write. An Update (POST, PUT, non-apply PATCH) never conflicts: it takes the fields whose value it
 * changes from every other manager. An Apply merges a configuration into the live object, removes
 * what the applier stopped applying (unless someone else still owns it), and fails with
 * {@link ConflictsException} when it would change a field another manager owns, unless forced.
 *
 * <p>Every set here is in the one apiVersion the resource is served in (no conversion). Fields the
 * caller does not track (kube strips {@code apiVersion}, {@code kind}, {@code metadata.name},
 * {@code metadata.uid} ... from the sets) are the caller's business: it passes and gets back full
 * sets.
 */
public final class Updater {

    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final ApplySchema schema;
    private final ListMerge lists;

    public Updater(ApplySchema schema) {
        this(schema, ListMerge.BUILT_IN);
    }

    /** With {@code lists} merging the sets and associative lists of an apply (exercise 6.3's seam). */
    public Updater(ApplySchema schema, ListMerge lists) {
        this.schema = schema;
        this.lists = lists;
    }

    /** The object written ({@code null}: an apply that changed nothing) and the new ownership. */
    public record Result(ObjectNode object, ManagedFieldSets managers) {
    }

    // tag::updater-update[]
    /** An Update by `manager`: never conflicts; takes the changed fields from everyone else, gives up the removed ones. */
    public Result update(ObjectNode live, ObjectNode updated, String apiVersion, ManagedFieldSets managers,
                         String manager) {
        // A create compares against the kind's zero value, as kube's field manager does.
        Comparison compare = Comparison.of(live == null ? schema.emptyObject() : live, updated, schema);
        ManagedFieldSets others = takeFromOthers(compare, managers, manager, true);
        FieldSet before = managers.get(manager).map(VersionedSet::set).orElse(FieldSet.empty());
        FieldSet owned = before.difference(compare.removed()).union(compare.changed());
        return new Result(updated, others.with(manager, new VersionedSet(owned, apiVersion, false)));
    }
    // end::updater-update[]

    // tag::updater-apply[]
    /**
     * An Apply: merge config into live, prune what `manager` stopped applying (unless someone else
     * owns it), then conflicts unless force.
     *
     * @throws ConflictsException when another manager owns a field whose value this apply changes
     * @throws IllegalArgumentException when the config names a list item twice or the schema cannot walk it
     */
    public Result apply(ObjectNode live, ObjectNode config, String apiVersion, ManagedFieldSets managers,
                        String manager, boolean force) {
        UniqueItems.check(config, schema);
        ObjectNode base = live == null ? F.objectNode() : live;
        ObjectNode merged = Merge.apply(base, config, schema, lists);
        FieldSet previous = managers.get(manager).map(VersionedSet::set).orElse(FieldSet.empty());
        // The applier owns exactly what its configuration sets, no more (SMD: ToFieldSet of the config).
        FieldSet applied = ToFieldSet.of(config, schema);
        ManagedFieldSets withApplied = managers.with(manager, new VersionedSet(applied, apiVersion, true));
        ObjectNode pruned = prune(merged, withApplied, previous);
        Comparison compare = Comparison.of(live == null ? schema.emptyObject() : base, pruned, schema);
        ManagedFieldSets after = takeFromOthers(compare, withApplied, manager, force);
        return new Result(live != null && Items.same(base, pruned) ? null : pruned, after);
    }
    // end::updater-apply[]

    /**
     * Every manager but {@code manager} loses the fields whose value changed and the fields removed;
     * without force, owning a changed field is a conflict. Managers left owning nothing disappear.
     */
    private static ManagedFieldSets takeFromOthers(Comparison compare, ManagedFieldSets managers, String manager,
                                                   boolean force) {
        FieldSet changed = compare.changed();
        Map<String, FieldSet> conflicts = new LinkedHashMap<>();
        managers.asMap().forEach((other, owned) -> {
            FieldSet contested = owned.set().intersection(changed);
            if (!other.equals(manager) && !contested.isEmpty()) {
                conflicts.put(other, contested);
            }
        });
        if (!force && !conflicts.isEmpty()) {
            throw new ConflictsException(conflicts);
        }
        ManagedFieldSets out = managers;
        for (Map.Entry<String, VersionedSet> entry : managers.asMap().entrySet()) {
            if (entry.getKey().equals(manager)) {
                continue;
            }
            FieldSet kept = entry.getValue().set().difference(changed).difference(compare.removed());
            out = out.with(entry.getKey(), entry.getValue().withSet(kept));
        }
        return out;
    }

    // tag::prune[]
    /**
     * Removes from the merged object what the applier applied last time and no longer applies,
     * unless another manager (or its own new configuration) still owns it (SMD prune, then
     * addBackOwnedItems, then addBackDanglingItems). Struct fields count as owned nodes here
     * (SMD's EnsureNamedFieldsAreMembers), so a struct nobody owns anything in goes with its last
     * owned field.
     */
    private ObjectNode prune(ObjectNode merged, ManagedFieldSets managers, FieldSet previous) {
        if (previous.isEmpty()) {
            return merged;
        }
        FieldSet last = namedFieldsAsMembers(previous, schema);
        ObjectNode pruned = RemoveItems.from(merged, last, schema);

        // Add back what someone still owns: remove from `merged` only what pruning removed and nobody owns.
        FieldSet managed = FieldSet.empty();
        for (VersionedSet owned : managers.asMap().values()) {
            managed = managed.union(owned.set());
        }
        FieldSet mergedSet = namedFieldsAsMembers(ToFieldSet.of(merged, schema), schema);
        FieldSet prunedSet = namedFieldsAsMembers(ToFieldSet.of(pruned, schema), schema);
        pruned = RemoveItems.from(merged,
                mergedSet.difference(prunedSet.union(namedFieldsAsMembers(managed, schema))), schema);

        // Add back what went missing but was never the applier's (a container emptied on the way).
        prunedSet = namedFieldsAsMembers(ToFieldSet.of(pruned, schema), schema);
        return RemoveItems.from(merged, mergedSet.difference(prunedSet).intersection(last), schema);
    }
    // end::prune[]

    /** The set plus every struct field that has paths below it (SMD's EnsureNamedFieldsAreMembers). */
    static FieldSet namedFieldsAsMembers(FieldSet set, ApplySchema schema) {
        FieldSet out = FieldSet.empty();
        for (PathElement member : set.members()) {
            out = out.union(FieldSet.member(member));
        }
        for (Map.Entry<PathElement, FieldSet> child : set.children().entrySet()) {
            PathElement element = child.getKey();
            out = out.union(FieldSet.under(element, namedFieldsAsMembers(child.getValue(), Items.child(schema, element))));
            if (element instanceof PathElement.Field f && schema.declares(f.name())) {
                out = out.union(FieldSet.member(element));
            }
        }
        return out;
    }
}
