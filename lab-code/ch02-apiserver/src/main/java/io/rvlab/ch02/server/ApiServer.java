package io.rvlab.ch02.server;

import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.api.StorageErrors;
import io.rvlab.ch02.api.GroupResource;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.server.authn.BearerTokenAuthenticator;
import io.rvlab.ch02.server.serving.SecureServing;
import io.rvlab.ch02.storage.Storage;
import io.rvlab.ch02.wire.discovery.Discovery;
import io.rvlab.support.net.FreePorts;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A Kubernetes-compatible API server for Namespaces, ConfigMaps and Deployments, over etcd: enough
 * of kube-apiserver for {@code kubectl get} and {@code kubectl create} to work against it, and for
 * every resourceVersion it hands out to be an etcd revision.
 *
 * <p>Plain HTTP (HTTP/1.1, and HTTP/2 without TLS for clients that ask) on a Vert.x
 * {@link HttpServer}, the same Vert.x jetcd runs on; no authentication: it binds to 127.0.0.1 by
 * default, so only the local machine can reach it. Vert.x reads requests on a few event-loop
 * threads that must never block; etcd calls do, so each request, once its body has arrived, runs
 * on a thread of its own while it waits for etcd, up to {@link #THREADS} at once
 * (kube-apiserver's default limit on mutating requests in flight), so a request waiting for a
 * too-large resourceVersion (up to 3 s) does not hold up the others; threads left idle for a
 * while end.
 *
 * <p>Given a {@link SecureServing} ({@code ./course serve --tls}), it serves HTTPS instead, with
 * the course's serving certificate, HTTP/2 or HTTP/1.1 as the client chooses by ALPN, and a bearer
 * token checked before anything else is done with a request: the way a cluster's API server is
 * served, so it may then listen beyond loopback.
 */
public class ApiServer implements AutoCloseable {

    public static final String DEFAULT_BIND_ADDRESS = "127.0.0.1";
    public static final int THREADS = 200;

    /**
     * HTTP/2 in clear text (h2c) only when this system property is true (chapter 4's wire lab).
     * kube-apiserver offers HTTP/2 only inside TLS; and the JDK's HttpClient, which asks every plain
     * server for an h2c upgrade, was refused connections now and then by Vert.x's upgrade path.
     */
    public static final String H2C_PROPERTY = "rvlab.h2c";

    private static final System.Logger LOG = System.getLogger(ApiServer.class.getName());

    /** The secure serving of servers constructed inside {@link #servingSecurely}, on that thread. */
    private static final ThreadLocal<SecureServing> SECURE_SERVING = new ThreadLocal<>();

    private final Vertx vertx;
    private final HttpServer http;
    private final String host;
    private final BearerTokenAuthenticator authenticator; // null: plain HTTP, nobody is asked who they are
    private final ExecutorService executor;
    private final Discovery discovery;
    private final Director director;
    private final RequestLog requestLog = new RequestLog();
    private final AuthenticationFilter authentication;

    /**
     * Serves this chapter's kinds over {@code storage}, creating the system namespaces first if
     * they are missing. Port 0 picks a free port.
     */
    public static ApiServer start(Storage storage, String bindAddress, int port) {
        List<ResourceHandler> handlers = ResourceTypes.ALL.stream()
                .map(type -> ResourceHandler.of(new RegistryStore(type, storage)))
                .toList();
        NamespaceBootstrap.ensure(new RegistryStore(ResourceTypes.NAMESPACES, storage), NamespaceBootstrap.SYSTEM_NAMESPACES);
        return new ApiServer(handlers, new InetSocketAddress(bindAddress, port));
    }

    /** {@link #start(Storage, String, int)} over HTTPS with a bearer token, as {@code secure} says. */
    public static ApiServer start(Storage storage, String bindAddress, int port, SecureServing secure) {
        return servingSecurely(secure, () -> start(storage, bindAddress, port));
    }

    // tag::serving-securely[]
    /**
     * Runs {@code start}, and every API server it constructs on this thread serves as
     * {@code secure} says (HTTPS, ALPN, the bearer token). This is how {@code ./course serve --tls}
     * reaches the servers of chapters 3 to 6 and of the capstones: their start methods take an
     * address and a port, as they did before TLS, and construct their server with
     * {@link #ApiServer(List, InetSocketAddress)}; {@link ApiServerMain} wraps them in this instead
     * of giving each of them a new parameter.
     */
    public static <T> T servingSecurely(SecureServing secure, Supplier<T> start) {
        SecureServing outer = SECURE_SERVING.get();
        SECURE_SERVING.set(secure);
        try {
            return start.get();
        } finally {
            SECURE_SERVING.set(outer);
        }
    }
    // end::serving-securely[]

    /**
     * Serves the given resources; chapter 3 passes tables that also update and delete. Plain
     * HTTP, unless constructed inside {@link #servingSecurely}.
     */
    public ApiServer(List<ResourceHandler> resourceHandlers, InetSocketAddress address) {
        this(resourceHandlers, address, SECURE_SERVING.get());
    }

    /** Serves the given resources over HTTPS with a bearer token, or over plain HTTP if {@code secure} is null. */
    public ApiServer(List<ResourceHandler> resourceHandlers, InetSocketAddress address, SecureServing secure) {
        Map<String, ResourceHandler> handlers = new LinkedHashMap<>();
        resourceHandlers.forEach(h -> handlers.put(h.type().groupVersion() + "/" + h.type().resource(), h));
        this.discovery = new Discovery(resourceHandlers);
        this.director = new Director(handlers, discovery, this::otherPath);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), daemonThreads());
        pool.allowCoreThreadTimeOut(true);
        this.executor = pool;
        this.host = address.getHostString();
        this.vertx = Vertx.vertx();
        HttpServerOptions options = new HttpServerOptions()
                .setHttp2ClearTextEnabled(Boolean.getBoolean(H2C_PROPERTY)) // see H2C_PROPERTY
                .setMaxInitialLineLength(1024 * 1024)    // long label selectors; Go allows 1 MB of
                .setMaxHeaderSize(1024 * 1024)           // request line and headers (DefaultMaxHeaderBytes)
                .setHandle100ContinueAutomatically(true); // curl waits for it before a large body
        this.authenticator = secure == null ? null : secure.authenticator();
        this.authentication = new AuthenticationFilter(authenticator, requestLog);
        if (secure != null) {
            secure.configure(options); // HTTPS, ALPN
        }
        try {
            this.http = address.getPort() == 0
                    ? FreePorts.listen(port -> listen(options, port)) // not the kernel's pick: see FreePorts
                    : listen(options, address.getPort());
        } catch (RuntimeException e) {
            vertx.close();
            executor.shutdownNow();
            throw new IllegalStateException("cannot listen on " + address + ": " + e.getMessage(), e);
        }
    }

    private HttpServer listen(HttpServerOptions options, int port) {
        return vertx.createHttpServer(options).requestHandler(this::receive).listen(port, host).await();
    }

    /** Whether this server serves HTTPS and asks for a bearer token. */
    public boolean secure() {
        return authenticator != null;
    }

    /** The port the server listens on (the one picked, if it was started with port 0). */
    public int port() {
        return http.actualPort();
    }

    /**
     * The base URL, such as http://127.0.0.1:8080, or https://127.0.0.1:6443 when serving securely
     * (a wildcard bind address is shown as 127.0.0.1).
     */
    public URI url() {
        String host = this.host.equals("0.0.0.0") || this.host.equals("::") ? "127.0.0.1" : this.host;
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create((secure() ? "https://" : "http://") + host + ":" + port());
    }

    public Discovery discovery() {
        return discovery;
    }

    @Override
    public void close() {
        http.close().await();
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        vertx.close().await();
    }

    // tag::serve[]
    /**
     * A request has arrived (on an event loop, which must not block): its body is read as it
     * comes, then the request is served on a thread of the pool. A WebSocket request carries no
     * body; it is paused as it is, so a watch can still complete its handshake.
     */
    private void receive(HttpServerRequest http) {
        Context context = Vertx.currentContext();
        HttpResponseStream response = new HttpResponseStream(context, http);
        if (!authentication.authenticated(http, response)) {
            return;
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        http.headers().forEach(h -> headers.computeIfAbsent(h.getKey(), k -> new ArrayList<>()).add(h.getValue()));
        if (WsStream.isWebSocketRequest(http::getHeader)) {
            http.pause();
            dispatch(() -> new ApiRequest(http.method().name(), http.uri(), headers, new byte[0]), response);
        } else {
            RequestBody.read(http, body ->
                    dispatch(() -> new ApiRequest(http.method().name(), http.uri(), headers, body), response));
        }
    }

    private void dispatch(Supplier<ApiRequest> request, HttpResponseStream response) {
        try {
            executor.execute(() -> serve(request, response));
        } catch (RejectedExecutionException e) {
            response.abandon(); // the server is stopping
        }
    }

    /**
     * Every request ends in a JSON answer: the object or list, or a Status. A client's mistake is
     * a 4xx Status; anything unexpected is logged and answered with a 500 InternalError Status,
     * never with a stack trace. It runs on a thread of the pool, so it may wait for etcd.
     */
    private void serve(Supplier<ApiRequest> arrived, HttpResponseStream response) {
        long started = System.nanoTime();
        boolean pretty = false;
        boolean takenOver = false;
        try {
            try {
                ApiRequest request = arrived.get(); // a malformed query is a 400 already
                pretty = request.pretty();
                takenOver = director.route(response, request); // true: a watch has taken the response over
            } catch (StatusException e) {
                JsonResponses.send(response, e.status(), pretty);
            } catch (RuntimeException e) {
                Status status = StorageErrors.toStatus(e, new GroupResource("", ""), "");
                if (status == null || status.code() >= 500) {
                    LOG.log(System.Logger.Level.WARNING, "internal error serving " + response.requestLine(), e);
                    status = Status.internalError(String.valueOf(e.getMessage()));
                }
                JsonResponses.send(response, status, pretty);
            }
        } catch (RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not answer " + response.requestLine() + ": " + e);
        } finally {
            if (!takenOver) {
                response.abandon(); // only if the answer was not finished
            }
            if (takenOver) {
                requestLog.stream(response.requestLine());
            } else {
                requestLog.answered(response.requestLine(), response.code(), started);
            }
        }
    }
    // end::serve[]

    /** Prints one line per request (method, URI, status, time) to {@code log}, or nothing if null. */
    public ApiServer logRequestsTo(PrintStream log) {
        requestLog.logTo(log);
        return this;
    }

    /**
     * A path outside the API and discovery: 404 here, including /openapi/v2 and /openapi/v3 (so
     * kubectl needs {@code --validate=false} to create from a file). Chapter 3 overrides it to
     * serve the OpenAPI documents kubectl validates with.
     */
    protected void otherPath(ResponseStream response, ApiRequest request) {
        throw Status.pathNotFound().exception();
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, "rvlab-apiserver-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
