package io.rvlab.ch05.server;

import io.rvlab.ch02.api.FieldError;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch02.server.handlers.BoolParam;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of a watch that decide where it starts, after current Kubernetes' defaulting
 * (apimachinery's internalversion {@code SetListOptionsDefaults} with the WatchList gate on): a
 * watch from resourceVersion "" or "0" that names neither {@code sendInitialEvents} nor
 * {@code resourceVersionMatch} is treated as {@code sendInitialEvents=true&resourceVersionMatch=NotOlderThan}.
 *
 * @param resourceVersion {@code ?resourceVersion=}, "" if absent
 * @param match {@code ?resourceVersionMatch=}, "" if absent (or "NotOlderThan" by defaulting)
 * @param continueToken {@code ?continue=}, "" if absent
 * @param sendInitialEvents {@code ?sendInitialEvents=}, null if absent (and not defaulted)
 * @param allowBookmarks {@code ?allowWatchBookmarks=}
 */
public record WatchListRequest(String resourceVersion, String match, String continueToken, Boolean sendInitialEvents,
        boolean allowBookmarks) {

    /** The only resourceVersionMatch a watch accepts. */
    public static final String NOT_OLDER_THAN = "NotOlderThan";

    // tag::defaults[]
    /** The request's options, defaulted as kube-apiserver defaults them before it validates them. */
    public static WatchListRequest of(ApiRequest request) {
        String resourceVersion = request.param("resourceVersion");
        String match = request.param("resourceVersionMatch");
        Boolean sendInitialEvents = request.hasParam("sendInitialEvents")
                ? parseBool("sendInitialEvents", request.param("sendInitialEvents")) : null;
        boolean legacyStart = resourceVersion.isEmpty() || resourceVersion.equals("0");
        if (sendInitialEvents == null && match.isEmpty() && legacyStart) {
            // "Get state and start at most recent / any" now means a streaming list
            sendInitialEvents = true;
            match = NOT_OLDER_THAN;
        }
        return new WatchListRequest(resourceVersion, match, request.param("continue"), sendInitialEvents,
                BoolParam.isTrue(request.param("allowWatchBookmarks")));
    }
    // end::defaults[]

    // tag::validation[]
    /**
     * What is wrong with these options for a watch, in Kubernetes' order (apimachinery's
     * {@code validateWatchOptions}): each is one cause of a 422 Invalid ListOptions Status.
     */
    public List<FieldError> errors() {
        List<FieldError> errors = new ArrayList<>();
        if (sendInitialEvents != null && !match.equals(NOT_OLDER_THAN)) {
            errors.add(FieldError.forbidden("resourceVersionMatch",
                    "sendInitialEvents requires setting resourceVersionMatch to " + NOT_OLDER_THAN));
        }
        if (!match.isEmpty()) {
            if (sendInitialEvents == null) {
                errors.add(FieldError.forbidden("resourceVersionMatch",
                        "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided"));
            }
            if (!match.equals(NOT_OLDER_THAN)) {
                errors.add(FieldError.notSupported("resourceVersionMatch", match, NOT_OLDER_THAN));
            }
            if (!continueToken.isEmpty()) {
                errors.add(FieldError.forbidden("resourceVersionMatch",
                        "resourceVersionMatch is forbidden when continue is provided"));
            }
        }
        return errors;
    }
    // end::validation[]

    /** Whether the watch starts with the state as ADDED events (a streaming list). */
    public boolean streamsInitialEvents() {
        return Boolean.TRUE.equals(sendInitialEvents);
    }

    /**
     * Whether the initial events end with the annotated BOOKMARK: only when the client also allows
     * bookmarks (apiserver's {@code isListWatchRequest}); without them it cannot tell where the state ends.
     */
    public boolean endsWithBookmark() {
        return streamsInitialEvents() && allowBookmarks;
    }

    /** Go's strconv.ParseBool, as the query parameter decoder uses it; anything else is a 400. */
    private static boolean parseBool(String name, String value) {
        return switch (value) {
            case "1", "t", "T", "TRUE", "true", "True" -> true;
            case "0", "f", "F", "FALSE", "false", "False" -> false;
            default -> throw Status.badRequest("strconv.ParseBool: parsing " + GoJson.quote(value)
                    + ": invalid syntax").exception();
        };
    }
}
