package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.PathElement;
import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.ConflictsException;
import io.rvlab.ch06.structured.ListMerge;
import io.rvlab.ch06.structured.ManagedFieldSets;
import io.rvlab.ch06.structured.Updater;
import io.rvlab.ch06.structured.VersionedSet;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * kube-apiserver's field manager for one resource (and one subresource per call): it keeps
 * {@code metadata.managedFields} up to date on every write. {@link #update} records a create, PUT
 * or non-apply PATCH; {@link #apply} performs a server-side apply. Both wrap structured-merge-diff's
 * {@link Updater} the way kube's chain of managers does (k8s.io/apimachinery
 * pkg/util/managedfields/internal, outermost first):
 *
 * <ol>
 * <li>version check: an applied config must be of this resource's apiVersion and kind;</li>
 * <li>skip non-applied: an object that has no managedFields stays untracked by updates, except on
 *     create; an apply to such an object first records its fields as {@code before-first-apply};</li>
 * <li>cap managers: at most 10 Update entries, the oldest merged into {@code ancient-changes};</li>
 * <li>build manager info: the name becomes an identity ({@link ManagerIdentity}); "" becomes
 *     {@code unknown};</li>
 * <li>managed fields updater: an update runs as the temporary manager {@code current-operation},
 *     whose fields then join the manager's entry, and the entry's time is set only if it changed a
 *     field; an apply sets the time only when the object changed;</li>
 * <li>strip meta: nobody owns apiVersion, kind, metadata itself or the server-set metadata
 *     (name, namespace, uid, resourceVersion, generation, creationTimestamp, ...);</li>
 * <li>structured merge: the Updater, blind to the resource's {@link ResetFields}.</li>
 * </ol>
 */
public final class FieldManager {

    /** The temporary owner of an update's changes (kube's managedFieldsUpdater). */
    static final String CURRENT_OPERATION = "current-operation";
    static final String BEFORE_FIRST_APPLY = "before-first-apply";
    static final String ANCIENT_CHANGES = "ancient-changes";
    /** kube's DefaultMaxUpdateManagers. */
    static final int MAX_UPDATE_MANAGERS = 10;

    /** What no manager owns (kube's stripMetaManager); exact paths, their children stay ownable. */
    static final FieldSet STRIPPED = FieldSet.of(
            FieldPath.fields("apiVersion"),
            FieldPath.fields("kind"),
            FieldPath.fields("metadata"),
            FieldPath.fields("metadata", "name"),
            FieldPath.fields("metadata", "namespace"),
            FieldPath.fields("metadata", "creationTimestamp"),
            FieldPath.fields("metadata", "selfLink"),
            FieldPath.fields("metadata", "uid"),
            FieldPath.fields("metadata", "clusterName"),
            FieldPath.fields("metadata", "generation"),
            FieldPath.fields("metadata", "managedFields"),
            FieldPath.fields("metadata", "resourceVersion"));

    private final ResourceType type;
    private final Clock clock;
    private final Updater updater;
    private final String groupVersion;

    public FieldManager(ResourceType type, Clock clock) {
        this(type, clock, ListMerge.BUILT_IN);
    }

    /** With {@code lists} merging the sets and associative lists of an apply (exercise 6.3's seam). */
    public FieldManager(ResourceType type, Clock clock, ListMerge lists) {
        this.type = type;
        this.clock = clock;
        this.updater = new Updater(ApplySchema.of(type), lists);
        this.groupVersion = type.groupVersion();
    }

    public ResourceType type() {
        return type;
    }

    // tag::field-manager-update[]
    /**
     * A create ({@code live == null}), PUT or non-apply PATCH by {@code manager} through
     * {@code subresource} ("" = main resource): returns a copy of {@code updated} whose
     * managedFields record the write.
     *
     * <p>Which managedFields it starts from (kube's decodeLiveOrNew): through a subresource always
     * the live ones; otherwise the ones the client sent if they decode and are not empty
     * ({@code [{}]} or {@code []} reset them to none), else the live ones. A live object with no
     * managedFields stays untracked; a created object is always tracked.
     */
    public ObjectNode update(ObjectNode live, ObjectNode updated, String manager, String subresource) {
        String sub = subresource == null ? "" : subresource;
        ManagedFields managed = startingPoint(live, updated, sub);
        ObjectNode result = updated.deepCopy();
        ManagedFields.removeFrom(result);
        boolean create = live == null || isNullOrEmpty(live.path("metadata").path("uid"));
        if (managed.isEmpty() && !create) {
            return result; // kube's skipNonAppliedManager: an untracked object stays untracked
        }
        try {
            managed = recordUpdate(live, result, managed, identity(manager, Operation.Update, sub), sub);
        } catch (IllegalArgumentException e) {
            // An object the schema cannot walk: kube's UpdateNoErrors never fails the write, it keeps
            // the live managedFields (Kubernetes 1.26 dropped them instead).
            managed = ManagedFields.ofOrEmpty(live);
        }
        managed.writeTo(result);
        return result;
    }
    // end::field-manager-update[]

    // tag::field-manager-apply[]
    /**
     * A server-side apply of {@code config} by {@code manager}: returns the merged object with its
     * managedFields, or a copy of {@code live} when the apply changes nothing (then the same JSON,
     * unless the ownership changed: sharing a value already there, or the first apply to an
     * untracked object).
     *
     * @throws io.rvlab.ch02.api.StatusException 409 when others own fields the config changes
     *         (unless {@code force}), 400 for a config of another apiVersion or kind or with
     *         metadata.managedFields
     */
    public ObjectNode apply(ObjectNode live, ObjectNode config, String manager, String subresource, boolean force) {
        String sub = subresource == null ? "" : subresource;
        checkConfig(config);
        try {
            return merge(live, config, manager, sub, force);
        } catch (IllegalArgumentException e) {
            // A config the schema cannot walk (say, a container without its name): kube answers its
            // typed conversion error; a client's mistake, so 400 here rather than kube's 500.
            throw Status.badRequest("failed to create typed patch object (" + describe(config) + "): " + e.getMessage())
                    .exception();
        }
    }

    /** The apply itself: before-first-apply, the Updater's merge, strip meta, the time. */
    private ObjectNode merge(ObjectNode live, ObjectNode config, String manager, String sub, boolean force) {
        ObjectNode liveObject = live == null ? null : withoutManagedFields(live);
        ManagedFields managed = ManagedFields.ofOrEmpty(live);
        if (managed.isEmpty() && live != null) {
            // kube's skipNonAppliedManager: what the object already had belongs to before-first-apply
            managed = recordUpdate(null, liveObject, managed, identity(BEFORE_FIRST_APPLY, Operation.Update, sub), sub);
        }
        String identity = identity(manager, Operation.Apply, sub);
        Updater.Result result;
        try {
            result = updater.apply(liveObject, withoutResetFields(config, sub), groupVersion, managed.sets(), identity, force);
        } catch (ConflictsException conflicts) {
            throw ApplyConflicts.toStatus(conflicts).exception();
        }
        ManagedFieldSets sets = stripMeta(result.managers(), identity);
        managed = managed.withSets(sets);
        ObjectNode object;
        if (result.object() != null) {
            managed = managed.withTime(identity, now());
            object = result.object().deepCopy();
        } else {
            object = liveObject.deepCopy();
        }
        managed.writeTo(object);
        if (live != null && object.equals(live)) {
            return live.deepCopy(); // a no-op apply: byte for byte the live object
        }
        return object;
    }
    // end::field-manager-apply[]

    /** kube's objectGVKNN: {@code namespace/name; group/version, Kind=kind}. */
    private String describe(ObjectNode config) {
        JsonNode metadata = config.path("metadata");
        return metadata.path("namespace").asText("") + "/" + metadata.path("name").asText("") + "; "
                + type.group() + "/" + type.version() + ", Kind=" + type.kind();
    }

    /** The managedFields an update starts from (kube's decodeLiveOrNew). */
    private static ManagedFields startingPoint(ObjectNode live, ObjectNode updated, String subresource) {
        if (!subresource.isEmpty()) {
            return ManagedFields.ofOrEmpty(live);
        }
        JsonNode sent = updated.path("metadata").get("managedFields");
        if (ManagedFields.isReset(sent)) {
            return ManagedFields.empty();
        }
        try {
            ManagedFields decoded = ManagedFields.decode(sent);
            if (!decoded.isEmpty()) {
                return decoded;
            }
        } catch (io.rvlab.ch02.api.StatusException e) {
            // kube ignores managedFields it cannot decode and keeps the live ones
        }
        return ManagedFields.ofOrEmpty(live);
    }

    /**
     * An update by {@code identity}: run as current-operation, strip meta fields, merge into the
     * identity's entry and stamp its time if it changed anything; then cap the Update entries.
     * A null {@code live} is a create: the Updater compares against the kind's zero value, as kube
     * compares against a new empty object of the kind.
     */
    private ManagedFields recordUpdate(ObjectNode live, ObjectNode updated, ManagedFields managed, String identity,
            String subresource) {
        ObjectNode liveObject = live == null ? null : withoutManagedFields(live);
        ObjectNode compared = withLiveResetFields(withoutManagedFields(updated), liveObject, subresource);
        Updater.Result result = updater.update(liveObject, compared, groupVersion, managed.sets(), CURRENT_OPERATION);
        ManagedFieldSets sets = stripMeta(result.managers(), CURRENT_OPERATION);
        ManagedFields next = managed.withSets(sets);
        Optional<VersionedSet> changed = sets.get(CURRENT_OPERATION);
        if (changed.isPresent()) {
            sets = sets.without(CURRENT_OPERATION);
            VersionedSet mine = changed.get();
            FieldSet owned = sets.get(identity).map(previous -> mine.set().union(previous.set())).orElse(mine.set());
            sets = sets.with(identity, new VersionedSet(owned, mine.apiVersion(), mine.applied()));
            next = next.withSets(sets).withTime(identity, now());
        }
        return capUpdateManagers(next);
    }

    /** kube's stripMetaManager, for one identity's set. */
    private static ManagedFieldSets stripMeta(ManagedFieldSets sets, String identity) {
        Optional<VersionedSet> set = sets.get(identity);
        if (set.isEmpty()) {
            return sets;
        }
        FieldSet stripped = set.get().set().difference(STRIPPED);
        return stripped.isEmpty() ? sets.without(identity)
                : sets.with(identity, new VersionedSet(stripped, set.get().apiVersion(), set.get().applied()));
    }

    // tag::cap-managers[]
    /**
     * kube's capManagersManager: with more than 10 Update entries, the oldest (by time, then
     * identity) are folded, per apiVersion, into one {@code ancient-changes} entry: the first old
     * entry of a version is kept aside and becomes that bucket only when a second one joins it.
     */
    private ManagedFields capUpdateManagers(ManagedFields managed) {
        List<String> updaters = new ArrayList<>();
        managed.sets().asMap().forEach((identity, set) -> {
            if (!set.applied()) {
                updaters.add(identity);
            }
        });
        if (updaters.size() <= MAX_UPDATE_MANAGERS) {
            return managed;
        }
        Map<String, Instant> times = new HashMap<>(managed.times());
        updaters.sort(Comparator.comparingLong((String id) -> seconds(times.get(id))).thenComparing(Comparator.naturalOrder()));
        ManagedFieldSets sets = managed.sets();
        Map<String, String> firstOfVersion = new HashMap<>();
        int length = updaters.size();
        for (int i = 0; i < updaters.size() && length > MAX_UPDATE_MANAGERS; i++) {
            String identity = updaters.get(i);
            VersionedSet set = sets.get(identity).orElseThrow();
            Instant time = times.get(identity);
            String version = set.apiVersion();
            String bucket = ManagerIdentity.of(ANCIENT_CHANGES, Operation.Update, version, "");
            String first = firstOfVersion.get(version);
            if (first == null) {
                firstOfVersion.put(version, identity);
                continue;
            }
            if (sets.get(bucket).isEmpty()) {
                VersionedSet firstSet = sets.get(first).orElseThrow();
                sets = sets.without(first).with(bucket, firstSet);
            }
            VersionedSet bucketSet = sets.get(bucket).orElseThrow();
            sets = sets.with(bucket, new VersionedSet(set.set().union(bucketSet.set()), set.apiVersion(), set.applied()))
                    .without(identity);
            length--;
            if (time != null) {
                times.put(bucket, time);
            } else {
                times.remove(bucket);
            }
        }
        return ManagedFields.of(sets, times);
    }
    // end::cap-managers[]

    /**
     * The checks on an applied config: its apiVersion must be this resource's ("Incorrect version
     * specified in apply patch", kube 1.26's structured merge manager), its kind too ("invalid object
     * type", kube's versionCheckManager; 1.26 had no such check), and it may not carry managedFields.
     */
    private void checkConfig(ObjectNode config) {
        String apiVersion = text(config.get("apiVersion"));
        if (!apiVersion.equals(groupVersion)) {
            throw Status.badRequest("Incorrect version specified in apply patch. Specified patch version: "
                    + apiVersion + ", expected: " + groupVersion).exception();
        }
        String kind = text(config.get("kind"));
        if (!kind.equals(type.kind())) {
            throw Status.badRequest("invalid object type: " + type.group() + "/" + type.version() + ", Kind=" + kind)
                    .exception();
        }
        JsonNode managedFields = config.path("metadata").get("managedFields");
        if (managedFields != null && !managedFields.isNull()) {
            throw Status.badRequest("metadata.managedFields must be nil").exception();
        }
    }

    /** The identity a write is recorded under; a nameless manager is "unknown" (kube's buildManagerInfo). */
    private String identity(String manager, Operation operation, String subresource) {
        String name = manager == null || manager.isEmpty() ? "unknown" : manager;
        return ManagerIdentity.of(name, operation, groupVersion, subresource);
    }

    /**
     * {@code updated} with the reset fields as they are in {@code live}, so the Updater sees no change
     * there (kube gives the reset fields to structured-merge-diff as fields to ignore; the strategy
     * then puts the live values back anyway).
     */
    private ObjectNode withLiveResetFields(ObjectNode updated, ObjectNode live, String subresource) {
        ObjectNode copy = updated.deepCopy();
        for (FieldPath path : ResetFields.of(type, subresource).paths()) {
            JsonNode liveValue = live == null ? null : at(live, path);
            ObjectNode parent = parentOf(copy, path, liveValue != null);
            if (parent == null) {
                continue;
            }
            String field = fieldName(path.last());
            if (liveValue == null) {
                parent.remove(field);
            } else {
                parent.set(field, liveValue.deepCopy());
            }
        }
        return copy;
    }

    /** An applied config without the reset fields: they are neither merged nor owned. */
    private ObjectNode withoutResetFields(ObjectNode config, String subresource) {
        ObjectNode copy = config.deepCopy();
        for (FieldPath path : ResetFields.of(type, subresource).paths()) {
            ObjectNode parent = parentOf(copy, path, false);
            if (parent != null) {
                parent.remove(fieldName(path.last()));
            }
        }
        return copy;
    }

    private static JsonNode at(ObjectNode object, FieldPath path) {
        JsonNode node = object;
        for (PathElement element : path.elements()) {
            node = node == null ? null : node.get(fieldName(element));
        }
        return node;
    }

    /** The object holding {@code path}'s last field, created on the way if {@code create}. */
    private static ObjectNode parentOf(ObjectNode object, FieldPath path, boolean create) {
        ObjectNode node = object;
        List<PathElement> elements = path.elements();
        for (int i = 0; i < elements.size() - 1; i++) {
            String field = fieldName(elements.get(i));
            JsonNode next = node.get(field);
            if (!(next instanceof ObjectNode)) {
                if (!create) {
                    return null;
                }
                next = node.putObject(field);
            }
            node = (ObjectNode) next;
        }
        return node;
    }

    private static String fieldName(PathElement element) {
        if (element instanceof PathElement.Field field) {
            return field.name();
        }
        throw new IllegalStateException("reset fields are plain fields: " + element);
    }

    private static ObjectNode withoutManagedFields(ObjectNode object) {
        ObjectNode copy = object.deepCopy();
        ManagedFields.removeFrom(copy);
        return copy;
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.SECONDS);
    }

    private static long seconds(Instant time) {
        return time == null ? 0 : time.getEpochSecond();
    }

    private static boolean isNullOrEmpty(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode() || node.asText("").isEmpty();
    }

    private static String text(JsonNode node) {
        return node == null || !node.isTextual() ? "" : node.textValue();
    }
}
