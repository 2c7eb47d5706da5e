package io.rvlab.ch04.bench;

/** The two ways the benchmark's watchers follow the writer's changes. */
public enum WatchMode {

    /**
     * Every watcher an HTTP {@code ?watch=1} stream of the API server, all served from its one watch
     * cache (kube-apiserver's Cacher): one etcd watch however many watchers there are.
     */
    CACHE("cache", "watch cache", "API server's watch cache, one HTTP stream per watcher"),
    /**
     * Every watcher its own etcd watch on the collection's prefix (what an API server without a watch
     * cache, {@code --watch-cache=false}, holds): N watchers, N etcd watches.
     */
    DIRECT("direct", "direct etcd", "one jetcd watch per watcher on the same prefix");

    private final String option;
    private final String label;
    private final String description;

    WatchMode(String option, String label, String description) {
        this.option = option;
        this.label = label;
        this.description = description;
    }

    /** The value of {@code --modes} that picks it. */
    public String option() {
        return option;
    }

    /** Its name in the table and the chart. */
    public String label() {
        return label;
    }

    public String description() {
        return description;
    }

    /** @throws IllegalArgumentException naming the choices */
    public static WatchMode fromOption(String option) {
        for (WatchMode mode : values()) {
            if (mode.option.equals(option)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("--modes: cache, direct or both");
    }
}
