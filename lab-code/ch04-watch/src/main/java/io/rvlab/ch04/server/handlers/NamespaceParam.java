package io.rvlab.ch04.server.handlers;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.storage.DnsNames;
import io.rvlab.ch02.wire.gojson.GoJson;
import java.util.List;

/** The namespace of a watch or of a list read from the cache, checked before anything is read. */
final class NamespaceParam {

    private NamespaceParam() {
    }

    /** A 400 for a namespace that is not a DNS label; "" (every namespace) passes. */
    static void requireValid(String namespace) {
        if (!namespace.isEmpty()) {
            List<String> errors = DnsNames.labelErrors(namespace);
            if (!errors.isEmpty()) {
                throw Status.badRequest("invalid namespace " + GoJson.quote(namespace) + ": "
                        + String.join(", ", errors)).exception();
            }
        }
    }
}
