package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;
import io.rvlab.ch06.structured.ApplySchema;
import io.rvlab.ch06.structured.ConflictsException;
import io.rvlab.ch06.structured.ListMerge;
import io.rvlab.ch06.structured.ManagedFieldSets;
import io.rvlab.ch06.structured.Updater;
import java.time.Clock;
import java.time.Instant;

/**
 * kube-apiserver's field manager for one resource (and one subresource per call): it keeps
 * {@code metadata.managedFields} up to date on every write. {@link #update} records a create, PUT
 * or non-apply PATCH; {@link #apply} performs a server-side apply. Both wrap structured-merge-diff's
 * {@link Updater} the way kube's chain of managers does (k8s.io/apimachinery
 * pkg/util/managedfields/internal, outermost first; fieldmanager.go composes them, as this class
 * composes the small classes named below after their upstream files):
 *
 * <ol>
 * <li>version check ({@link VersionCheck}): an applied config must be of this resource's
 *     apiVersion and kind;</li>
 * <li>skip non-applied (here, in {@link #update} and {@link #apply}): an object that has no
 *     managedFields stays untracked by updates, except on create; an apply to such an object first
 *     records its fields as {@code before-first-apply};</li>
 * <li>cap managers ({@link CapManagers}): at most 10 Update entries, the oldest merged into
 *     {@code ancient-changes};</li>
 * <li>build manager info ({@link BuildManagerInfo}): the name becomes an identity
 *     ({@link ManagerIdentity}); "" becomes {@code unknown};</li>
 * <li>managed fields updater ({@link ManagedFieldsUpdater}): an update runs as the temporary
 *     manager {@code current-operation}, whose fields then join the manager's entry, and the
 *     entry's time is set only if it changed a field; an apply sets the time only when the object
 *     changed;</li>
 * <li>strip meta ({@link StripMeta}): nobody owns apiVersion, kind, metadata itself or the
 *     server-set metadata (name, namespace, uid, resourceVersion, generation, creationTimestamp,
 *     ...);</li>
 * <li>structured merge: the Updater, blind to the resource's {@link ResetFields}
 *     ({@link ResetFieldsStrategy}).</li>
 * </ol>
 */
public final class FieldManager {

    static final String BEFORE_FIRST_APPLY = "before-first-apply";

    private final ResourceType type;
    private final Updater updater;
    private final ManagedFieldsUpdater managedFieldsUpdater;
    private final String groupVersion;

    public FieldManager(ResourceType type, Clock clock) {
        this(type, clock, ListMerge.BUILT_IN);
    }

    /** With {@code lists} merging the sets and associative lists of an apply (exercise 6.3's seam). */
    public FieldManager(ResourceType type, Clock clock, ListMerge lists) {
        this.type = type;
        this.updater = new Updater(ApplySchema.of(type), lists);
        this.managedFieldsUpdater = new ManagedFieldsUpdater(type, updater, clock);
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
        VersionCheck.checkConfig(type, config);
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
            result = updater.apply(liveObject, ResetFieldsStrategy.withoutResetFields(type, config, sub), groupVersion,
                    managed.sets(), identity, force);
        } catch (ConflictsException conflicts) {
            throw ApplyConflicts.toStatus(conflicts).exception();
        }
        ManagedFieldSets sets = StripMeta.stripMeta(result.managers(), identity);
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

    /** An update recorded by {@link ManagedFieldsUpdater} (then capped by {@link CapManagers}). */
    private ManagedFields recordUpdate(ObjectNode live, ObjectNode updated, ManagedFields managed, String identity,
            String subresource) {
        return managedFieldsUpdater.recordUpdate(live, updated, managed, identity, subresource);
    }

    /** The identity a write is recorded under ({@link BuildManagerInfo}). */
    private String identity(String manager, Operation operation, String subresource) {
        return BuildManagerInfo.identity(manager, operation, groupVersion, subresource);
    }

    private static ObjectNode withoutManagedFields(ObjectNode object) {
        return ManagedFieldsUpdater.withoutManagedFields(object);
    }

    private Instant now() {
        return managedFieldsUpdater.now();
    }

    private static boolean isNullOrEmpty(JsonNode node) {
        return node == null || node.isNull() || node.isMissingNode() || node.asText("").isEmpty();
    }
}
