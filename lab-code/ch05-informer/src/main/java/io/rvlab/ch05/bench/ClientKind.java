package io.rvlab.ch05.bench;

import io.rvlab.ch05.client.RestConfig;

/** Which client the benchmark measures. */
public enum ClientKind {

    /** The chapter's SharedInformer over the HTTP ResourceListerWatcher: what a controller runs. */
    INFORMER("informer", "the chapter's SharedInformer (Reflector, DeltaFIFO, indexer) over ResourceListerWatcher") {
        @Override
        SyncingClient create(RestConfig config, String collection, SyncMode mode, long pageSize) {
            return new InformerSync(config, collection, mode, pageSize);
        }
    },
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

    static ClientKind defaultKind() {
        return INFORMER;
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
