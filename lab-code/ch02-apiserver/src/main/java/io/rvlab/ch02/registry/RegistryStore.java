package io.rvlab.ch02.registry;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.LabelRules;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.api.StorageErrors;
import io.rvlab.ch02.storage.DnsNames;
import io.rvlab.ch02.storage.GetOptions;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.storage.ListOptions;
import io.rvlab.ch02.storage.ObjectList;
import io.rvlab.ch02.wire.gojson.ObjectMetaOrder;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch02.storage.RegistryPrefix;
import io.rvlab.ch02.storage.ResourceVersionSetOnCreateException;
import io.rvlab.ch02.storage.Storage;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * The generic registry store for one resource (apiserver's registry/generic/registry.Store): it
 * turns API requests into storage calls and storage answers into API objects and Statuses.
 *
 * <p>On create it does what every Kubernetes kind gets: checks the namespace, fills the fields the
 * server owns ({@code uid}, {@code creationTimestamp}), lets the kind's {@link CreateStrategy}
 * reset the rest, validates, and stores with "create if absent". It never looks at revisions:
 * those are storage's business, and reach clients only as resourceVersions.
 *
 * <p>Chapter 3 extends this class with update and delete.
 */
public class RegistryStore {

    /** The namespace every namespaced request must name, and that must exist, checked before a create. */
    private static final ResourceType NAMESPACES = ResourceTypes.NAMESPACES;

    private final ResourceType type;
    private final Storage storage;
    private final Clock clock;
    private final Supplier<String> uids;
    private final NameGenerator names = new NameGenerator();

    public RegistryStore(ResourceType type, Storage storage) {
        this(type, storage, Clock.systemUTC(), () -> UUID.randomUUID().toString());
    }

    public RegistryStore(ResourceType type, Storage storage, Clock clock, Supplier<String> uids) {
        this.type = type;
        this.storage = storage;
        this.clock = clock;
        this.uids = uids;
    }

    public ResourceType type() {
        return type;
    }

    protected Storage storage() {
        return storage;
    }

    // tag::create[]
    /**
     * Creates an object from a request body, in namespace {@code namespace} ("" for cluster-scoped
     * kinds). Returns it as stored, with its uid, creationTimestamp and resourceVersion.
     *
     * @throws StatusException 400 (wrong apiVersion/kind, namespace mismatch, resourceVersion set),
     *         404 (namespace does not exist), 409 (name taken), 422 (invalid name or labels)
     */
    public ObjectNode create(String namespace, ObjectNode body) {
        ObjectNode object = body.deepCopy();
        checkTypeMeta(object);
        if (type.namespaced()) {
            requireNamespaceExists(namespace); // kube-apiserver's NamespaceLifecycle admission
        }
        ensureNamespaceMatches(object, namespace);
        beforeCreate(object);
        String name = ObjectMeta.name(object);
        // A new object has no version: its resourceVersion will be the revision of the create.
        // (Kubernetes answers a parseable one with a 500 and silently ignores one like "-1".)
        String resourceVersion = ObjectMeta.resourceVersion(object);
        if (!resourceVersion.isEmpty() && !resourceVersion.equals("0")) {
            throw Status.badRequest(ResourceVersionSetOnCreateException.MESSAGE).exception();
        }
        ObjectMeta.of(object).remove("resourceVersion");
        RegistryKey key = type.key(namespace, name);
        try {
            return storage.create(key, object);
        } catch (RuntimeException e) {
            throw translate(e, name);
        }
    }
    // end::create[]

    /**
     * Fills and checks what the server owns before an object is first stored (apiserver's
     * rest.BeforeCreate): generated name, uid, creationTimestamp, the kind's reset, validation.
     */
    protected void beforeCreate(ObjectNode object) {
        ObjectNode metadata = ObjectMeta.of(object);
        metadata.remove("deletionTimestamp");
        metadata.remove("deletionGracePeriodSeconds");
        metadata.remove("selfLink");
        metadata.remove("managedFields"); // this server does no field management (server-side apply)
        if (ObjectMeta.name(object).isEmpty() && !ObjectMeta.generateName(object).isEmpty()) {
            ObjectMeta.setName(object, names.generateName(ObjectMeta.generateName(object)));
        }
        ObjectMeta.setUid(object, uids.get());
        ObjectMeta.setCreationTimestamp(object, clock.instant());
        type.strategy().prepareForCreate(object);
        ObjectMetaOrder.normalize(object);
        validate(object);
    }

    /** Checks name and labels; a broken rule is a 422 Invalid naming the kind and the object. */
    protected void validate(ObjectNode object) {
        List<FieldError> errors = new ArrayList<>();
        String name = ObjectMeta.name(object);
        if (name.isEmpty()) {
            errors.add(FieldError.required("metadata.name", "name or generateName is required"));
        } else {
            type.strategy().nameErrors(name).forEach(message -> errors.add(FieldError.invalid("metadata.name", name, message)));
        }
        for (Map.Entry<String, String> label : ObjectMeta.labels(object).entrySet()) {
            LabelRules.keyErrors(label.getKey()).forEach(m -> errors.add(FieldError.invalid("metadata.labels", label.getKey(), m)));
            LabelRules.valueErrors(label.getValue()).forEach(m -> errors.add(FieldError.invalid("metadata.labels", label.getValue(), m)));
        }
        if (!errors.isEmpty()) {
            throw Status.invalid(type.groupKind(), name, errors).exception();
        }
    }

    /**
     * Reads one object.
     *
     * @throws StatusException 400 (a malformed name or resourceVersion), 404, 504 (resourceVersion
     *         ahead of etcd)
     */
    public ObjectNode get(String namespace, String name, GetOptions options) {
        RegistryKey key = keyFromPath(namespace, name);
        try {
            return withTypeMeta(storage.get(key, options));
        } catch (RuntimeException e) {
            throw translate(e, name);
        }
    }

    // tag::list[]
    /**
     * Lists objects of one namespace, or of all namespaces if {@code namespace} is "", as a
     * Kubernetes list: {@code kind: ConfigMapList}, {@code metadata.resourceVersion} (the revision
     * the list was read at), and items that carry their own resourceVersions.
     */
    public ObjectNode list(String namespace, ListOptions options) {
        if (!namespace.isEmpty()) {
            requireValidSegment("namespace", namespace, DnsNames.labelErrors(namespace));
        }
        RegistryPrefix prefix = type.prefix(namespace);
        ObjectList list;
        try {
            list = storage.getList(prefix, options);
        } catch (RuntimeException e) {
            throw translate(e, "");
        }
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("kind", type.listKind());
        json.put("apiVersion", type.groupVersion());
        ObjectNode metadata = json.putObject("metadata");
        metadata.put("resourceVersion", list.resourceVersion());
        if (!list.continueToken().isEmpty()) {
            metadata.put("continue", list.continueToken());
        }
        list.remainingItemCount().ifPresent(count -> metadata.put("remainingItemCount", count));
        ArrayNode items = json.putArray("items");
        for (ObjectNode item : list.items()) {
            item.remove("kind"); // items of a typed list carry no kind or apiVersion of their own
            item.remove("apiVersion");
            items.add(item);
        }
        return json;
    }
    // end::list[]

    /** The key for a name and namespace taken from a URL, refusing anything that is not a valid name. */
    protected RegistryKey keyFromPath(String namespace, String name) {
        if (type.namespaced()) {
            requireValidSegment("namespace", namespace, DnsNames.labelErrors(namespace));
        }
        requireValidSegment("resource name", name, type.strategy().nameErrors(name));
        return type.key(namespace, name);
    }

    /**
     * A name or namespace from the URL that no object can have is answered with 400 before any key
     * is built from it. (Kubernetes builds the key and answers 404; it only rejects ".", ".." and
     * names containing "/" or "%" up front.)
     */
    private static void requireValidSegment(String what, String value, List<String> errors) {
        if (!errors.isEmpty()) {
            throw Status.badRequest("invalid " + what + " " + GoJson.quote(value) + ": " + String.join(", ", errors))
                    .exception();
        }
    }

    // tag::namespace-exists[]
    /** 404 {@code namespaces "x" not found} unless the namespace exists (read at the latest revision). */
    protected void requireNamespaceExists(String namespace) {
        requireValidSegment("namespace", namespace, DnsNames.labelErrors(namespace));
        try {
            storage.get(NAMESPACES.key("", namespace), GetOptions.LATEST);
        } catch (RuntimeException e) {
            Status status = StorageErrors.toStatus(e, NAMESPACES.groupResource(), namespace);
            throw status != null ? status.exception() : e;
        }
    }
    // end::namespace-exists[]

    /**
     * The namespace in the body must be the one in the URL, or empty (then it is filled in); a
     * cluster-scoped object has none.
     */
    protected void ensureNamespaceMatches(ObjectNode object, String namespace) {
        String inBody = ObjectMeta.namespace(object);
        if (!type.namespaced()) {
            ObjectMeta.setNamespace(object, "");
        } else if (inBody.isEmpty()) {
            ObjectMeta.setNamespace(object, namespace);
        } else if (!inBody.equals(namespace)) {
            throw Status.badRequest("the namespace of the provided object does not match the namespace sent on the request")
                    .exception();
        }
    }

    /**
     * apiVersion and kind may be left out of a body (they are implied by the URL); if present they
     * must be this endpoint's. Metadata fields must have the right JSON types ({@link TypeMetaCheck}).
     */
    protected void checkTypeMeta(ObjectNode object) {
        TypeMetaCheck.check(type, object);
    }

    /** Objects written straight into etcd may lack kind and apiVersion; responses always carry them. */
    protected ObjectNode withTypeMeta(ObjectNode object) {
        object.put("kind", type.kind());
        object.put("apiVersion", type.groupVersion());
        ObjectMetaOrder.normalize(object);
        return object;
    }

    /** The Status for a storage error on this resource. */
    protected RuntimeException translate(RuntimeException error, String name) {
        if (error instanceof StatusException) {
            return error;
        }
        Status status = StorageErrors.toStatus(error, type.groupResource(), name);
        return status == null ? error : status.exception();
    }
}
