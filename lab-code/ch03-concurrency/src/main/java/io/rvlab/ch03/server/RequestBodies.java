package io.rvlab.ch03.server;

import com.sun.net.httpserver.HttpExchange;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;

/**
 * WORKAROUND for a hook chapter 2 lacks. {@link ApiRequest#jsonBody()} answers 415 for every
 * content type but application/json and protobuf, and an ApiRequest gives no other way to its
 * body (its exchange and {@code readBody} are private, the class is final). A PATCH sends
 * {@code application/merge-patch+json}, and a DELETE may send no body at all, so this class reads
 * the raw body through the request's private exchange. Replace it with an ApiRequest method
 * ({@code rawBody()}) when chapter 2 gets one.
 */
final class RequestBodies {

    private RequestBodies() {
    }

    static byte[] raw(ApiRequest request) {
        try {
            Field field = ApiRequest.class.getDeclaredField("exchange");
            field.setAccessible(true);
            HttpExchange exchange = (HttpExchange) field.get(request);
            try (InputStream in = exchange.getRequestBody()) {
                byte[] body = in.readNBytes(ApiRequest.MAX_BODY_BYTES + 1);
                if (body.length > ApiRequest.MAX_BODY_BYTES) {
                    throw Status.requestEntityTooLarge("limit is " + ApiRequest.MAX_BODY_BYTES).exception();
                }
                return body;
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("chapter 2's ApiRequest changed: no exchange field", e);
        } catch (IOException e) {
            throw Status.badRequest("unable to read the request body: " + e.getMessage()).exception();
        }
    }
}
