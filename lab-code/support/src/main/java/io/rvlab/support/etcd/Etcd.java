package io.rvlab.support.etcd;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.cluster.MemberListResponse;
import io.etcd.jetcd.maintenance.StatusResponse;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A real etcd and a connected jetcd {@link Client}: the one way every lab, test and jshell script
 * in the course reaches etcd. Never a stand-in: either a container this class started, or an
 * external etcd the learner named with {@code RVLAB_ETCD_ENDPOINTS}.
 *
 * <pre>{@code
 * try (Etcd etcd = Etcd.start()) {
 *     etcd.client().getKVClient().put(...);
 * }
 * }</pre>
 */
public final class Etcd implements AutoCloseable {

    private static Etcd shared;

    /** gRPC (under jetcd) logs start-up details through java.util.logging; a learner needs none of them. */
    private static final java.util.logging.Logger GRPC_LOG = quiet("io.grpc");

    private static java.util.logging.Logger quiet(String name) {
        java.util.logging.Logger logger = java.util.logging.Logger.getLogger(name);
        logger.setLevel(java.util.logging.Level.WARNING);
        return logger; // kept in a field: the JDK holds loggers weakly, and a collected one forgets its level
    }

    private final EtcdContainer container; // null for an external etcd or a process
    private final EtcdProcess process;     // null unless started from RVLAB_ETCD_BINARY
    private final String endpoints;
    private final Client client;
    private final String description;

    private Etcd(EtcdContainer container, String endpoints) {
        this(container, null, endpoints);
    }

    private Etcd(EtcdContainer container, EtcdProcess process, String endpoints) {
        this.container = container;
        this.process = process;
        this.endpoints = endpoints;
        this.client = newClient(endpoints);
        this.description = describe(client);
    }

    /**
     * A fresh etcd whose revision starts at 1, so absolute revisions are predictable. With an
     * external etcd configured this is that etcd, and revisions are whatever it has reached.
     */
    public static Etcd start() {
        EtcdSettings settings = EtcdSettings.load();
        if (settings.endpoints().isPresent()) {
            return announce(new Etcd(null, settings.endpoints().get()));
        }
        if (settings.binary().isPresent()) {
            EtcdProcess process = new EtcdProcess(java.nio.file.Path.of(settings.binary().get()));
            process.start();
            // A child process outlives a JVM that does not stop it; the shared etcd is never closed.
            Runtime.getRuntime().addShutdownHook(new Thread(process::stop, "rvlab-etcd-process-stop"));
            return announce(new Etcd(null, process, process.clientEndpoint()));
        }
        EtcdContainer container = new EtcdContainer(settings.image());
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new IllegalStateException(
                    "could not start etcd from image " + settings.image() + ": " + e.getMessage()
                            + "\n  Run ./course doctor to see what is missing, or set RVLAB_ETCD_ENDPOINTS to use your own etcd.",
                    e);
        }
        return announce(new Etcd(container, container.clientEndpoint()));
    }

    /**
     * The etcd at {@code endpoints} (comma-separated), started by someone else: an {@link EtcdCluster}
     * this JVM runs, for code written against one {@code Etcd}. Closing it closes only its client.
     */
    public static Etcd connect(String endpoints) {
        return announce(new Etcd(null, endpoints));
    }

    /**
     * One etcd for the whole JVM, for tests that isolate themselves by key prefix. Removed when
     * the JVM exits.
     */
    public static synchronized Etcd shared() {
        if (shared == null) {
            Etcd etcd = start();
            // At exit only the client is closed here; the container is left to Testcontainers, which
            // removes every container of its session then (its own exit hook when Ryuk is disabled, as
            // under Podman; Ryuk otherwise). Removing it here as well raced that hook: it lists the
            // session's containers, then removes each, and when this hook removed ours in between, its
            // thread died with "404 no such container" after a clean run (issue 14).
            Runtime.getRuntime().addShutdownHook(new Thread(etcd.client::close, "rvlab-etcd-client-close"));
            shared = etcd;
        }
        return shared;
    }

    private static Etcd announce(Etcd etcd) {
        System.err.println("[rvlab] " + etcd.description());
        return etcd;
    }

    /** The connected client owned by this handle; closed by {@link #close()}. */
    public Client client() {
        return client;
    }

    /** A second, independent client (for example a second "writer"); the caller closes it. */
    public Client newClient() {
        return newClient(endpoints);
    }

    /** Comma-separated client URLs, as etcdctl's {@code --endpoints} takes them. */
    public String endpoints() {
        return endpoints;
    }

    public boolean isExternal() {
        return container == null && process == null;
    }

    /** Whether {@link #restart()} can work: only for an etcd the harness started (a container or a process). */
    public boolean canRestart() {
        return !isExternal();
    }

    /**
     * Restarts this etcd, as an operator restarting the etcd under a Kubernetes cluster would:
     * etcd stops cleanly (SIGTERM), comes back with the same data (every key, the same revision
     * and compaction point) at the same endpoint, and returns once etcd answers this handle's
     * {@link #client()} again (about two seconds with Podman here).
     *
     * <p>What clients see: this handle's client and every client from {@link #newClient()} keep
     * working, since jetcd reconnects by itself. Each open jetcd watch first reports the lost
     * connection to its listener's {@code onError} (for example "Network closed for unknown
     * reason", or a GOAWAY) and then, unless the listener closes it, resumes by itself half a
     * second later from the revision after the last event it delivered. A watch that treats
     * {@code onError} as the end (as chapter 4's StorageWatch does) must be resumed by its caller.
     *
     * @throws UnsupportedOperationException for an external etcd ({@link #canRestart()} is false):
     *         the course does not own it, so a test needing a restart should skip
     * @throws IllegalStateException for {@link #shared()}, whose restart would disturb every other
     *         test of the JVM (annotate the test class {@link FreshEtcd}), or if etcd did not come
     *         back at the same endpoint within a minute
     */
    public void restart() {
        if (isExternal()) {
            throw new UnsupportedOperationException("cannot restart the external etcd at " + endpoints
                    + ": only an etcd the harness started in a container can be restarted (unset RVLAB_ETCD_ENDPOINTS)");
        }
        if (this == shared) {
            throw new IllegalStateException("refusing to restart the etcd every test of this JVM shares;"
                    + " give the test class @FreshEtcd for an etcd of its own");
        }
        if (process != null) {
            process.restart(Duration.ofSeconds(10));
        } else {
            container.restart(Duration.ofSeconds(10));
        }
        awaitAnswer(Duration.ofMinutes(1));
    }

    /**
     * Waits until etcd answers this handle's client. Right after a restart the client's gRPC
     * channel may still be backing off from the failed connection, so this asks repeatedly.
     */
    private void awaitAnswer(Duration timeout) {
        String first = endpoints.split(",")[0];
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try {
                client.getMaintenanceClient().statusMember(first).get(5, TimeUnit.SECONDS);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for etcd to come back", e);
            } catch (Exception e) {
                last = e;
                try {
                    Thread.sleep(100);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for etcd to come back", interrupted);
                }
            }
        }
        throw new IllegalStateException("etcd at " + endpoints + " did not answer within " + timeout.toSeconds()
                + " s of its restart: " + last, last);
    }

    /** Which etcd this is, so a log always shows what the tests ran against. */
    public String description() {
        return description;
    }

    @Override
    public void close() {
        if (this != shared) {
            stop();
        }
    }

    private void stop() {
        client.close();
        if (process != null) {
            process.stop();
        }
        // Inside a shutdown hook (a server's Ctrl-C) the container is Testcontainers' to remove, as for shared().
        if (container != null && !jvmExiting()) {
            try {
                container.stop();
            } catch (RuntimeException alreadyGone) {
                // Removed already, e.g. by hand with podman rm: stopped is what was wanted.
            }
        }
    }

    /** True once the JVM runs its shutdown hooks: the JDK then refuses to register another one. */
    private static boolean jvmExiting() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException shuttingDown) {
            return true;
        }
    }

    private static Client newClient(String endpoints) {
        // No 4 MiB cap on a response: a watch cache's first list of 10,000 objects is one ~14 MB range
        // answer (kube-apiserver's etcd client likewise lifts gRPC's receive limit).
        return Client.builder().endpoints(endpoints.split(",")).maxInboundMessageSize(Integer.MAX_VALUE).build();
    }

    private String where() {
        return process != null ? process.describe()
                : container == null ? "external etcd at " + endpoints
                : "etcd container " + container.getDockerImageName() + " at " + endpoints;
    }

    /** What the first answer says; a failure (30 s without an answer included) ends the start. */
    private String describe(Client client) {
        try {
            String first = endpoints.split(",")[0];
            StatusResponse status = client.getMaintenanceClient().statusMember(first).get(30, TimeUnit.SECONDS);
            MemberListResponse members = client.getClusterClient().listMember().get(30, TimeUnit.SECONDS);
            return String.format("real etcd %s ready: %s (cluster %x, member %x, revision %d)",
                    status.getVersion(), where(), members.getHeader().getClusterId(),
                    status.getHeader().getMemberId(), status.getHeader().getRevision());
        } catch (Exception e) {
            throw unreachable(client, e);
        }
    }

    private IllegalStateException unreachable(Client client, Exception e) {
        client.close();
        if (container != null) {
            container.stop();
        }
        return new IllegalStateException("cannot talk to " + where() + ": " + e, e);
    }
}
