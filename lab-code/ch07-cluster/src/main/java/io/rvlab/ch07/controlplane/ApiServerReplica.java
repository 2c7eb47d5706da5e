package io.rvlab.ch07.controlplane;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.server.ApiServerMain.ServerFactory;
import java.io.PrintStream;
import java.net.URI;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One kube-apiserver of a highly available control plane: its own etcd client (knowing every
 * member, as {@code --etcd-servers} lists them), and so its own watch caches, each at its own
 * point of the one revision sequence. Replicas share nothing but etcd; that is the whole point of
 * this chapter.
 */
public final class ApiServerReplica implements AutoCloseable {

    private final String name;
    private final Client etcd;
    private final ApiServer server;
    private final AtomicBoolean stopped = new AtomicBoolean();

    private ApiServerReplica(String name, Client etcd, ApiServer server) {
        this.name = name;
        this.etcd = etcd;
        this.server = server;
    }

    /** Starts replica {@code name} with the server {@code factory} makes, on a client of its own. */
    public static ApiServerReplica start(String name, Client etcd, ServerFactory factory) {
        try {
            return new ApiServerReplica(name, etcd, factory.start(etcd, ApiServer.DEFAULT_BIND_ADDRESS, 0));
        } catch (RuntimeException e) {
            etcd.close();
            throw e;
        }
    }

    public String name() {
        return name;
    }

    public ApiServer server() {
        return server;
    }

    /** This replica's own address, not the balancer's: for a lab that asks one replica directly. */
    public URI url() {
        return server.url();
    }

    public int port() {
        return server.port();
    }

    /** This replica's etcd client. */
    public Client etcd() {
        return etcd;
    }

    /** Logs each request this replica serves to {@code out}, each line starting with the replica's name. */
    public ApiServerReplica logRequestsTo(PrintStream out) {
        server.logRequestsTo(out == null ? null : LinePrefix.of(name + " | ", out));
        return this;
    }

    /** Whether this replica was stopped (a lab stops one to see clients move to the other). */
    public boolean stopped() {
        return stopped.get();
    }

    /** Stops the server and its etcd client; a second call does nothing. */
    @Override
    public void close() {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            server.close();
        } finally {
            etcd.close();
        }
    }
}
