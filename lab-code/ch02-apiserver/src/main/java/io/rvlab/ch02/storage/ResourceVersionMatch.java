package io.rvlab.ch02.storage;

import java.util.Arrays;
import java.util.Optional;

/**
 * How a list's resourceVersion is to be understood ({@code ?resourceVersionMatch=}). The values
 * are case-sensitive on the wire: "exact" is not "Exact".
 */
public enum ResourceVersionMatch {

    /** Not given: the legacy meaning, which depends on the resourceVersion and on {@code limit}. */
    UNSET(""),

    /** The list must be at least as new as the resourceVersion; the latest is fine. */
    NOT_OLDER_THAN("NotOlderThan"),

    /** The list exactly as it was at that revision (etcd's MVCC history), or 410 if compacted. */
    EXACT("Exact");

    private final String wire;

    ResourceVersionMatch(String wire) {
        this.wire = wire;
    }

    /** The value as it appears in a URL. */
    public String wire() {
        return wire;
    }

    /** The value for a query parameter, or empty if it is not one of the three. */
    public static Optional<ResourceVersionMatch> fromWire(String value) {
        String text = value == null ? "" : value;
        return Arrays.stream(values()).filter(m -> m.wire.equals(text)).findFirst();
    }
}
