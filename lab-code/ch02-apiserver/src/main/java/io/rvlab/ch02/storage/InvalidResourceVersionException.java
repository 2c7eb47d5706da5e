package io.rvlab.ch02.storage;

import io.rvlab.ch02.wire.gojson.GoJson;

/**
 * A resourceVersion that is not a decimal unsigned number, such as {@code "abc"} or {@code "-1"}.
 * The message is Kubernetes' field error around Go's strconv.ParseUint error, for example
 * {@code resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax}.
 * Current Kubernetes answers a list with it as 400 BadRequest, prefixed
 * {@code invalid resource version: } (1.26 answered 500).
 */
public class InvalidResourceVersionException extends StorageException {

    private final String value;

    public InvalidResourceVersionException(String value, String reason) {
        super("resourceVersion: Invalid value: " + GoJson.quote(value) + ": strconv.ParseUint: parsing "
                + GoJson.quote(value) + ": " + reason);
        this.value = value;
    }

    /** The text the client sent. */
    public String value() {
        return value;
    }
}
