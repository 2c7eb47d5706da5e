package io.rvlab.ch02.api;

/**
 * A resource qualified by its API group, as error messages name it: {@code configmaps} for the
 * core group, {@code deployments.apps} otherwise.
 */
public record GroupResource(String group, String resource) {

    @Override
    public String toString() {
        return group.isEmpty() ? resource : resource + "." + group;
    }
}
