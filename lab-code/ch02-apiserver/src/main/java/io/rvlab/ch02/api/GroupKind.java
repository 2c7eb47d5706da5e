package io.rvlab.ch02.api;

/**
 * A kind qualified by its API group, as "is invalid" messages name it: {@code ConfigMap},
 * {@code Deployment.apps}, {@code ListOptions.meta.k8s.io}.
 */
public record GroupKind(String group, String kind) {

    @Override
    public String toString() {
        return group.isEmpty() ? kind : kind + "." + group;
    }
}
