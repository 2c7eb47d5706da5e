package io.rvlab.ch05.bench;

import io.rvlab.ch05.client.RestConfig;

/** Which client the benchmark measures. */
public enum ClientKind {

    /** A bare java.net.http loop filling a map: the floor. */
    PLAIN("plain", "a bare java.net.http loop filling a map (no reflector, no informer)") {
        @Override
        SyncingClient create(RestConfig config, String collection, SyncMode mode, long pageSize) {
            return new PlainHttpSync(config, collection, mode, pageSize);
        }
    };

    private final String option;
    private final String description;

    ClientKind(String option, String description) {
        this.option = option;
        this.description = description;
    }

    String description() {
        return description;
    }

    /** The chapter's informer once it exists; the bare loop until then. */
    static ClientKind defaultKind() {
        return PLAIN;
    }

    abstract SyncingClient create(RestConfig config, String collection, SyncMode mode, long pageSize);

    String option() {
        return option;
    }

    static ClientKind fromOption(String option) {
        for (ClientKind kind : values()) {
            if (kind.option.equals(option)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown client " + option);
    }
}
