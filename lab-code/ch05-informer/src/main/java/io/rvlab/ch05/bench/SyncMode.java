package io.rvlab.ch05.bench;

/** How the benchmark's client fills its store before it watches. */
public enum SyncMode {

    /** LIST at resourceVersion "" in pages of 500 (each page a consistent read from etcd), then WATCH. */
    PAGINATED_LIST("list", "paginated list, then watch",
            "LIST ?limit=500&resourceVersion=\"\" page by page (from etcd, consistent), then WATCH from its rv"),
    /** client-go's first LIST without watch-list: resourceVersion "0", answered whole from the watch cache. */
    CACHED_LIST("list-rv0", "list at rv 0, then watch",
            "LIST ?limit=500&resourceVersion=0 (client-go's first list): the whole list from the watch cache, limit ignored"),
    /** One streaming watch: the state as ADDED events from the watch cache, a bookmark, then live events. */
    WATCH_LIST("watch-list", "streaming watch-list",
            "WATCH ?sendInitialEvents=true&resourceVersionMatch=NotOlderThan&resourceVersion=\"\" (from the watch cache)");

    private final String option;
    private final String label;
    private final String description;

    SyncMode(String option, String label, String description) {
        this.option = option;
        this.label = label;
        this.description = description;
    }

    String option() {
        return option;
    }

    String label() {
        return label;
    }

    String description() {
        return description;
    }

    static SyncMode fromOption(String option) {
        for (SyncMode mode : values()) {
            if (mode.option.equals(option)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown mode " + option + " (list, list-rv0, watch-list)");
    }
}
