package io.rvlab.ch07.controlplane;

import io.rvlab.ch02.server.ApiServerMain.ServerFactory;
import io.rvlab.support.etcd.EtcdCluster;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * A highly available control plane in one JVM: an etcd cluster, {@code n} API server replicas over
 * it (each with its own etcd client and watch caches), and one {@link ReplicaBalancer} address in
 * front of them. Clients given {@link #url()} cannot tell which replica answers; the labs ask
 * {@link #replica} directly when that is the question.
 */
public final class ControlPlane implements AutoCloseable {

    private final EtcdCluster etcd;
    private final boolean ownsEtcd;
    private final List<ApiServerReplica> replicas;
    private final ReplicaBalancer balancer;

    private ControlPlane(EtcdCluster etcd, boolean ownsEtcd, List<ApiServerReplica> replicas, ReplicaBalancer balancer) {
        this.etcd = etcd;
        this.ownsEtcd = ownsEtcd;
        this.replicas = List.copyOf(replicas);
        this.balancer = balancer;
    }

    /** Starts {@code members} etcd members, then {@code replicas} servers {@code factory} makes, behind {@code bind:port}. */
    public static ControlPlane start(int members, int replicas, ServerFactory factory, String bind, int port) {
        EtcdCluster etcd = EtcdCluster.start(members);
        try {
            return start(etcd, true, replicas, factory, bind, port);
        } catch (RuntimeException e) {
            etcd.close();
            throw e;
        }
    }

    /** {@code replicas} servers over a cluster the caller owns (and closes), behind a balancer on a free port. */
    public static ControlPlane over(EtcdCluster etcd, int replicas, ServerFactory factory) {
        return start(etcd, false, replicas, factory, "127.0.0.1", 0);
    }

    // tag::start[]
    private static ControlPlane start(EtcdCluster etcd, boolean ownsEtcd, int count, ServerFactory factory, String bind,
            int port) {
        if (count < 1) {
            throw new IllegalArgumentException("a control plane needs at least one API server replica, not " + count);
        }
        List<ApiServerReplica> replicas = new ArrayList<>();
        try {
            for (int i = 1; i <= count; i++) {
                replicas.add(ApiServerReplica.start("replica-" + i, etcd.newClient(), factory));
            }
            return new ControlPlane(etcd, ownsEtcd, replicas, ReplicaBalancer.start(bind, port, replicas));
        } catch (RuntimeException e) {
            replicas.forEach(ApiServerReplica::close);
            throw e;
        }
    }
    // end::start[]

    /** The balancer's address: what kubectl and the informers are given. */
    public URI url() {
        return balancer.url();
    }

    public EtcdCluster etcd() {
        return etcd;
    }

    public List<ApiServerReplica> replicas() {
        return replicas;
    }

    /** Replica {@code number}, counted from 1 as the log names them. */
    public ApiServerReplica replica(int number) {
        return replicas.get(number - 1);
    }

    public ReplicaBalancer balancer() {
        return balancer;
    }

    /** Logs each connection the balancer passes on, and each request each replica serves, to {@code out}. */
    public ControlPlane logTo(PrintStream out) {
        balancer.logConnectionsTo(out);
        replicas.forEach(replica -> replica.logRequestsTo(out));
        return this;
    }

    @Override
    public void close() {
        balancer.close();
        replicas.forEach(ApiServerReplica::close);
        if (ownsEtcd) {
            etcd.close();
        }
    }
}
