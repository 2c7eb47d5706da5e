package io.rvlab.ch02.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.server.authn.BearerTokenAuthenticator;
import io.rvlab.ch02.server.serving.AlternateNames;
import io.rvlab.ch02.server.serving.SecureServing;
import io.rvlab.ch02.server.serving.ServingCertKey;
import io.rvlab.ch02.server.serving.ServingCertificates;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch02.wire.discovery.Discovery;
import io.rvlab.support.etcd.Etcd;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./course serve}: starts etcd (a container, or the etcd named by RVLAB_ETCD_ENDPOINTS) and
 * this chapter's API server over it, then runs until Ctrl-C.
 *
 * <pre>
 * ApiServerMain [--tls] [--port N] [--address ADDRESS] [--state-dir DIR] [--quiet]
 *   --tls              HTTPS (HTTP/2 or HTTP/1.1 by ALPN) with the course CA's serving certificate and a
 *                      bearer token; writes DIR/kubeconfig for kubectl
 *   --port N           port to listen on (default 8080, or 6443 with --tls; 0 picks a free one)
 *   --address ADDRESS  address to listen on (default 127.0.0.1); without --tls a loopback address only,
 *                      since plain HTTP has no authentication ({@code --bind} is the same option)
 *   --state-dir DIR    where --tls keeps pki/, token and kubeconfig (default .rvlab; the launcher passes its own)
 *   --quiet            do not print a line per request
 * </pre>
 * Port 8080 is the default because it is where kubectl looks when it has no kubeconfig at all
 * (http://localhost:8080), the old insecure port of kube-apiserver; 6443 is kube-apiserver's
 * default secure port ({@code --secure-port}).
 *
 * <p>Later chapters serve their own, larger server through {@link #serve}, so the start-up and
 * shutdown of etcd and server, and TLS, are written once.
 */
public final class ApiServerMain {

    public static final int DEFAULT_PORT = 8080;
    public static final int DEFAULT_SECURE_PORT = 6443;

    private ApiServerMain() {
    }

    /** Starts a chapter's API server over the etcd the harness provides. */
    @FunctionalInterface
    public interface ServerFactory {
        ApiServer start(Client etcd, String bindAddress, int port);
    }

    public static void main(String[] args) throws InterruptedException {
        serve(args, (client, bind, port) -> ApiServer.start(new EtcdStorage(client), bind, port), List.of());
    }

    /**
     * Parses the command line, starts etcd and the server {@code factory} makes, prints how to try
     * it ({@code extraTries}: more commands to suggest, with {@code {url}} for the server's URL), and
     * runs until Ctrl-C. With {@code --tls} the server is made inside
     * {@link ApiServer#servingSecurely}, so whatever server the factory makes serves HTTPS.
     */
    public static void serve(String[] args, ServerFactory factory, List<String> extraTries) throws InterruptedException {
        Integer requestedPort = null;
        String bind = ApiServer.DEFAULT_BIND_ADDRESS;
        boolean quiet = false;
        boolean tls = false;
        Path stateDir = Path.of(".rvlab");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> requestedPort = port(value(args, ++i, "--port"));
                case "--address", "--bind" -> bind = value(args, ++i, args[i - 1]);
                case "--tls" -> tls = true;
                case "--state-dir" -> stateDir = Path.of(value(args, ++i, "--state-dir"));
                case "--quiet" -> quiet = true;
                case "-h", "--help" -> {
                    usage();
                    return;
                }
                default -> {
                    System.err.println("unknown argument: " + args[i]);
                    usage();
                    System.exit(2);
                }
            }
        }
        int port = requestedPort != null ? requestedPort : tls ? DEFAULT_SECURE_PORT : DEFAULT_PORT;
        String refusal = tls ? null : loopbackOnly(bind);
        if (refusal != null) {
            System.err.println(refusal);
            System.exit(2);
        }
        SecureServing secure = null;
        if (tls) {
            try {
                secure = SecureServing.prepare(stateDir, bind); // before etcd: a keytool failure costs nothing
            } catch (RuntimeException e) {
                System.err.println("could not prepare TLS in " + stateDir + ": " + e.getMessage());
                System.exit(1);
                return;
            }
        }
        Etcd etcd = Etcd.start();
        ApiServer server;
        Path kubeconfig = null;
        try {
            String address = bind;
            server = secure == null ? factory.start(etcd.client(), bind, port)
                    : ApiServer.servingSecurely(secure, () -> factory.start(etcd.client(), address, port));
            if (secure != null && !server.secure()) {
                server.close();
                throw new IllegalStateException("this server was not made by ApiServer's constructors on this thread, so it"
                        + " cannot serve TLS");
            }
            if (secure != null) {
                kubeconfig = secure.writeKubeconfig(server.url());
            }
            if (!quiet) {
                server.logRequestsTo(System.out); // so learners see what kubectl asks for
            }
        } catch (RuntimeException e) {
            etcd.close();
            System.err.println("could not start the API server: " + e.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            etcd.close();
            stopped.countDown();
        }, "rvlab-apiserver-stop"));

        String url = server.url().toString();
        System.out.println("rvlab API server (" + Discovery.GIT_VERSION + ") listening on " + url
                + (secure == null ? "" : "   (HTTPS, HTTP/2 or HTTP/1.1 by ALPN; a bearer token on every request but "
                        + String.join(", ", BearerTokenAuthenticator.ANONYMOUS_PATHS.stream().sorted().toList()) + ")"));
        System.out.println("etcd: " + etcd.endpoints() + "   (export ETCDCTL_API=3 ETCDCTL_ENDPOINTS=" + etcd.endpoints() + ")");
        List<String> tries = new ArrayList<>();
        if (secure == null) {
            tries.add("kubectl --server " + url + " get namespaces");
            tries.add("kubectl --server " + url + " create configmap demo --from-literal=greeting=hello");
            tries.add("kubectl --server " + url + " get configmap demo -o yaml");
            tries.add("curl -s " + url + "/api/v1/namespaces/default/configmaps");
            extraTries.forEach(command -> tries.add(command.replace("{url}", url)));
        } else {
            printSecureServing(secure, kubeconfig, bind, server.port());
            String kubectl = "kubectl --kubeconfig " + shown(kubeconfig);
            String curl = "curl --cacert " + shown(secure.servingCertKey().caFile()) + " -H \"Authorization: Bearer $(cat "
                    + shown(secure.tokenFile()) + ")\"";
            tries.add(kubectl + " get ns");
            tries.add(kubectl + " create configmap demo --from-literal=greeting=hello");
            tries.add(kubectl + " get configmap demo -o yaml");
            tries.add(kubectl + " get ns -v=6                 (the https requests kubectl sends)");
            tries.add(curl + " -s " + url + "/api/v1/namespaces/default/configmaps");
            tries.add("curl --cacert " + shown(secure.servingCertKey().caFile()) + " " + url + "/api      (no token: 401 Unauthorized)");
            for (String command : extraTries) {
                String tried = command.replace("kubectl --server {url}", kubectl).replace("{url}", url);
                tries.add(tried.startsWith("curl ") ? curl + tried.substring("curl".length()) : tried);
            }
        }
        System.out.println();
        System.out.println("Try:");
        tries.forEach(command -> System.out.println("  " + command));
        System.out.println("  etcdctl get /registry/configmaps/default/demo -w json");
        System.out.println();
        System.out.println("Press Ctrl-C to stop (etcd stops too)." + (quiet ? "" : " Each request is logged below."));
        stopped.await();
    }

    private static void printSecureServing(SecureServing secure, Path kubeconfig, String bind, int port) {
        ServingCertKey cert = secure.servingCertKey();
        System.out.println("serving certificate: " + shown(cert.certFile()) + " (" + (cert.generated() ? "new" : "reused")
                + ", valid until " + cert.certificate().getNotAfter().toInstant().toString().substring(0, 10)
                + "), signed by the course CA " + shown(cert.caFile()));
        System.out.println("token: " + shown(secure.tokenFile()));
        System.out.println("kubeconfig: " + kubeconfig.toAbsolutePath());
        if (loopbackOnly(bind) != null) {
            AlternateNames names = ServingCertificates.alternateNames(cert.certificate());
            System.out.println("beyond this machine: the certificate names " + String.join(", ", names.dnsNames()) + " and "
                    + String.join(", ", names.ipAddresses()) + "; give a copy of the kubeconfig one of them: kubectl"
                    + " --kubeconfig FILE --server https://NAME:" + port + " get ns");
        }
    }

    /** A path as a learner types it from where the server was started: relative when it is below, else absolute. */
    private static String shown(Path path) {
        Path here = Path.of("").toAbsolutePath();
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(here) ? here.relativize(absolute).toString() : absolute.toString();
    }

    /**
     * Why plain HTTP may not listen on {@code address}, or null if it may: anyone who reaches a
     * server without authentication may read and write every object, so it stays on this machine.
     */
    static String loopbackOnly(String address) {
        try {
            if (InetAddress.getByName(address).isLoopbackAddress()) {
                return null;
            }
        } catch (UnknownHostException e) {
            return "cannot resolve the address " + address + ": " + e.getMessage();
        }
        return "refusing to serve plain HTTP on " + address + ": this server has no authentication, so anyone who"
                + " can reach it could read and write every object. Serve on a loopback address (the default, "
                + ApiServer.DEFAULT_BIND_ADDRESS + "), or use --tls (HTTPS and a bearer token) to serve beyond this machine.";
    }

    private static int port(String text) {
        try {
            int port = Integer.parseInt(text);
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        System.err.println("--port needs a number from 0 to 65535, not " + text);
        usage();
        System.exit(2);
        return -1;
    }

    private static String value(String[] args, int i, String flag) {
        if (i >= args.length) {
            System.err.println(flag + " needs a value");
            usage();
            System.exit(2);
        }
        return args[i];
    }

    private static void usage() {
        System.err.println("usage: ./course serve [--tls] [--port N] [--address ADDRESS] [--quiet]");
        System.err.println("  --tls              HTTPS (HTTP/2 by ALPN) with the course CA, a bearer token, and .rvlab/kubeconfig"
                + " written for kubectl");
        System.err.println("  --port N           port to listen on (default " + DEFAULT_PORT + ", or " + DEFAULT_SECURE_PORT
                + " with --tls; 0 picks a free one)");
        System.err.println("  --address ADDRESS  address to listen on (default " + ApiServer.DEFAULT_BIND_ADDRESS
                + "); without --tls loopback only: plain HTTP has no authentication");
        System.err.println("  --state-dir DIR    where --tls keeps pki/, token and kubeconfig (default .rvlab)");
        System.err.println("  --quiet            do not print a line per request");
    }
}
