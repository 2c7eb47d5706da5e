package io.rvlab.ch02.server.handlers;

/** How Kubernetes reads a boolean query parameter such as {@code watch} or {@code allowWatchBookmarks}. */
public final class BoolParam {

    private BoolParam() {
    }

    /** Go's strconv.ParseBool, with anything it refuses read as false. */
    public static boolean isTrue(String value) {
        return switch (value) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            default -> false;
        };
    }
}
