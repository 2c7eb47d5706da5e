package io.rvlab.ch04.client;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.StringJoiner;

/**
 * The query of a watch request, {@code ?watch=1&resourceVersion=..&allowWatchBookmarks=true
 * &labelSelector=..&fieldSelector=..&timeoutSeconds=..}, in the order kubectl and client-go send it.
 *
 * @param resourceVersion where to start: {@code "N"} for every change after N, {@code "0"} or
 *     {@code ""} for the current state as synthetic ADDED events first (left out of the query when empty)
 * @param allowWatchBookmarks ask for BOOKMARK events (a server may still send none)
 * @param timeoutSeconds the server ends the stream after this long; 0 leaves the choice to the server
 * @param labelSelector {@code app=web}, or null
 * @param fieldSelector {@code metadata.name=x}, or null
 */
public record WatchRequest(String resourceVersion, boolean allowWatchBookmarks, int timeoutSeconds,
                           String labelSelector, String fieldSelector) {

    public WatchRequest {
        resourceVersion = resourceVersion == null ? "" : resourceVersion;
    }

    /** Every change after {@code resourceVersion}, no bookmarks, no selectors, the server's timeout. */
    public static WatchRequest from(String resourceVersion) {
        return new WatchRequest(resourceVersion, false, 0, null, null);
    }

    public WatchRequest withResourceVersion(String resourceVersion) {
        return new WatchRequest(resourceVersion, allowWatchBookmarks, timeoutSeconds, labelSelector, fieldSelector);
    }

    public WatchRequest withBookmarks(boolean allow) {
        return new WatchRequest(resourceVersion, allow, timeoutSeconds, labelSelector, fieldSelector);
    }

    public WatchRequest withTimeoutSeconds(int seconds) {
        return new WatchRequest(resourceVersion, allowWatchBookmarks, seconds, labelSelector, fieldSelector);
    }

    public WatchRequest withSelectors(String labelSelector, String fieldSelector) {
        return new WatchRequest(resourceVersion, allowWatchBookmarks, timeoutSeconds, labelSelector, fieldSelector);
    }

    /** The query string, without the leading {@code ?}. */
    public String query() {
        StringJoiner query = new StringJoiner("&");
        query.add("watch=1");
        if (!resourceVersion.isEmpty()) {
            query.add("resourceVersion=" + encode(resourceVersion));
        }
        if (allowWatchBookmarks) {
            query.add("allowWatchBookmarks=true");
        }
        addSelectors(query, labelSelector, fieldSelector);
        if (timeoutSeconds > 0) {
            query.add("timeoutSeconds=" + timeoutSeconds);
        }
        return query.toString();
    }

    static void addSelectors(StringJoiner query, String labelSelector, String fieldSelector) {
        if (labelSelector != null && !labelSelector.isEmpty()) {
            query.add("labelSelector=" + encode(labelSelector));
        }
        if (fieldSelector != null && !fieldSelector.isEmpty()) {
            query.add("fieldSelector=" + encode(fieldSelector));
        }
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
