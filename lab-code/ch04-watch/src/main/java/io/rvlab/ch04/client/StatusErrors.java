package io.rvlab.ch04.client;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch03.client.AlreadyExistsException;
import io.rvlab.ch03.client.ConflictException;

/**
 * A {@code Status} object as the exception a client throws: the chapter-3 family ({@link
 * ConflictException}, {@link AlreadyExistsException}, {@link StatusException}) plus {@link
 * ExpiredException} for a 410. Used for an HTTP error answer and for the Status inside a watch's
 * ERROR event alike (client-go's {@code apierrors.FromObject}).
 */
public final class StatusErrors {

    private StatusErrors() {
    }

    /** The exception for a Status body; {@code httpCode} stands in if the body has no {@code code}. */
    public static StatusException fromObject(JsonNode json, int httpCode) {
        Status status = Status.fromJson(json, httpCode);
        if (status.code() == 410) {
            return new ExpiredException(status);
        }
        return switch (String.valueOf(status.reason())) {
            case "Conflict" -> new ConflictException(status);
            case "AlreadyExists" -> new AlreadyExistsException(status);
            default -> new StatusException(status);
        };
    }

    /**
     * Worth asking again later, unchanged: the server was busy or failing (429, 5xx), not the
     * request wrong. client-go's watchers retry these and give up on other 4xx.
     */
    public static boolean isRetryable(StatusException error) {
        int code = error.status().code();
        return code == 429 || code >= 500;
    }
}
