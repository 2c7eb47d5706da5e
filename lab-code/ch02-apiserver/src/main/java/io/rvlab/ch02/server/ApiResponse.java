package io.rvlab.ch02.server;

import com.fasterxml.jackson.databind.JsonNode;

/** A successful answer: the HTTP status code and the JSON body. Errors travel as Status exceptions. */
public record ApiResponse(int code, JsonNode body) {

    public static ApiResponse ok(JsonNode body) {
        return new ApiResponse(200, body);
    }

    public static ApiResponse created(JsonNode body) {
        return new ApiResponse(201, body);
    }
}
