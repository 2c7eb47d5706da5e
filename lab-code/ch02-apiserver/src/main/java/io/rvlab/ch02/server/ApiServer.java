package io.rvlab.ch02.server;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.api.StorageErrors;
import io.rvlab.ch02.api.GroupResource;
import io.rvlab.ch02.registry.NamespaceBootstrap;
import io.rvlab.ch02.registry.RegistryStore;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch02.storage.Storage;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A Kubernetes-compatible API server for Namespaces, ConfigMaps and Deployments, over etcd: enough
 * of kube-apiserver for {@code kubectl get} and {@code kubectl create} to work against it, and for
 * every resourceVersion it hands out to be an etcd revision.
 *
 * <p>Plain HTTP on the JDK's built-in server, no authentication: it binds to 127.0.0.1 by
 * default, so only the local machine can reach it. Each request runs on a thread of its own
 * while it waits for etcd, up to {@link #THREADS} at once (kube-apiserver's default limit on
 * mutating requests in flight), so a request waiting for a too-large resourceVersion (up to 3 s)
 * does not hold up the others; threads left idle for a while end.
 */
public class ApiServer implements AutoCloseable {

    public static final String DEFAULT_BIND_ADDRESS = "127.0.0.1";
    public static final int THREADS = 200;

    static {
        // The JDK server writes a response's headers and its body as two TCP segments. With Nagle's
        // algorithm on (the JDK's default here) the body waits for the client to acknowledge the
        // headers, and clients delay that acknowledgement: about 40 ms added to every small answer.
        // Read once, when the JDK's server first starts, so it is set before this class creates one.
        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
    }

    private static final System.Logger LOG = System.getLogger(ApiServer.class.getName());

    private final HttpServer http;
    private final ExecutorService executor;
    private final Map<String, ResourceHandler> handlers = new LinkedHashMap<>();
    private final Discovery discovery;
    private volatile PrintStream requestLog;
    private final TableConvertor tables = new TableConvertor(java.time.Clock.systemUTC());

    /**
     * Serves this chapter's kinds over {@code storage}, creating the system namespaces first if
     * they are missing. Port 0 picks a free port.
     */
    public static ApiServer start(Storage storage, String bindAddress, int port) {
        List<ResourceHandler> handlers = ResourceTypes.ALL.stream()
                .map(type -> new ResourceHandler(new RegistryStore(type, storage)))
                .toList();
        RegistryStore namespaces = handlers.get(ResourceTypes.ALL.indexOf(ResourceTypes.NAMESPACES)).store();
        NamespaceBootstrap.ensure(namespaces, NamespaceBootstrap.SYSTEM_NAMESPACES);
        return new ApiServer(handlers, new InetSocketAddress(bindAddress, port));
    }

    /** Serves the given resources; chapter 3 passes handlers that also update and delete. */
    public ApiServer(List<ResourceHandler> resourceHandlers, InetSocketAddress address) {
        resourceHandlers.forEach(h -> handlers.put(h.type().groupVersion() + "/" + h.type().resource(), h));
        this.discovery = new Discovery(resourceHandlers);
        ThreadPoolExecutor pool = new ThreadPoolExecutor(THREADS, THREADS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), daemonThreads());
        pool.allowCoreThreadTimeOut(true);
        this.executor = pool;
        try {
            this.http = HttpServer.create(address, 128);
        } catch (IOException e) {
            executor.shutdownNow();
            throw new UncheckedIOException("cannot listen on " + address + ": " + e.getMessage(), e);
        }
        http.setExecutor(executor);
        http.createContext("/", this::serve);
        http.start();
    }

    /** The port the server listens on (the one picked, if it was started with port 0). */
    public int port() {
        return http.getAddress().getPort();
    }

    /** The base URL, such as http://127.0.0.1:8080 (a wildcard bind address is shown as 127.0.0.1). */
    public URI url() {
        String host = http.getAddress().getAddress().isAnyLocalAddress() ? "127.0.0.1" : http.getAddress().getHostString();
        if (host.contains(":")) {
            host = "[" + host + "]";
        }
        return URI.create("http://" + host + ":" + port());
    }

    public Discovery discovery() {
        return discovery;
    }

    @Override
    public void close() {
        http.stop(0);
        executor.shutdownNow();
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // tag::serve[]
    /**
     * Every request ends in a JSON answer: the object or list, or a Status. A client's mistake is
     * a 4xx Status; anything unexpected is logged and answered with a 500 InternalError Status,
     * never with a stack trace.
     */
    private void serve(HttpExchange exchange) {
        long started = System.nanoTime();
        boolean pretty = false;
        boolean takenOver = false;
        try {
            try {
                ApiRequest request = new ApiRequest(exchange);
                pretty = request.pretty();
                takenOver = takeOver(exchange, request);
                if (!takenOver) {
                    route(exchange, request);
                }
            } catch (StatusException e) {
                JsonResponses.send(exchange, e.status(), pretty);
            } catch (RuntimeException e) {
                Status status = StorageErrors.toStatus(e, new GroupResource("", ""), "");
                if (status == null || status.code() >= 500) {
                    LOG.log(System.Logger.Level.WARNING, "internal error serving " + exchange.getRequestMethod()
                            + " " + exchange.getRequestURI(), e);
                    status = Status.internalError(String.valueOf(e.getMessage()));
                }
                JsonResponses.send(exchange, status, pretty);
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.DEBUG, "could not answer " + exchange.getRequestURI() + ": " + e);
        } finally {
            if (!takenOver) {
                exchange.close();
            }
            PrintStream log = requestLog;
            if (log != null && takenOver) {
                log.printf("%s %s -> stream%n", exchange.getRequestMethod(), exchange.getRequestURI());
            } else if (log != null) {
                log.printf("%s %s -> %d (%d ms)%n", exchange.getRequestMethod(), exchange.getRequestURI(),
                        exchange.getResponseCode(), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            }
        }
    }
    // end::serve[]

    /** Prints one line per request (method, URI, status, time) to {@code log}, or nothing if null. */
    public ApiServer logRequestsTo(PrintStream log) {
        this.requestLog = log;
        return this;
    }

    // tag::route[]
    private void route(HttpExchange exchange, ApiRequest request) throws IOException {
        List<String> s = request.segments();
        String first = s.isEmpty() ? "" : s.get(0);
        switch (first) {
            case "" -> discoveryAnswer(exchange, request, discovery.rootPaths());
            case "version" -> requireLength(s, 1, () -> discoveryAnswer(exchange, request, discovery.version()));
            case "healthz", "livez", "readyz" -> JsonResponses.text(exchange, 200, "ok");
            case "api" -> {
                if (s.size() == 1) {
                    discoveryAnswer(exchange, request, discovery.apiVersions(request.header("Host")));
                } else if (!s.get(1).equals("v1") || !discovery.serves("v1")) {
                    throw Status.pathNotFound().exception();
                } else if (s.size() == 2) {
                    discoveryAnswer(exchange, request, discovery.resourceList("v1"));
                } else {
                    resource(exchange, request, "v1", s.subList(2, s.size()));
                }
            }
            case "apis" -> {
                if (s.size() == 1) {
                    discoveryAnswer(exchange, request, discovery.apiGroupList());
                } else if (!discovery.groups().contains(s.get(1))) {
                    throw Status.pathNotFound().exception();
                } else if (s.size() == 2) {
                    discoveryAnswer(exchange, request, discovery.apiGroup(s.get(1)));
                } else if (!discovery.serves(s.get(1) + "/" + s.get(2))) {
                    throw Status.pathNotFound().exception();
                } else if (s.size() == 3) {
                    discoveryAnswer(exchange, request, discovery.resourceList(s.get(1) + "/" + s.get(2)));
                } else {
                    resource(exchange, request, s.get(1) + "/" + s.get(2), s.subList(3, s.size()));
                }
            }
            default -> otherPath(exchange, request);
        }
    }

    /**
     * A request answered by a long-lived stream rather than one response: none here. Chapter 4
     * overrides it for watches. It runs before routing; returning true means the subclass has
     * taken the exchange over (it answers and closes it, typically from a thread of its own, so a
     * watch that stays open for minutes holds none of this server's {@link #THREADS}). To refuse
     * the request it throws a Status exception, answered as any other error.
     */
    protected boolean takeOver(HttpExchange exchange, ApiRequest request) throws IOException {
        return false;
    }

    /**
     * A path outside the API and discovery: 404 here, including /openapi/v2 and /openapi/v3 (so
     * kubectl needs {@code --validate=false} to create from a file). Chapter 3 overrides it to
     * serve the OpenAPI documents kubectl validates with.
     */
    protected void otherPath(HttpExchange exchange, ApiRequest request) throws IOException {
        throw Status.pathNotFound().exception();
    }

    private void resource(HttpExchange exchange, ApiRequest request, String groupVersion, List<String> rest)
            throws IOException {
        ResourcePath path = ResourcePath.parse(rest).orElseThrow(() -> Status.pathNotFound().exception());
        ResourceHandler handler = handlers.get(groupVersion + "/" + path.resource());
        if (handler == null) {
            throw Status.pathNotFound().exception();
        }
        ApiResponse response = handler.handle(request, path);
        String tableVersion = TableConvertor.requestedVersion(request.header("Accept"));
        if (tableVersion != null && request.method().equals("GET") && response.code() == 200) {
            // kubectl get asks for a Table: the rows and columns it prints
            response = ApiResponse.ok(tables.convert(handler.type(), response.body(), tableVersion));
        }
        JsonResponses.send(exchange, response.code(), response.body(), request.pretty());
    }
    // end::route[]

    private static void discoveryAnswer(HttpExchange exchange, ApiRequest request,
            com.fasterxml.jackson.databind.JsonNode body) throws IOException {
        if (!request.method().equals("GET")) {
            throw Status.methodNotAllowed().exception();
        }
        JsonResponses.send(exchange, 200, body, request.pretty());
    }

    private interface IoAction {
        void run() throws IOException;
    }

    private static void requireLength(List<String> segments, int length, IoAction action) throws IOException {
        if (segments.size() != length) {
            throw Status.pathNotFound().exception();
        }
        action.run();
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
