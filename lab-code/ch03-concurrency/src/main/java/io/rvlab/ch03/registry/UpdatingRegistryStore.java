package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.GroupKind;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.InvalidResourceVersionException;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch03.api.Conflicts;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.api.FieldValidation;
import io.rvlab.ch03.api.FieldValidation.Decoded;
import io.rvlab.ch03.api.FieldValidation.Directive;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch03.storage.UpdatableStorage;
import io.rvlab.ch03.wire.openapi.Schema;
import java.util.List;

/**
 * Chapter 2's {@link RegistryStore} plus update (PUT), patch (PATCH: JSON, merge and strategic merge
 * patches), the /status subresource and delete with preconditions, as apiserver's generic registry
 * Store does them. Every write is a {@link UpdatableStorage#guaranteedUpdate}: the checks below run
 * inside its tryUpdate, against the object as stored at that moment.
 *
 * <p>Bodies are decoded as Kubernetes decodes them into its Go types ({@link FieldValidation}): a
 * value of the wrong type is refused, unknown fields are dropped, or refused with
 * {@code fieldValidation=Strict}.
 */
public class UpdatingRegistryStore extends RegistryStore {

    private final UpdatableStorage storage;
    private final UpdateStrategy strategy;

    public UpdatingRegistryStore(ResourceType type, UpdatableStorage storage) {
        super(type, storage);
        this.storage = storage;
        this.strategy = UpdateStrategy.of(type);
    }

    /**
     * POST: chapter 2's create, after decoding the body as the kind's Go type.
     *
     * @throws StatusException 400 for a field of the wrong type, or an unknown field when {@code
     *         validation} is Strict; otherwise as {@link RegistryStore#create}
     */
    public ObjectNode create(String namespace, ObjectNode body, Directive validation) {
        return create(namespace, body, validation, TransformFunc.NONE);
    }

    /**
     * POST with a {@link TransformFunc} run on the decoded body (old object: null) before chapter
     * 2's create, as apiserver's create handler runs its field manager before the registry.
     */
    public ObjectNode create(String namespace, ObjectNode body, Directive validation, TransformFunc transform) {
        ObjectNode decoded = decodeBody(body, validation);
        checkTypeMeta(decoded); // the transform sees this endpoint's kind (create checks it again)
        return create(namespace, transform.transform(decoded, null));
    }

    // tag::update[]
    /**
     * PUT: replaces the object named in the URL with {@code body}.
     *
     * @throws StatusException 400 (name or namespace differs from the URL, a field of the wrong
     *         type, an unknown field when {@code validation} is Strict), 404 (no such object), 409
     *         (stale resourceVersion, or a uid in the body that is not the stored one), 422
     */
    public ObjectNode update(String namespace, String name, ObjectNode body, boolean status, Directive validation) {
        return update(namespace, name, body, status, validation, TransformFunc.NONE);
    }

    /** PUT with a {@link TransformFunc} run in every attempt of the guaranteed update, before {@link #prepareUpdate}. */
    public ObjectNode update(String namespace, String name, ObjectNode body, boolean status, Directive validation,
            TransformFunc transform) {
        ObjectNode incoming = decodeBody(body, validation);
        checkTypeMeta(incoming);
        checkName(incoming, namespace, name);
        RegistryKey key = keyFromPath(namespace, name);
        // A uid in the body is a precondition: the object must be the one the client read.
        Preconditions preconditions = Preconditions.uid(ObjectMeta.uid(incoming));
        try {
            return withTypeMeta(storage.guaranteedUpdate(key, preconditions,
                    current -> prepareUpdate(current, transform.transform(incoming.deepCopy(), current), status)));
        } catch (RuntimeException e) {
            throw translate(e, name);
        }
    }

    /**
     * The tryUpdate of a PUT or PATCH (apiserver's Store.Update callback, then rest.BeforeUpdate):
     * the resourceVersion check, the server-owned fields, the kind's strategy, validation.
     */
    protected ObjectNode prepareUpdate(ObjectNode current, ObjectNode incoming, boolean status) {
        strategy.applyDefaults(current); // as Kubernetes decodes what it reads from etcd
        String name = ObjectMeta.name(current);
        long requested = parseResourceVersion(ObjectMeta.resourceVersion(incoming));
        if (requested == 0 && !strategy.allowUnconditionalUpdate()) {
            // Kubernetes puts the resource where the kind belongs here (its TODO #18526).
            throw Status.invalid(new GroupKind(type().group(), type().resource()), name, List.of(new FieldError(
                    FieldError.Type.INVALID, "metadata.resourceVersion", "0", "must be specified for an update")))
                    .exception();
        }
        // Numbers, not text, are compared (Store.Update compares what the versioner parsed): "09" is 9.
        if (requested != 0 && requested != storage.versioner().parse(ObjectMeta.resourceVersion(current))) {
            // The client changed an old version: 409, and it is not retried here (the client must re-read).
            throw Conflicts.optimisticLock(type().groupResource(), name).exception();
        }
        if (status) {
            strategy.prepareForStatusUpdate(incoming, current);
        }
        beforeUpdate(incoming, current);
        if (!status) {
            strategy.prepareForUpdate(incoming, current);
        }
        ObjectMetaOrder.normalize(incoming);
        validate(incoming);
        return incoming;
    }
    // end::update[]

    // tag::before-update[]
    /** What no client may change (rest.BeforeUpdate): uid, creationTimestamp, generation, deletion fields. */
    protected void beforeUpdate(ObjectNode updated, ObjectNode old) {
        ObjectNode metadata = ObjectMeta.of(updated);
        ObjectNode oldMetadata = ObjectMeta.of(old);
        metadata.remove("managedFields"); // no server-side apply field tracking here
        metadata.remove("selfLink");
        for (String field : List.of("uid", "creationTimestamp", "generation", "deletionTimestamp",
                "deletionGracePeriodSeconds")) {
            JsonNode value = oldMetadata.get(field);
            if (value == null) {
                metadata.remove(field);
            } else {
                metadata.set(field, value.deepCopy());
            }
        }
        if (!type().namespaced()) {
            metadata.remove("namespace");
        }
    }
    // end::before-update[]

    // tag::patch[]
    /**
     * PATCH: the patch is applied to the object as stored, then the same checks as a PUT. The
     * result carries the stored resourceVersion unless the patch sets one, so a patch is
     * unconditional (a lost race just applies it again to the winner's object) unless the client
     * asks for optimistic locking by putting a resourceVersion in it (golden c1.7 to c1.9).
     *
     * @throws StatusException 400 (malformed patch, name or kind changed), 404, 409 (stale
     *         resourceVersion in the patch), 422 (a patch that does not apply, or a patched object
     *         that does not decode)
     */
    public ObjectNode patch(String namespace, String name, Patch patch, boolean status, Directive validation) {
        return patch(namespace, name, patch, status, validation, TransformFunc.NONE);
    }

    /** PATCH with a {@link TransformFunc} run on the patched object in every attempt, before {@link #prepareUpdate}. */
    public ObjectNode patch(String namespace, String name, Patch patch, boolean status, Directive validation,
            TransformFunc transform) {
        RegistryKey key = keyFromPath(namespace, name);
        Schema kind = Definitions.of(type());
        try {
            return withTypeMeta(storage.guaranteedUpdate(key, Preconditions.NONE, current -> {
                // The stored object is what its Go type can hold (objects written by other means may hold more).
                ObjectNode typed = FieldValidation.decode(current, kind).object();
                strategy.applyDefaults(typed);
                JsonNode patchedJson = patch.apply(typed);
                if (!(patchedJson instanceof ObjectNode patchedObject)) {
                    throw invalidPatch(patch, patchedJson, "json: cannot unmarshal " + (patchedJson.isArray() ? "array"
                            : "value") + " into Go value of type " + type().kind());
                }
                Decoded decoded = FieldValidation.decode(patchedObject, kind);
                if (decoded.typeError() != null) {
                    throw invalidPatch(patch, patchedJson, decoded.typeError());
                }
                if (validation == Directive.STRICT && !decoded.unknownFields().isEmpty()) {
                    throw invalidPatch(patch, patchedJson, decoded.strictError());
                }
                ObjectNode patched = decoded.object();
                strategy.applyDefaults(patched);
                checkTypeMeta(patched);
                checkName(patched, namespace, name);
                return prepareUpdate(current, transform.transform(patched, current), status);
            }));
        } catch (RuntimeException e) {
            throw translate(e, name);
        }
    }
    // end::patch[]

    /** What apiserver's patcher answers when the patched object does not decode: a 422 quoting the patch. */
    private static StatusException invalidPatch(Patch patch, JsonNode patched, String error) {
        return Status.invalid(new GroupKind("", ""), "", List.of(FieldError.invalid("patch", patch.invalidValue(patched), error)))
                .exception();
    }

    // tag::decode[]
    /**
     * A POST or PUT body decoded as the kind's Go type (apiserver's create and update handlers): a
     * 400 {@code ConfigMap in version "v1" cannot be handled as a ConfigMap: ...} for a value of the
     * wrong type, or for unknown fields under Strict validation; otherwise the body without them,
     * with the kind's defaults filled in.
     */
    protected ObjectNode decodeBody(ObjectNode body, Directive validation) {
        Decoded decoded = FieldValidation.decode(body, Definitions.of(type()));
        String error = decoded.typeError() != null ? decoded.typeError()
                : validation == Directive.STRICT && !decoded.unknownFields().isEmpty() ? decoded.strictError() : null;
        if (error != null) {
            throw Status.badRequest(type().kind() + " in version " + GoJson.quote(type().version())
                    + " cannot be handled as a " + type().kind() + ": " + error).exception();
        }
        ObjectNode object = decoded.object();
        strategy.applyDefaults(object);
        return object;
    }
    // end::decode[]

    // tag::delete[]
    /**
     * DELETE, with the preconditions of {@code options} (a DeleteOptions body, or null): checked
     * first against the object just read (the 409s of golden c2, naming the Kind: {@link BeforeDelete}),
     * then again by storage inside the delete transaction. Answers 200 with a Success Status.
     */
    public ObjectNode delete(String namespace, String name, ObjectNode options) {
        RegistryKey key = keyFromPath(namespace, name);
        BeforeDelete preconditions = BeforeDelete.of(options); // 400 for a DeleteOptions that does not decode
        try {
            ObjectNode current = storage.get(key, GetOptions.LATEST);
            preconditions.check(type().groupKind(), name, current);
            // Both held, so neither is "": storage checks them again in the delete's transaction.
            ObjectNode deleted = storage.delete(key, preconditions.forStorage());
            Status.Details details = new Status.Details(name, type().group(), type().resource(), ObjectMeta.uid(deleted),
                    null, 0);
            return new Status("Success", null, null, details, 0, null).toJson();
        } catch (RuntimeException e) {
            throw translate(e, name);
        }
    }
    // end::delete[]

    /** Name and namespace in the body must be the URL's (apiserver's handlers checkName). */
    protected void checkName(ObjectNode object, String namespace, String name) {
        String inBody = ObjectMeta.namespace(object);
        if (type().namespaced()) {
            if (!inBody.isEmpty() && !inBody.equals(namespace)) {
                throw Status.badRequest("the namespace of the object (" + inBody
                        + ") does not match the namespace on the request (" + namespace + ")").exception();
            }
            ObjectMeta.setNamespace(object, namespace);
        }
        String bodyName = ObjectMeta.name(object);
        if (!bodyName.equals(name)) {
            throw Status.badRequest("the name of the object (" + bodyName + ") does not match the name on the URL ("
                    + name + ")").exception();
        }
    }

    /**
     * A PUT's (or patched object's) resourceVersion: "" and "0" mean none. Text that is not a
     * number gets Kubernetes' message, Go's parse error, but as a 400 BadRequest: Kubernetes answers
     * 500 with no reason (golden c1.6), which tells a client to retry a request that can never
     * succeed (a reviewed difference, like a resourceVersion on create, golden c2.8).
     */
    private long parseResourceVersion(String text) {
        try {
            return storage.versioner().parse(text);
        } catch (InvalidResourceVersionException e) {
            String reason = e.getMessage().substring(e.getMessage().lastIndexOf(": ") + 2);
            throw Status.badRequest("strconv.ParseUint: parsing " + GoJson.quote(text) + ": " + reason).exception();
        }
    }

    @Override
    protected RuntimeException translate(RuntimeException error, String name) {
        if (error instanceof StatusException) {
            return error;
        }
        Status status = Conflicts.toStatus(error, type().groupResource(), name);
        return status == null ? error : status.exception();
    }
}
