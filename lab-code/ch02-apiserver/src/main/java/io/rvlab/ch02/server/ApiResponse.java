package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.function.Consumer;

/**
 * A successful answer: the HTTP status code and the JSON body; or, for a watch, a stream that takes
 * the response over ({@link #stream}). Errors travel as Status exceptions.
 *
 * @param code the status code (200 for a stream, whose own headers say so)
 * @param body the JSON body, or null for a stream
 * @param stream what begins the stream on the response, or null for a whole answer
 */
public record ApiResponse(int code, JsonNode body, Consumer<ResponseStream> stream) {

    public static ApiResponse ok(JsonNode body) {
        return new ApiResponse(200, body, null);
    }

    public static ApiResponse created(JsonNode body) {
        return new ApiResponse(201, body, null);
    }

    /**
     * An answer the handler writes itself, for as long as it lasts (a watch): the server hands it the
     * response and goes on, so it must answer and end the response on its own, and hold none of the
     * server's threads while it waits.
     */
    public static ApiResponse stream(Consumer<ResponseStream> start) {
        return new ApiResponse(200, null, start);
    }

    /** Whether this answer is a stream rather than one body. */
    public boolean streams() {
        return stream != null;
    }
}
