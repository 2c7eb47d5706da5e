package io.rvlab.ch06.managedfields;

import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;

/**
 * The fields a write to a resource, or to its {@code /status}, cannot change: the registry's
 * strategy puts them back (PrepareForUpdate), so the field manager neither gives nor takes their
 * ownership (kube's GetResetFields, passed to structured-merge-diff as fields to ignore).
 *
 * <ul>
 * <li>apps/v1 deployments (pkg/registry/apps/deployment/strategy.go): the main resource resets
 *     {@code status}; {@code /status} resets {@code spec} and {@code metadata.labels}.</li>
 * <li>v1 namespaces (pkg/registry/core/namespace/strategy.go): main resets {@code status};
 *     {@code /status} resets {@code spec}.</li>
 * <li>custom resources with a status subresource, such as rvlab.io Foo (apiextensions-apiserver
 *     pkg/registry/customresource strategy.go, status_strategy.go): main resets {@code status};
 *     {@code /status} resets {@code spec} only (the status strategy wipes other top-level fields too,
 *     but, as its own comment says, does not list them).</li>
 * <li>configmaps, and any other kind: nothing.</li>
 * </ul>
 */
public final class ResetFields {

    private ResetFields() {
    }

    // tag::reset-fields[]
    /** The reset fields of a write to {@code type} through {@code subresource} ("" = main resource). */
    public static FieldSet of(ResourceType type, String subresource) {
        boolean status = "status".equals(subresource);
        String group = type.group();
        String resource = type.resource();
        if (group.equals("apps") && resource.equals("deployments")) {
            return status ? FieldSet.of(FieldPath.fields("spec"), FieldPath.fields("metadata", "labels"))
                    : FieldSet.of(FieldPath.fields("status"));
        }
        if (group.isEmpty() && resource.equals("namespaces")) {
            return status ? FieldSet.of(FieldPath.fields("spec")) : FieldSet.of(FieldPath.fields("status"));
        }
        if (group.isEmpty() || group.equals("apps")) {
            return FieldSet.empty(); // configmaps and the other built-ins this course serves
        }
        // A custom resource: only one with a status subresource has reset fields.
        if (!type.hasStatusSubresource()) {
            return FieldSet.empty();
        }
        return status ? FieldSet.of(FieldPath.fields("spec")) : FieldSet.of(FieldPath.fields("status"));
    }
    // end::reset-fields[]
}
