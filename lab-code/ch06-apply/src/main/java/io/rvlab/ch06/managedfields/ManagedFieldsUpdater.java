package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.structured.ManagedFieldSets;
import io.rvlab.ch06.structured.Updater;
import io.rvlab.ch06.structured.VersionedSet;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Records an update under its manager's entry (k8s.io/apimachinery
 * pkg/util/managedfields/internal/managedfieldsupdater.go): the write runs as the temporary manager
 * {@code current-operation}, whose fields then join the manager's entry.
 */
final class ManagedFieldsUpdater {

    /** The temporary owner of an update's changes (kube's managedFieldsUpdater). */
    static final String CURRENT_OPERATION = "current-operation";

    private final ResourceType type;
    private final Updater updater;
    private final String groupVersion;
    private final Clock clock;

    ManagedFieldsUpdater(ResourceType type, Updater updater, Clock clock) {
        this.type = type;
        this.updater = updater;
        this.groupVersion = type.groupVersion();
        this.clock = clock;
    }

    /**
     * An update by {@code identity}: run as current-operation, strip meta fields, merge into the
     * identity's entry and stamp its time if it changed anything; then cap the Update entries.
     * A null {@code live} is a create: the Updater compares against the kind's zero value, as kube
     * compares against a new empty object of the kind.
     */
    ManagedFields recordUpdate(ObjectNode live, ObjectNode updated, ManagedFields managed, String identity,
            String subresource) {
        ObjectNode liveObject = live == null ? null : withoutManagedFields(live);
        ObjectNode compared = ResetFieldsStrategy.withLiveResetFields(type, withoutManagedFields(updated), liveObject,
                subresource);
        Updater.Result result = updater.update(liveObject, compared, groupVersion, managed.sets(), CURRENT_OPERATION);
        ManagedFieldSets sets = StripMeta.stripMeta(result.managers(), CURRENT_OPERATION);
        ManagedFields next = managed.withSets(sets);
        Optional<VersionedSet> changed = sets.get(CURRENT_OPERATION);
        if (changed.isPresent()) {
            sets = sets.without(CURRENT_OPERATION);
            VersionedSet mine = changed.get();
            FieldSet owned = sets.get(identity).map(previous -> mine.set().union(previous.set())).orElse(mine.set());
            sets = sets.with(identity, new VersionedSet(owned, mine.apiVersion(), mine.applied()));
            next = next.withSets(sets).withTime(identity, now());
        }
        return CapManagers.capUpdateManagers(next);
    }

    static ObjectNode withoutManagedFields(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        ManagedFields.removeFrom(copy);
        return copy;
    }

    /** The time an entry is stamped with: whole seconds, as managedFields serialize it. */
    Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }
}
