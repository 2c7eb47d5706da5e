package io.rvlab.ch05.controller;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch05.cache.DeletedFinalStateUnknown;
import io.rvlab.ch05.cache.ObjectKeys;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.cache.ResourceEventHandler;
import io.rvlab.ch05.cache.WatchListOptions;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.client.RestClient;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.server.WatchListApiServer;
import io.rvlab.support.etcd.Etcd;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code ./course controller}: chapter 5's annotation controller, with its informer's requests and
 * events printed as they happen, against the course's own server (etcd and the server are started
 * for it) or against any cluster a kubeconfig names.
 *
 * <pre>
 * ControllerMain [--kubeconfig FILE] [--context NAME] [--namespace NS] [--label KEY]
 *                [--annotation KEY=VALUE] [--seconds N]
 *   --kubeconfig FILE  a real cluster (kubectl's file; "-" for $KUBECONFIG or ~/.kube/config);
 *                      without it, etcd and chapter 5's API server are started here
 *   --context NAME     a context of that file other than its current-context
 *   --namespace NS     the namespace to watch (default: the context's, else "default")
 *   --label KEY        ConfigMaps carrying this label are the controller's (default rvlab.io/annotate)
 *   --annotation K=V   the annotation it makes sure they carry (default rvlab.io/annotated=true)
 *   --seconds N        stop after N seconds (default: run until Ctrl-C)
 * </pre>
 * On a real cluster it needs RBAC to list, watch and patch ConfigMaps in that namespace, and it only
 * ever adds its annotation to ConfigMaps that carry its label.
 */
public final class ControllerMain {

    private ControllerMain() {
    }

    public static void main(String[] args) throws Exception {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs the controller as the command line says; the process's exit code (0 fine, 1 failed, 2 usage). */
    public static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
        Arguments a;
        try {
            a = Arguments.parse(args);
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            err.println(usage());
            return 2;
        }
        if (a.help) {
            out.println(usage());
            return 0;
        }
        CountDownLatch stop = new CountDownLatch(1);
        CountDownLatch finished = new CountDownLatch(1);
        if (a.seconds == 0) { // until Ctrl-C: then stop, and let the informer, the server and etcd close first
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                stop.countDown();
                try {
                    finished.await(20, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, "rvlab-controller-stop"));
        }
        try {
            return start(a, stop, out, err);
        } finally {
            finished.countDown();
        }
    }

    private static int start(Arguments a, CountDownLatch stop, PrintStream out, PrintStream err) throws Exception {
        if (a.kubeconfig == null) {
            try (Etcd etcd = Etcd.start();
                    WatchListApiServer server = WatchListApiServer.start(etcd.client(), "127.0.0.1", 0, WatchCache.Options.DEFAULT)) {
                out.println("the course's API server (chapter 5) on " + server.url() + ", over etcd " + etcd.endpoints());
                out.println("try, in another terminal:");
                out.println("  kubectl --server " + server.url() + " create configmap web --from-literal=k=v");
                out.println("  kubectl --server " + server.url() + " label configmap web " + a.label + "=yes");
                out.println("  kubectl --server " + server.url() + " get configmap web -o yaml");
                return control(RestConfig.forUrl(server.url()), a, stop, out);
            }
        }
        RestConfig config;
        try {
            config = a.kubeconfig.equals("-") ? RestConfig.fromDefaultKubeconfig()
                    : RestConfig.fromKubeconfig(Path.of(a.kubeconfig), a.context);
        } catch (IOException | IllegalArgumentException e) {
            err.println("cannot use the kubeconfig: " + e.getMessage());
            return 1;
        }
        out.println("cluster " + config.server() + " (from the kubeconfig)");
        return control(config, a, stop, out);
    }

    private static int control(RestConfig config, Arguments a, CountDownLatch stop, PrintStream out)
            throws InterruptedException {
        String namespace = a.namespace != null ? a.namespace : config.namespace();
        out.println("making sure every ConfigMap in namespace " + namespace + " labelled " + a.label
                + " carries " + a.annotationKey + "=" + a.annotationValue);
        RestClient client = new RestClient(config);
        try (Controller controller = AnnotationController.start(client, namespace, a.label, a.annotationKey,
                a.annotationValue, 2)) {
            controller.informer().addEventHandler(new Printer(out));
            controller.informer().addListener(new RequestPrinter(out, controller.informer().reflector().name()));
            if (a.seconds > 0) {
                stop.await(a.seconds, TimeUnit.SECONDS);
            } else {
                stop.await();
            }
            out.println("stopping: " + controller.reconciles() + " reconciles, " + controller.failures()
                    + " failed (retried with backoff)");
            return 0;
        }
    }

    /** Prints what the informer's handlers see. */
    private record Printer(PrintStream out) implements ResourceEventHandler {
        @Override
        public void onAdd(ObjectNode object, boolean isInInitialList) {
            out.println("  add     " + ObjectKeys.of(object) + "  rv " + rv(object) + (isInInitialList ? "  (initial list)" : ""));
        }

        @Override
        public void onUpdate(ObjectNode oldObject, ObjectNode newObject) {
            out.println("  update  " + ObjectKeys.of(newObject) + "  rv " + rv(oldObject) + " -> " + rv(newObject));
        }

        @Override
        public void onDelete(Object objectOrTombstone) {
            String note = objectOrTombstone instanceof DeletedFinalStateUnknown ? "  (missed; learnt by a relist)" : "";
            out.println("  delete  " + ObjectKeys.of(objectOrTombstone) + note);
        }

        private static String rv(ObjectNode object) {
            return object.path("metadata").path("resourceVersion").asText();
        }
    }

    /** Prints the reflector's requests, so the resourceVersions it lists and watches at are visible. */
    private record RequestPrinter(PrintStream out, String name) implements ReflectorListener {
        @Override
        public void listed(ListOptions options, String resourceVersion, int items) {
            out.println("LIST  " + options + " -> " + items + " items at resourceVersion " + resourceVersion);
        }

        @Override
        public void watchStarted(WatchListOptions options) {
            out.println("WATCH " + options);
        }

        @Override
        public void watchEnded(String reason) {
            out.println("watch ended: " + reason);
        }

        @Override
        public void backoff(Duration pause, Throwable cause) {
            out.println("backing off " + pause.toMillis() + " ms: " + cause.getMessage());
        }
    }

    private static String usage() {
        return """
                usage: ./course controller [--kubeconfig FILE|-] [--context NAME] [--namespace NS] [--label KEY]
                                           [--annotation KEY=VALUE] [--seconds N]
                  without --kubeconfig, etcd and chapter 5's API server are started for it""";
    }

    private static final class Arguments {
        String kubeconfig;
        String context;
        String namespace;
        String label = "rvlab.io/annotate";
        String annotationKey = "rvlab.io/annotated";
        String annotationValue = "true";
        long seconds;
        boolean help;

        static Arguments parse(String[] args) {
            Arguments a = new Arguments();
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--kubeconfig" -> a.kubeconfig = value(args, ++i, "--kubeconfig");
                    case "--context" -> a.context = value(args, ++i, "--context");
                    case "--namespace", "-n" -> a.namespace = value(args, ++i, "--namespace");
                    case "--label" -> a.label = value(args, ++i, "--label");
                    case "--annotation" -> {
                        String pair = value(args, ++i, "--annotation");
                        int eq = pair.indexOf('=');
                        if (eq <= 0) {
                            throw new IllegalArgumentException("--annotation needs KEY=VALUE, not " + pair);
                        }
                        a.annotationKey = pair.substring(0, eq);
                        a.annotationValue = pair.substring(eq + 1);
                    }
                    case "--seconds" -> {
                        String text = value(args, ++i, "--seconds");
                        try {
                            a.seconds = Long.parseLong(text);
                        } catch (NumberFormatException e) {
                            a.seconds = -1;
                        }
                        if (a.seconds < 0) {
                            throw new IllegalArgumentException("--seconds needs a whole number, not " + text);
                        }
                    }
                    case "-h", "--help" -> a.help = true;
                    default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
                }
            }
            if (a.context != null && a.kubeconfig == null) {
                throw new IllegalArgumentException("--context needs --kubeconfig");
            }
            return a;
        }

        private static String value(String[] args, int i, String flag) {
            if (i >= args.length) {
                throw new IllegalArgumentException(flag + " needs a value");
            }
            return args[i];
        }
    }
}
