package io.rvlab.ch02.server;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.support.etcd.Etcd;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./course serve}: starts etcd (a container, or the etcd named by RVLAB_ETCD_ENDPOINTS) and
 * this chapter's API server over it, then runs until Ctrl-C.
 *
 * <pre>
 * ApiServerMain [--port N] [--address ADDRESS] [--quiet]
 *   --port N           port to listen on (default 8080; 0 picks a free one)
 *   --address ADDRESS  address to listen on (default 127.0.0.1); a loopback address only, since plain
 *                      HTTP has no authentication ({@code --bind} is the same option)
 *   --quiet            do not print a line per request
 * </pre>
 * Port 8080 is the default because it is where kubectl looks when it has no kubeconfig at all
 * (http://localhost:8080), the old insecure port of kube-apiserver.
 *
 * <p>Later chapters serve their own, larger server through {@link #serve}, so the start-up and
 * shutdown of etcd and server are written once.
 */
public final class ApiServerMain {

    public static final int DEFAULT_PORT = 8080;

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
     * runs until Ctrl-C.
     */
    public static void serve(String[] args, ServerFactory factory, List<String> extraTries) throws InterruptedException {
        int port = DEFAULT_PORT;
        String bind = ApiServer.DEFAULT_BIND_ADDRESS;
        boolean quiet = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = port(value(args, ++i, "--port"));
                case "--address", "--bind" -> bind = value(args, ++i, args[i - 1]);
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
        String refusal = loopbackOnly(bind);
        if (refusal != null) {
            System.err.println(refusal);
            System.exit(2);
        }
        Etcd etcd = Etcd.start();
        ApiServer server;
        try {
            server = factory.start(etcd.client(), bind, port);
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
        System.out.println("rvlab API server (" + Discovery.GIT_VERSION + ") listening on " + url);
        System.out.println("etcd: " + etcd.endpoints() + "   (export ETCDCTL_API=3 ETCDCTL_ENDPOINTS=" + etcd.endpoints() + ")");
        System.out.println();
        System.out.println("Try:");
        System.out.println("  kubectl --server " + url + " get namespaces");
        System.out.println("  kubectl --server " + url + " create configmap demo --from-literal=greeting=hello");
        System.out.println("  kubectl --server " + url + " get configmap demo -o yaml");
        System.out.println("  curl -s " + url + "/api/v1/namespaces/default/configmaps");
        for (String command : extraTries) {
            System.out.println("  " + command.replace("{url}", url));
        }
        System.out.println("  etcdctl get /registry/configmaps/default/demo -w json");
        System.out.println();
        System.out.println("Press Ctrl-C to stop (etcd stops too)." + (quiet ? "" : " Each request is logged below."));
        stopped.await();
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
        System.err.println("usage: ./course serve [--port N] [--address ADDRESS] [--quiet]");
        System.err.println("  --port N           port to listen on (default " + DEFAULT_PORT + "; 0 picks a free one)");
        System.err.println("  --address ADDRESS  address to listen on (default " + ApiServer.DEFAULT_BIND_ADDRESS
                + "), loopback only: plain HTTP has no authentication");
        System.err.println("  --quiet            do not print a line per request");
    }
}
