package io.rvlab.ch02.server.authn;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Who sent a request, decided from its {@code Authorization: Bearer <token>} header before anything
 * else looks at it (kube-apiserver's first handler, k8s.io/apiserver pkg/endpoints/filters
 * authentication.go). A request this returns no user for is answered 401 Unauthorized
 * ({@link io.rvlab.ch02.api.Status#unauthorized()}) and goes no further.
 *
 * <p>The header is read as kube-apiserver reads it (k8s.io/apiserver pkg/authentication/request/
 * bearertoken bearertoken.go): the scheme {@code Bearer} in any case, one space, the token. A
 * request with no bearer token is anonymous; one whose token is wrong or empty is refused even
 * where anonymous requests are let in, as kube-apiserver refuses it: a failed credential is never
 * downgraded to no credential.
 *
 * <p><b>What anonymous requests may reach</b>: {@link #ANONYMOUS_PATHS}, the health checks only.
 * kube-apiserver 1.32's structured authentication configuration can limit anonymous requests to
 * exact paths (AnonymousAuthConfig conditions, k8s.io/apiserver pkg/apis/apiserver types.go), and
 * these three are what its documentation suggests: a load balancer, a container runtime or the
 * launcher can probe the server without holding its secret, and a probe learns nothing. Everything
 * else, {@code /version} and discovery included, needs the token: with anonymous access fully on,
 * kube-apiserver would let {@code /version} and discovery through (the system:public-info-viewer
 * and system:discovery roles), but this server has no authorizer, so a request that is
 * authenticated may do anything, and what an anonymous request may do is best kept to probes.
 *
 * <p>The token is compared in constant time (SHA-256 of both, then {@link MessageDigest#isEqual}),
 * so the time to refuse a wrong token does not tell how much of it was right, nor its length.
 * (kube-apiserver's token file is a map lookup; a course about a secret's handling can do better.)
 */
public final class BearerTokenAuthenticator {

    /** The user an accepted token is (kube-apiserver would read it from the token file's second column). */
    public static final String USER = "rvlab-admin";
    /** The user of a request without credentials, as Kubernetes names it. */
    public static final String ANONYMOUS = "system:anonymous";
    /** Exact paths an anonymous request may reach. */
    public static final Set<String> ANONYMOUS_PATHS = Set.of("/healthz", "/livez", "/readyz");

    /**
     * The WebSocket subprotocol that carries a token, for clients that cannot set headers on a
     * WebSocket (a browser's): {@code base64url.bearer.authorization.k8s.io.<token>}, the token in
     * base64url without padding (k8s.io/apiserver pkg/authentication/request/websocket protocol.go).
     */
    public static final String WEBSOCKET_PROTOCOL_PREFIX = "base64url.bearer.authorization.k8s.io.";

    private final byte[] tokenDigest;

    public BearerTokenAuthenticator(String token) {
        if (token == null || token.isEmpty()) {
            throw new IllegalArgumentException("a bearer token authenticator needs a token");
        }
        this.tokenDigest = sha256(token);
    }

    // tag::authenticate[]
    /**
     * The user a request to {@code path} (the URL's path, without its query) with this
     * {@code Authorization} header value (null if absent) is: {@link #USER} for the right token,
     * {@link #ANONYMOUS} for no token on an anonymous path, and empty, to be answered 401, otherwise.
     */
    public Optional<String> authenticate(String path, String authorization) {
        return user(path, bearerToken(authorization));
    }

    /** The user of a request whose token is {@code token}, or which had none (null). */
    private Optional<String> user(String path, String token) {
        if (token == null) {
            return ANONYMOUS_PATHS.contains(path) ? Optional.of(ANONYMOUS) : Optional.empty();
        }
        return MessageDigest.isEqual(sha256(token), tokenDigest) ? Optional.of(USER) : Optional.empty();
    }

    /**
     * The user of a WebSocket request that sent no {@code Authorization} header, from the token in
     * its {@code Sec-WebSocket-Protocol} values ({@link #WEBSOCKET_PROTOCOL_PREFIX}), as
     * kube-apiserver reads it: a token that is not base64url, is empty, or comes twice is refused;
     * no such subprotocol at all is a request without credentials.
     */
    public Optional<String> authenticateWebSocket(String path, List<String> protocolHeaders) {
        String token = null;
        for (String header : protocolHeaders) {
            for (String protocol : header.split(",")) {
                protocol = protocol.strip();
                if (!protocol.startsWith(WEBSOCKET_PROTOCOL_PREFIX)) {
                    continue;
                }
                if (token != null) {
                    return Optional.empty(); // two tokens: which one is meant?
                }
                try {
                    token = new String(Base64.getUrlDecoder().decode(protocol.substring(WEBSOCKET_PROTOCOL_PREFIX.length())),
                            StandardCharsets.UTF_8);
                } catch (IllegalArgumentException notBase64Url) {
                    return Optional.empty();
                }
                if (token.isEmpty()) {
                    return Optional.empty();
                }
            }
        }
        return user(path, token); // the decoded bytes as they are: not re-read as a header would be
    }

    /**
     * The token of a {@code Bearer} header; "" when the scheme is followed by an empty token
     * ({@code "Bearer  x"}, two spaces: refused, not anonymous); null when there is no bearer
     * header at all, a {@code Basic} one or a bare {@code "Bearer"} included.
     */
    static String bearerToken(String authorization) {
        if (authorization == null) {
            return null;
        }
        String[] parts = authorization.strip().split(" ", 3);
        if (parts.length < 2 || !parts[0].toLowerCase(Locale.ROOT).equals("bearer")) {
            return null;
        }
        return parts[1];
    }
    // end::authenticate[]

    private static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
