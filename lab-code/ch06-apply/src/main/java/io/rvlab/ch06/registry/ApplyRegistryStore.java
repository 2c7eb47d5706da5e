package io.rvlab.ch06.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.NamespaceStrategy;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.storage.KeyNotFoundException;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.api.FieldValidation;
import io.rvlab.ch03.api.FieldValidation.Decoded;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.registry.Patch;
import io.rvlab.ch03.registry.TransformFunc;
import io.rvlab.ch03.registry.UpdateStrategy;
import io.rvlab.ch03.registry.UpdatingRegistryStore;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch03.storage.UpdatableStorage;
import io.rvlab.ch06.managedfields.ApplyConflicts;
import io.rvlab.ch06.managedfields.FieldManager;
import io.rvlab.ch06.structured.ConflictsException;
import io.rvlab.ch06.structured.ListMerge;
import java.time.Clock;
import java.util.List;

/**
 * Chapter 3's store with field management (kube-apiserver's FieldManager around its registry): every
 * create, update and patch records its manager in {@code metadata.managedFields}, and {@link #apply}
 * serves server-side apply. The field manager runs as a {@link TransformFunc}, inside the guaranteed
 * update, on the object as stored at that attempt: ownership is computed against exactly the object
 * the write replaces.
 */
public class ApplyRegistryStore extends UpdatingRegistryStore {

    /** An apply's result, and whether it created the object (201) or changed an existing one (200). */
    public record Applied(ObjectNode object, boolean created) {
    }

    private final UpdatableStorage storage;
    private final UpdateStrategy strategy;
    private final FieldManager fieldManager;

    public ApplyRegistryStore(ResourceType type, UpdatableStorage storage) {
        this(type, storage, Clock.systemUTC());
    }

    /** With the clock that stamps {@code managedFields[].time}. */
    public ApplyRegistryStore(ResourceType type, UpdatableStorage storage, Clock clock) {
        this(type, storage, clock, ListMerge.BUILT_IN);
    }

    /** With {@code lists} merging the sets and associative lists of an apply (exercise 6.3's seam). */
    public ApplyRegistryStore(ResourceType type, UpdatableStorage storage, Clock clock, ListMerge lists) {
        super(type, storage);
        this.storage = storage;
        this.strategy = UpdateStrategy.of(type);
        this.fieldManager = new FieldManager(type, clock, lists);
    }

    public FieldManager fieldManager() {
        return fieldManager;
    }

    // tag::manager-of-request[]
    /** POST, recording {@code manager} as an Update of every field the body sets. */
    public ObjectNode create(String namespace, ObjectNode body, Directive validation, String manager) {
        return create(namespace, body, validation, recordUpdate(manager, ""));
    }

    /** PUT (of the object, or of its /status), recording {@code manager}. */
    public ObjectNode update(String namespace, String name, ObjectNode body, boolean status, Directive validation,
            String manager) {
        return update(namespace, name, body, status, validation, recordUpdate(manager, subresource(status)));
    }

    /** A non-apply PATCH (JSON, merge, strategic merge), recording {@code manager}. */
    public ObjectNode patch(String namespace, String name, Patch patch, boolean status, Directive validation,
            String manager) {
        return patch(namespace, name, patch, status, validation, recordUpdate(manager, subresource(status)));
    }

    /**
     * The field manager as apiserver runs it for a non-apply write: a transformer of the object
     * about to be stored, given the stored one (read as Kubernetes decodes it: with defaults).
     */
    private TransformFunc recordUpdate(String manager, String subresource) {
        return (updated, old) -> fieldManager.update(old == null ? null : typed(old), updated, manager, subresource);
    }
    // end::manager-of-request[]

    // tag::apply-store[]
    /**
     * PATCH {@code application/apply-patch+yaml}: merges {@code config} into the stored object as
     * {@code manager}'s intent (the field manager decides ownership, conflicts and removals), then
     * the checks of any update: a resourceVersion in the config is a precondition (409), the kind's
     * strategy, validation. Creates the object when there is none (Kubernetes' forceAllowCreate),
     * except through /status (404). An apply that changes nothing writes nothing: the object keeps
     * its resourceVersion.
     *
     * @throws StatusException 400 (config of another version or kind, managedFields in it, a field
     *         the kind does not have, name or namespace not the URL's), 404, 409 (conflicts with
     *         other managers, stale resourceVersion), 422 (invalid result)
     */
    public Applied apply(String namespace, String name, ObjectNode config, boolean status, String manager,
            boolean force, Directive validation) {
        RegistryKey key = keyFromPath(namespace, name); // a name that could leave the registry's prefix: 400
        String subresource = subresource(status);
        while (true) {
            try {
                ObjectNode updated = storage.guaranteedUpdate(key, Preconditions.NONE, current -> {
                    ObjectNode applied = fieldManager.apply(typed(current), checkedConfig(config), manager, subresource, force);
                    return prepareUpdate(current, applyResult(applied, config, namespace, name, current), status);
                });
                return new Applied(withTypeMeta(updated), false);
            } catch (KeyNotFoundException e) {
                if (status) {
                    throw translate(e, name); // a subresource never creates its object
                }
            } catch (RuntimeException e) {
                throw translate(e, name);
            }
            try {
                ObjectNode applied = fieldManager.apply(null, checkedConfig(config), manager, subresource, force);
                return new Applied(create(namespace, applyResult(applied, config, namespace, name, null)), true);
            } catch (StatusException e) {
                if (!"AlreadyExists".equals(e.status().reason())) {
                    throw e;
                }
                // Created by someone else since the update found nothing: apply to theirs.
            }
        }
    }

    /**
     * The config as the field manager may take it. Kubernetes checks, in this order, the config's
     * apiVersion, that it has no managedFields (both the field manager's), then converts it to the
     * kind's type, which fails for a field the kind does not have: here a 400 with Kubernetes'
     * words, whatever {@code fieldValidation} says (Kubernetes answers 500, a reviewed difference).
     */
    private ObjectNode checkedConfig(ObjectNode config) {
        ObjectNode copy = config.deepCopy();
        boolean fieldManagerRefuses = !type().groupVersion().equals(copy.path("apiVersion").asText())
                || !type().kind().equals(copy.path("kind").asText())
                || copy.path("metadata").has("managedFields");
        if (fieldManagerRefuses) {
            return copy; // its Status is the one Kubernetes answers
        }
        Decoded decoded = FieldValidation.decode(copy, Definitions.of(type()));
        String error = decoded.typeError();
        if (error == null && !decoded.unknownFields().isEmpty()) {
            List<String> lines = decoded.unknownFields().stream().map(f -> "." + f + ": field not declared in schema").toList();
            error = lines.size() == 1 ? lines.get(0) : "errors:\n  " + String.join("\n  ", lines);
        }
        if (error != null) {
            throw Status.badRequest("failed to create typed patch object (" + ObjectMeta.namespace(copy) + "/"
                    + ObjectMeta.name(copy) + "; " + type().group() + "/" + type().version() + ", Kind=" + type().kind()
                    + "): " + error).exception();
        }
        return copy;
    }

    /**
     * What the field manager returned, made an object of this endpoint: decoded as the kind's type
     * with its defaults, kind and name checked against the URL. On an update the config's
     * resourceVersion, if it has one, is the one the update must find (as for any patch), otherwise
     * the stored one; a create ignores it, as Kubernetes' create-on-update does.
     */
    private ObjectNode applyResult(ObjectNode applied, ObjectNode config, String namespace, String name, ObjectNode current) {
        ObjectNode object = FieldValidation.decode(applied, Definitions.of(type())).object();
        strategy.applyDefaults(object);
        String requested = config.path("metadata").path("resourceVersion").asText("");
        if (current == null) {
            ObjectMeta.of(object).remove("resourceVersion");
        } else {
            ObjectMeta.of(object).put("resourceVersion", requested.isEmpty() ? ObjectMeta.resourceVersion(current) : requested);
        }
        checkTypeMeta(object);
        checkName(object, namespace, name);
        return object;
    }
    // end::apply-store[]

    /**
     * A POST or PUT body decoded as chapter 3 does, plus the one default Kubernetes' decoding gives
     * a namespace (SetDefaults_Namespace: the {@code kubernetes.io/metadata.name} label). It is there
     * before the field manager runs, so the namespace's creator owns it (golden 00).
     */
    @Override
    protected ObjectNode decodeBody(ObjectNode body, Directive validation) {
        ObjectNode object = super.decodeBody(body, validation);
        if (type().equals(ResourceTypes.NAMESPACES) && !ObjectMeta.name(object).isEmpty()) {
            ObjectMeta.setLabel(object, NamespaceStrategy.NAME_LABEL, ObjectMeta.name(object));
        }
        return object;
    }

    /** The stored object as Kubernetes decodes it from etcd: its kind's fields only, defaults filled in. */
    private ObjectNode typed(ObjectNode stored) {
        ObjectNode object = FieldValidation.decode(stored, Definitions.of(type())).object();
        strategy.applyDefaults(object);
        return object;
    }

    private static String subresource(boolean status) {
        return status ? "status" : "";
    }

    /** An apply that lost to other managers is a 409 naming them, as Kubernetes writes it. */
    @Override
    protected RuntimeException translate(RuntimeException error, String name) {
        if (error instanceof ConflictsException conflicts) {
            return ApplyConflicts.toStatus(conflicts).exception();
        }
        return super.translate(error, name);
    }

    // tag::keep-managed-fields[]
    /** Chapter 2 drops managedFields on create; here they are the field manager's, so they stay. */
    @Override
    protected void beforeCreate(ObjectNode object) {
        JsonNode managedFields = ObjectMeta.of(object).get("managedFields");
        super.beforeCreate(object);
        keep(object, managedFields);
    }

    /** Chapter 3 drops managedFields on update; here they are the field manager's, so they stay. */
    @Override
    protected void beforeUpdate(ObjectNode updated, ObjectNode old) {
        JsonNode managedFields = ObjectMeta.of(updated).get("managedFields");
        super.beforeUpdate(updated, old);
        keep(updated, managedFields);
    }

    private static void keep(ObjectNode object, JsonNode managedFields) {
        if (managedFields != null && !managedFields.isNull()) {
            ObjectMeta.of(object).set("managedFields", managedFields);
            ObjectMetaOrder.normalize(object);
        }
    }
    // end::keep-managed-fields[]
}
