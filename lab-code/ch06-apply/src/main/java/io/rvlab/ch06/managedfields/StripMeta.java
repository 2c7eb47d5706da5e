package io.rvlab.ch06.managedfields;

import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.structured.ManagedFieldSets;
import io.rvlab.ch06.structured.VersionedSet;
import java.util.Optional;

/**
 * Takes what nobody may own out of a manager's set (k8s.io/apimachinery
 * pkg/util/managedfields/internal/stripmeta.go).
 */
final class StripMeta {

    private StripMeta() {
    }

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

    /** kube's stripMetaManager, for one identity's set. */
    static ManagedFieldSets stripMeta(ManagedFieldSets sets, String identity) {
        Optional<VersionedSet> set = sets.get(identity);
        if (set.isEmpty()) {
            return sets;
        }
        FieldSet stripped = set.get().set().difference(STRIPPED);
        return stripped.isEmpty() ? sets.without(identity)
                : sets.with(identity, new VersionedSet(stripped, set.get().apiVersion(), set.get().applied()));
    }
}
