package io.rvlab.ch07.server;

import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.server.ApiServerMain.ServerFactory;
import io.rvlab.ch02.server.serving.SecureServing;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.controlplane.ApiServerReplica;
import io.rvlab.ch07.controlplane.ControlPlane;
import io.rvlab.support.etcd.EtcdSettings;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * {@code ./course serve}: chapter 6's server, alone over one etcd member as before, or, with
 * {@code --etcd-members N} or {@code --replicas M}, a highly available control plane: an etcd
 * cluster of N members and M replicas of the server behind one address ({@link ControlPlane}).
 *
 * <pre>
 * ApiServerMain [--etcd-members N] [--replicas M] [chapter 2's options: --tls --port --address --state-dir --quiet]
 *   --etcd-members N  etcd members to start in containers (default 1; 3 is the usual control plane);
 *                     with RVLAB_ETCD_ENDPOINTS the external cluster it names is used instead
 *   --replicas M      API server replicas behind the one address (default 1); the log says which
 *                     replica each connection reached and which replica served each request
 * </pre>
 */
public final class ApiServerMain {

    private ApiServerMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int members = 1;
        int replicas = 1;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--etcd-members" -> members = count(args, ++i, "--etcd-members", 1, 7);
                case "--replicas" -> replicas = count(args, ++i, "--replicas", 1, 9);
                default -> rest.add(args[i]);
            }
        }
        if (members == 1 && replicas == 1) {
            io.rvlab.ch06.server.ApiServerMain.main(rest.toArray(String[]::new)); // one etcd, one server
            return;
        }
        serveControlPlane(members, replicas, io.rvlab.ch04.server.ApiServerMain.fromEnvironment(ApplyApiServer::start,
                ApplyApiServer::startWithoutCache), rest);
    }

    private static void serveControlPlane(int members, int count, ServerFactory factory, List<String> args)
            throws InterruptedException {
        int port = -1;
        String bind = ApiServer.DEFAULT_BIND_ADDRESS;
        boolean quiet = false;
        boolean tls = false;
        Path stateDir = Path.of(".rvlab");
        for (int i = 0; i < args.size(); i++) {
            switch (args.get(i)) {
                case "--port" -> port = number(value(args, ++i, "--port"), "--port", 0, 65535);
                case "--address", "--bind" -> bind = value(args, ++i, args.get(i - 1));
                case "--tls" -> tls = true;
                case "--state-dir" -> stateDir = Path.of(value(args, ++i, "--state-dir"));
                case "--quiet" -> quiet = true;
                default -> fail("unknown argument: " + args.get(i));
            }
        }
        if (port < 0) {
            port = tls ? io.rvlab.ch02.server.ApiServerMain.DEFAULT_SECURE_PORT
                    : io.rvlab.ch02.server.ApiServerMain.DEFAULT_PORT;
        }
        if (!tls && !loopback(bind)) {
            fail("refusing to serve plain HTTP on " + bind + ": this server has no authentication. Serve on a loopback"
                    + " address (the default), or add --tls.");
        }
        SecureServing secure = tls ? SecureServing.prepare(stateDir, bind) : null;
        if (EtcdSettings.load().endpoints().isPresent()) {
            System.out.println("RVLAB_ETCD_ENDPOINTS is set: using that cluster, not " + members + " new members");
        }
        ControlPlane plane;
        try {
            ServerFactory made = secure == null ? factory
                    : (etcd, address, p) -> ApiServer.servingSecurely(secure, () -> factory.start(etcd, address, p));
            plane = ControlPlane.start(members, count, made, bind, port);
        } catch (RuntimeException e) {
            System.err.println("could not start the control plane: " + e.getMessage());
            System.exit(1);
            return;
        }
        if (!quiet) {
            plane.logTo(System.out);
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            plane.close();
            stopped.countDown();
        }, "rvlab-controlplane-stop"));

        String url = plane.url().toString();
        System.out.println("rvlab control plane listening on " + url + "   (" + count + " API server replica"
                + (count == 1 ? "" : "s") + " behind a TCP balancer: each new connection goes to the next replica)");
        for (ApiServerReplica replica : plane.replicas()) {
            System.out.println("  " + replica.name() + "  " + replica.url() + "   (its own etcd client and watch caches)");
        }
        String endpoints = plane.etcd().endpoints();
        System.out.println("etcd: " + plane.etcd().size() + " members, the leader at " + plane.etcd().endpoint(plane.etcd().leader())
                + "   (export ETCDCTL_API=3 ETCDCTL_ENDPOINTS=" + endpoints + ")");
        System.out.println();
        System.out.println("Try:");
        String kubectl = secure == null ? "kubectl --server " + url : "kubectl --kubeconfig " + shown(secure.writeKubeconfig(plane.url()));
        System.out.println("  " + kubectl + " get namespaces -v=6        (again and again: the log below names the replica each time)");
        System.out.println("  " + kubectl + " create configmap demo --from-literal=greeting=hello");
        System.out.println("  " + kubectl + " get configmaps -w          (one watch, one replica, until the connection ends)");
        System.out.println("  etcdctl endpoint status -w table        (which member leads, and each member's revision)");
        System.out.println();
        System.out.println("Press Ctrl-C to stop (the replicas and etcd stop too)."
                + (quiet ? "" : " Each connection and each request is logged below, with the replica that served it."));
        stopped.await();
    }

    /** A path as typed from where the server was started: relative when it is below, else absolute. */
    private static String shown(Path path) {
        Path here = Path.of("").toAbsolutePath();
        Path absolute = path.toAbsolutePath().normalize();
        return absolute.startsWith(here) ? here.relativize(absolute).toString() : absolute.toString();
    }

    private static boolean loopback(String address) {
        try {
            return InetAddress.getByName(address).isLoopbackAddress();
        } catch (UnknownHostException e) {
            fail("cannot resolve the address " + address + ": " + e.getMessage());
            return false;
        }
    }

    private static int count(String[] args, int i, String flag, int min, int max) {
        if (i >= args.length) {
            fail(flag + " needs a value");
        }
        return number(args[i], flag, min, max);
    }

    private static int number(String text, String flag, int min, int max) {
        try {
            int n = Integer.parseInt(text);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        fail(flag + " needs a whole number from " + min + " to " + max + ", not " + text);
        return -1;
    }

    private static String value(List<String> args, int i, String flag) {
        if (i >= args.size()) {
            fail(flag + " needs a value");
        }
        return args.get(i);
    }

    private static void fail(String message) {
        System.err.println(message);
        System.err.println("usage: ./course serve [--etcd-members N] [--replicas M] [--tls] [--port N] [--address ADDRESS] [--quiet]");
        System.exit(2);
    }
}
