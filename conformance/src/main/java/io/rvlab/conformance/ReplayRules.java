package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Request;
import java.util.Optional;

/** What the replay decides from a recorded request alone: which chapter serves it, where kube-apiserver read it from. */
final class ReplayRules {

    private ReplayRules() {
    }

    // tag::later-chapter[]
    /** Which later chapter a request belongs to, if it is not a read or a create. */
    static Optional<String> laterChapter(Request request) {
        QueryString query = QueryString.of(request.target());
        if (request.target().contains("/watch/") || query.has("watch", "true") || query.has("watch", "1")) {
            return Optional.of("chapter 4 (watch)");
        }
        return switch (request.method()) {
            case "PUT" -> Optional.of("chapter 3 (update)");
            case "PATCH" -> request.header("Content-Type").orElse("").startsWith("application/apply-patch")
                    ? Optional.of("chapter 6 (server-side apply)")
                    : Optional.of("chapter 3 (patch)");
            case "DELETE" -> Optional.of("chapter 3 (delete)");
            default -> Optional.empty();
        };
    }
    // end::later-chapter[]

    /** The later chapter a request belongs to, if it is later than the server's. */
    static Optional<String> notServedBy(int chapter, Request request) {
        return laterChapter(request).filter(what -> Integer.parseInt(what.replaceAll("^chapter (\\d+).*", "$1")) > chapter);
    }

    // tag::watch-cache[]
    /**
     * Whether kube-apiserver 1.26 (watch cache on) served a list from the cache rather than etcd:
     * with resourceVersion "0", or with a non-zero resourceVersion that is not Exact and no limit;
     * never with a continue token. (k8s.io/apiserver pkg/storage/cacher/cacher.go, shouldDelegateList;
     * golden b2.1–b2.3, b3.5 against b1, b3.1, b3.7.)
     */
    static boolean servedFromWatchCache(Request request) {
        QueryString query = QueryString.of(request.target());
        String resourceVersion = query.get("resourceVersion");
        boolean limited = query.get("limit").matches("[1-9][0-9]*");
        if (!query.get("continue").isEmpty() || "Exact".equals(query.get("resourceVersionMatch"))) {
            return false;
        }
        return resourceVersion.equals("0") || (!resourceVersion.isEmpty() && !limited);
    }
    // end::watch-cache[]

    static boolean isSuccess(int code) {
        return code >= 200 && code < 300;
    }
}
