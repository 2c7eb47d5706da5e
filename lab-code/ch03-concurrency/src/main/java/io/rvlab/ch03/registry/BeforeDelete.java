package io.rvlab.ch03.registry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.GroupKind;
import io.rvlab.ch02.api.ObjectMeta;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch03.api.Conflicts;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch03.wire.openapi.Definitions;
import io.rvlab.ch03.api.FieldValidation;

/**
 * A DELETE's preconditions as the registry checks them, before storage checks them again in its
 * transaction (k8s.io/apiserver pkg/registry/rest delete.go, BeforeDelete): kube-apiserver answers
 * this first check with friendlier messages, naming the Kind (golden c2).
 *
 * <p>Unlike an update's, these preconditions are compared as text, as rest.BeforeDelete and
 * storage's Preconditions.Check compare them: {@code "09"} is not {@code "9"}. A precondition
 * that is present but empty ({@code "uid": ""}) is a condition no stored object meets; only an
 * absent or null one is no condition (Kubernetes holds them as pointers).
 */
final class BeforeDelete {

    private final String uid;             // null: no condition
    private final String resourceVersion; // null: no condition

    private BeforeDelete(String uid, String resourceVersion) {
        this.uid = uid;
        this.resourceVersion = resourceVersion;
    }

    /** The preconditions of a DeleteOptions body ({@code options}; null: none). 400 if it does not decode. */
    static BeforeDelete of(ObjectNode options) {
        if (options != null) {
            String typeError = FieldValidation.decode(options, Definitions.get(Definitions.DELETE_OPTIONS)).typeError();
            if (typeError != null) {
                throw Status.badRequest("DeleteOptions in version \"v1\" cannot be handled as a DeleteOptions: " + typeError)
                        .exception();
            }
        }
        JsonNode given = options == null ? null : options.get("preconditions");
        return new BeforeDelete(precondition(given, "uid"), precondition(given, "resourceVersion"));
    }

    // tag::before-delete[]
    /** 409 Conflict unless {@code current}, just read, meets every precondition. */
    void check(GroupKind kind, String name, ObjectNode current) {
        if (uid != null && !uid.equals(ObjectMeta.uid(current))) {
            throw Conflicts.deleteUidMismatch(kind, name, uid, ObjectMeta.uid(current)).exception();
        }
        if (resourceVersion != null && !resourceVersion.equals(ObjectMeta.resourceVersion(current))) {
            throw Conflicts.deleteResourceVersionMismatch(kind, name, resourceVersion,
                    ObjectMeta.resourceVersion(current)).exception();
        }
    }
    // end::before-delete[]

    /** The same conditions for storage's transaction (after {@link #check}, neither is ""). */
    Preconditions forStorage() {
        return new Preconditions(uid, resourceVersion);
    }

    /** A DeleteOptions precondition: null when absent or null, otherwise its text (possibly ""). */
    private static String precondition(JsonNode preconditions, String field) {
        JsonNode value = preconditions == null ? null : preconditions.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
