package io.rvlab.ch05.controller;

/** The REST path of an object from its informer key ({@code namespace/name}). */
final class ObjectPaths {

    private ObjectPaths() {
    }

    /** {@code prefix + /namespaces/<ns>/ + resource + /<name>}, e.g. ("/api/v1", "configmaps", "lab/one"). */
    static String of(String groupVersionPrefix, String resource, String key) {
        int slash = key.indexOf('/');
        if (slash < 0) {
            return groupVersionPrefix + "/" + resource + "/" + key;
        }
        return groupVersionPrefix + "/namespaces/" + key.substring(0, slash) + "/" + resource + "/" + key.substring(slash + 1);
    }
}
