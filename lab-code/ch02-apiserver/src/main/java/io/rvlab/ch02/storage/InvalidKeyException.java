package io.rvlab.ch02.storage;

import io.rvlab.ch02.wire.gojson.GoJson;
import java.util.List;

/**
 * A resource, namespace or name that may not become part of an etcd key. The registry validates
 * names before it asks for a key, so this is the last line of defence: no key is ever built from a
 * string that could leave its prefix.
 */
public class InvalidKeyException extends IllegalArgumentException {

    private final String what;
    private final String value;
    private final List<String> reasons;

    public InvalidKeyException(String what, String value, List<String> reasons) {
        super("invalid " + what + " " + GoJson.quote(value) + ": " + String.join("; ", reasons));
        this.what = what;
        this.value = value;
        this.reasons = List.copyOf(reasons);
    }

    /** "resource", "namespace" or "name". */
    public String what() {
        return what;
    }

    public String value() {
        return value;
    }

    public List<String> reasons() {
        return reasons;
    }
}
