package io.rvlab.ch07.controlplane;

import io.vertx.core.Vertx;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetClientOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetSocket;
import io.rvlab.support.net.FreePorts;
import java.io.PrintStream;
import java.net.URI;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * One address in front of several API server replicas, as a TCP load balancer in front of the
 * kube-apiservers of a highly available control plane (kubeadm's HA guide puts haproxy or a cloud
 * load balancer there, in TCP mode). Each new connection goes to the next replica in turn; a
 * replica that refuses the connection is skipped. It does not read HTTP: every request of one
 * connection, and a whole watch, stays on the replica the connection reached, and TLS passes
 * through untouched. So a client "moves between replicas" when it opens a new connection, which
 * is what kubectl does on every run and client-go does after a broken watch.
 */
public final class ReplicaBalancer implements AutoCloseable {

    private final Vertx vertx = Vertx.vertx();
    private final NetClient client = vertx.createNetClient(new NetClientOptions().setConnectTimeout(2_000));
    private final List<ApiServerReplica> replicas;
    private final AtomicLong connections = new AtomicLong();
    private final NetServer server;
    private final String host;
    private volatile PrintStream log;

    private ReplicaBalancer(String host, int port, List<ApiServerReplica> replicas) {
        this.host = host;
        this.replicas = List.copyOf(replicas);
        NetServer listening = vertx.createNetServer().connectHandler(this::accept);
        try {
            this.server = listening.listen(port, host).toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            vertx.close();
            Throwable cause = e instanceof java.util.concurrent.ExecutionException ? e.getCause() : e;
            throw new IllegalStateException("the balancer could not listen on " + host + ":" + port + ": "
                    + cause.getMessage(), cause);
        }
    }

    /** Listens on {@code host:port} (0: a free port, as {@link FreePorts} picks one) for {@code replicas}. */
    public static ReplicaBalancer start(String host, int port, List<ApiServerReplica> replicas) {
        IntFunction<ReplicaBalancer> listen = p -> new ReplicaBalancer(host, p, replicas);
        return port == 0 ? FreePorts.listen(listen) : listen.apply(port);
    }

    /** Prints a line per connection (which replica it reached) to {@code out}; null: prints nothing. */
    public ReplicaBalancer logConnectionsTo(PrintStream out) {
        this.log = out;
        return this;
    }

    public int port() {
        return server.actualPort();
    }

    public URI url() {
        return URI.create("http" + (replicas.get(0).server().secure() ? "s" : "") + "://" + host + ":" + port());
    }

    // tag::connect[]
    private void accept(NetSocket front) {
        front.pause(); // nothing is read until the replica's side is connected
        long number = connections.incrementAndGet();
        connect(front, number, (int) ((number - 1) % replicas.size()), replicas.size());
    }

    /** Tries the replica at {@code index}, then the next, {@code left} replicas in all. */
    private void connect(NetSocket front, long number, int index, int left) {
        if (left == 0) {
            say("connection %d from %s: no replica answers, closed", number, front.remoteAddress());
            front.close();
            return;
        }
        ApiServerReplica replica = replicas.get(index);
        client.connect(replica.port(), "127.0.0.1").onComplete(connected -> {
            if (connected.failed()) {
                say("connection %d: %s refused (%s), trying the next", number, replica.name(), connected.cause().getMessage());
                connect(front, number, (index + 1) % replicas.size(), left - 1);
                return;
            }
            NetSocket back = connected.result();
            say("connection %d from %s -> %s", number, front.remoteAddress(), replica.name());
            // Bytes both ways, with back-pressure; either side closing closes the other.
            front.pipeTo(back);
            back.pipeTo(front);
        });
    }
    // end::connect[]

    private void say(String format, Object... args) {
        PrintStream out = log;
        if (out != null) {
            out.printf("balancer | " + format + "%n", args);
        }
    }

    @Override
    public void close() {
        try {
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // stopping anyway
        }
    }
}
