package io.rvlab.ch06.managedfields;

import io.rvlab.ch06.managedfields.ManagedFieldsEntry.Operation;

/**
 * Turns a manager's name into the identity its entry is kept under (k8s.io/apimachinery
 * pkg/util/managedfields/internal/buildmanagerinfo.go).
 */
final class BuildManagerInfo {

    private BuildManagerInfo() {
    }

    /** The identity a write is recorded under; a nameless manager is "unknown" (kube's buildManagerInfo). */
    static String identity(String manager, Operation operation, String groupVersion, String subresource) {
        String name = manager == null || manager.isEmpty() ? "unknown" : manager;
        return ManagerIdentity.of(name, operation, groupVersion, subresource);
    }
}
