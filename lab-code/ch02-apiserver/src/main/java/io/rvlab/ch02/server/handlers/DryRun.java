package io.rvlab.ch02.server.handlers;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.ApiRequest;

/** {@code ?dryRun}: kube-apiserver runs the write without storing it; this server has no dry runs. */
public final class DryRun {

    private DryRun() {
    }

    /** A 400 for any request that names {@code dryRun}. */
    public static void reject(ApiRequest request) {
        if (request.hasParam("dryRun")) {
            throw Status.badRequest("dryRun is not supported by this server").exception();
        }
    }
}
