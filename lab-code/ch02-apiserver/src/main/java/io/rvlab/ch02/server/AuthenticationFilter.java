package io.rvlab.ch02.server;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.server.authn.BearerTokenAuthenticator;
import io.vertx.core.http.HttpServerRequest;
import java.util.Optional;

/**
 * The outermost step of a securely served request (k8s.io/apiserver pkg/endpoints/filters
 * authentication.go, WithAuthentication): who is asking, before anything else is done with the request.
 */
final class AuthenticationFilter {

    private final BearerTokenAuthenticator authenticator; // null: plain HTTP, nobody is asked who they are
    private final RequestLog log;

    AuthenticationFilter(BearerTokenAuthenticator authenticator, RequestLog log) {
        this.authenticator = authenticator;
        this.log = log;
    }

    // tag::authenticate[]
    /**
     * The first step of every request, before its body is read or its path routed, as
     * kube-apiserver's authentication filter is the outermost of its handlers (k8s.io/apiserver
     * pkg/server config.go, DefaultBuildHandlerChain): a request whose token is missing or wrong
     * is answered 401 Unauthorized here, on the event loop, and goes no further. WebSocket
     * upgrades (watches) are requests like any other here; one without the header may carry its
     * token as a subprotocol instead, as a browser must.
     */
    boolean authenticated(HttpServerRequest http, HttpResponseStream response) {
        if (authenticator == null) {
            return true;
        }
        String authorization = http.getHeader("Authorization");
        boolean webSocket = authorization == null && WsStream.isWebSocketRequest(http::getHeader);
        Optional<String> user = webSocket
                ? authenticator.authenticateWebSocket(http.path(), http.headers().getAll("Sec-WebSocket-Protocol"))
                : authenticator.authenticate(http.path(), authorization);
        if (user.isPresent()) {
            return true;
        }
        JsonResponses.send(response, Status.unauthorized(), false);
        log.unauthorized(response.requestLine());
        return false;
    }
    // end::authenticate[]
}
