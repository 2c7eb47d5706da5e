package io.rvlab.ch06.server.handlers;

import io.rvlab.ch02.server.ApiRequest;
import io.rvlab.ch06.managedfields.ManagerName;

/** The manager a write is recorded under in managedFields. */
final class RequestManager {

    private RequestManager() {
    }

    // tag::manager-of-request[]
    /** A POST's or PUT's manager: validated as its options kind says, then ?fieldManager= or the User-Agent. */
    static String of(ApiRequest request, String optionsKind) {
        String fieldManager = request.hasParam("fieldManager") ? request.param("fieldManager") : null;
        ManagerName.validate(optionsKind, fieldManager, false);
        return ManagerName.of(fieldManager, request.header("User-Agent"));
    }
    // end::manager-of-request[]
}
