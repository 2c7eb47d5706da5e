package io.rvlab.ch02.storage;

/**
 * Options of a single-object read ({@code GET .../configmaps/name?resourceVersion=}).
 *
 * @param resourceVersion "" for the most recent version (a quorum read from etcd); "0" for any
 *        version; "N" for a version not older than N
 */
public record GetOptions(String resourceVersion) {

    public static final GetOptions LATEST = new GetOptions("");

    public GetOptions {
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
    }
}
