package io.rvlab.support.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.cluster.Member;
import io.etcd.jetcd.maintenance.StatusResponse;
import io.etcd.jetcd.options.GetOption;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.testcontainers.lifecycle.Startables;

/**
 * A real multi-member etcd (three members by default), the control plane's usual shape: one raft
 * log, so one revision sequence, replicated to every member. Either members this class started
 * (containers on networks of their own, or, with {@code RVLAB_ETCD_BINARY}, processes of that etcd
 * binary on the loopback address, as in the classroom grader's box), or an external cluster named
 * by a comma-separated {@code RVLAB_ETCD_ENDPOINTS}.
 *
 * <p>The faults a chapter needs are the ones an operator meets: a member stopped (and its leader
 * role with it), a member frozen, a member cut off from its peers while clients still reach it.
 * They work only on members the harness started; on an external cluster they throw.
 */
public final class EtcdCluster implements AutoCloseable {

    private final List<AutoCloseable> networks; // the members' networks (or peer proxies); empty for an external cluster
    private final List<ClusterMember> members; // empty for an external cluster
    private final List<String> endpoints;
    private final Client client;
    private Thread removeAtExit; // for members that are processes: a child process outlives a JVM that does not stop it

    private EtcdCluster(List<AutoCloseable> networks, List<? extends ClusterMember> members, List<String> endpoints) {
        this.networks = networks;
        this.members = List.copyOf(members);
        this.endpoints = List.copyOf(endpoints);
        this.client = newClient(this.endpoints);
    }

    /** Starts {@code size} members (or connects to the external cluster) and waits for a leader. */
    public static EtcdCluster start(int size) {
        EtcdSettings settings = EtcdSettings.load();
        if (settings.endpoints().isPresent()) {
            List<String> external = Arrays.stream(settings.endpoints().get().split(","))
                    .map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toList());
            EtcdCluster cluster = new EtcdCluster(List.of(), List.of(), external);
            cluster.awaitLeader(Duration.ofSeconds(30));
            return cluster;
        }
        String token = "rvlab-" + UUID.randomUUID().toString().substring(0, 8);
        if (settings.binary().isPresent()) {
            return startProcesses(size, Path.of(settings.binary().get()), token);
        }
        MemberNetwork clients = MemberNetwork.create("rvlab-etcd-clients-" + token.substring(6));
        MemberNetwork peers = MemberNetwork.create("rvlab-etcd-peers-" + token.substring(6));
        String initialCluster = java.util.stream.IntStream.range(0, size)
                .mapToObj(i -> "etcd-" + i + "=" + EtcdMemberContainer.peerUrl(peers, i))
                .collect(Collectors.joining(","));
        List<EtcdMemberContainer> members = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            members.add(new EtcdMemberContainer(settings.image(), clients, peers, i, initialCluster, token));
        }
        try {
            // Together: no member can finish starting alone, it waits for a quorum of its peers.
            Startables.deepStart(members).join();
        } catch (RuntimeException e) {
            members.forEach(EtcdMemberContainer::stop);
            peers.network().close();
            clients.network().close();
            throw new IllegalStateException("could not start a " + size + "-member etcd from image "
                    + settings.image() + ": " + e.getMessage()
                    + "\n  Run ./course doctor, or set RVLAB_ETCD_ENDPOINTS to a comma-separated list of your cluster's members.", e);
        }
        EtcdCluster cluster = new EtcdCluster(List.of(peers.network()::close, clients.network()::close), members,
                members.stream().map(EtcdMemberContainer::clientEndpoint).collect(Collectors.toList()));
        cluster.awaitLeader(Duration.ofSeconds(60));
        return cluster;
    }

    /**
     * The members as processes of {@code binary} on 127.0.0.1, each with its own client port, peer
     * port and data directory, and each reached by its peers through its {@link PeerProxy}, so that
     * {@link #partition} can cut raft's traffic and nothing else (see {@link PeerNetwork}).
     */
    private static EtcdCluster startProcesses(int size, Path binary, String token) {
        PeerNetwork peers = new PeerNetwork();
        List<Integer> peerPorts = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            peerPorts.add(EtcdProcess.freePort());
            peers.add(peerPorts.get(i));
        }
        String initialCluster = java.util.stream.IntStream.range(0, size)
                .mapToObj(i -> "etcd-" + i + "=" + peers.url(i))
                .collect(Collectors.joining(","));
        List<EtcdMemberProcess> members = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            members.add(new EtcdMemberProcess(binary,
                    new EtcdProcess.Membership("etcd-" + i, peers.url(i), initialCluster, token), peerPorts.get(i), peers, i));
        }
        try {
            // All launched first: no member is ready before a quorum of its peers runs.
            members.forEach(EtcdMemberProcess::launch);
            for (EtcdMemberProcess member : members) {
                member.awaitReady(Duration.ofSeconds(90));
            }
        } catch (RuntimeException e) {
            members.forEach(EtcdMemberProcess::remove);
            peers.close();
            throw new IllegalStateException("could not start a " + size + "-member etcd from the binary " + binary
                    + " (RVLAB_ETCD_BINARY): " + e.getMessage(), e);
        }
        EtcdCluster cluster = new EtcdCluster(List.of(peers), members,
                members.stream().map(EtcdMemberProcess::clientEndpoint).collect(Collectors.toList()));
        cluster.removeAtExit = new Thread(cluster::removeMembers, "rvlab-etcd-cluster-remove");
        Runtime.getRuntime().addShutdownHook(cluster.removeAtExit);
        cluster.awaitLeader(Duration.ofSeconds(60));
        cluster.learnMemberIds(peers);
        return cluster;
    }

    /** Tells the peer network each member's id, which its peer requests carry (a member is named etcd-INDEX). */
    private void learnMemberIds(PeerNetwork peers) {
        try {
            for (Member member : client.getClusterClient().listMember().get(30, TimeUnit.SECONDS).getMembers()) {
                if (member.getName().startsWith("etcd-")) {
                    peers.name(Integer.parseInt(member.getName().substring("etcd-".length())), member.getId());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing the members", e);
        } catch (ExecutionException | TimeoutException e) {
            close();
            throw new IllegalStateException("the new cluster did not list its members: " + e, e);
        }
    }

    /** A client that knows every member, as kube-apiserver's {@code --etcd-servers} does. */
    public Client client() {
        return client;
    }

    /** A new client that talks to one member only (a serializable read there is that member's view); the caller closes it. */
    public Client clientOf(int member) {
        return newClient(List.of(endpoints.get(member)));
    }

    /** A new client that knows every member; the caller closes it. */
    public Client newClient() {
        return newClient(endpoints);
    }

    public int size() {
        return endpoints.size();
    }

    public String endpoint(int member) {
        return endpoints.get(member);
    }

    /** Comma-separated client URLs of every member. */
    public String endpoints() {
        return String.join(",", endpoints);
    }

    public boolean canInjectFaults() {
        return !members.isEmpty();
    }

    /**
     * The index of the member that is leader now, asked of the members in turn (a member that does
     * not answer is skipped); -1 if no answering member knows a leader.
     */
    public int leader() {
        // One status call per member: each answer names the member that gave it and the leader it knows.
        java.util.Map<Long, Integer> indexOfId = new java.util.HashMap<>();
        long leaderId = 0;
        for (int i = 0; i < size(); i++) {
            try {
                StatusResponse status = client.getMaintenanceClient().statusMember(endpoints.get(i)).get(3, TimeUnit.SECONDS);
                indexOfId.put(status.getHeader().getMemberId(), i);
                if (leaderId == 0) {
                    leaderId = status.getLeader();
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return -1;
            } catch (Exception unanswered) {
                // stopped, frozen or partitioned: ask the next one
            }
        }
        return indexOfId.getOrDefault(leaderId, -1);
    }

    /** Waits until a leader is known and returns its index. */
    public int awaitLeader(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            int leader = leader();
            if (leader >= 0) {
                return leader;
            }
            pause(100);
        }
        throw new IllegalStateException("no etcd member reported a leader within " + timeout.toSeconds() + " s");
    }

    /** Stops a member cleanly (SIGTERM); its data and its client port are kept for {@link #startMember}. */
    public void stopMember(int member) {
        member(member).terminate();
    }

    /** Kills a member (SIGKILL), as a crashed machine would; its data is kept for {@link #startMember}. */
    public void killMember(int member) {
        member(member).kill();
    }

    /** Starts a stopped or killed member again, with its data, at the same client endpoint. */
    public void startMember(int member) {
        member(member).startAgain();
        awaitAnswer(member, Duration.ofSeconds(60));
        dropDeadConnections();
    }

    /**
     * {@link #client()} can keep a broken connection to a member that was killed: the first request
     * sent there after the member is back may fail with UNAVAILABLE "io exception" (seen in about one
     * run of two here). jetcd retries a read that fails so, never a write (it may have been applied).
     * So read a few times across the members (serializable: no quorum is needed yet), and a broken
     * connection costs a retried read here rather than a failed write in the caller's workload.
     */
    private void dropDeadConnections() {
        ByteSequence anyKey = ByteSequence.from("/", StandardCharsets.UTF_8);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5); // a member still down may not answer at all
        for (int i = 0; i < 3 * size() && System.nanoTime() < deadline; i++) {
            try {
                client.getKVClient().get(anyKey, GetOption.builder().withSerializable(true).withCountOnly(true).build())
                        .get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            } catch (Exception retriedElsewhere) {
                // the broken connection is replaced; the next read goes to a live one
            }
        }
    }

    /**
     * Waits until a started member answers, each time on a new connection: a client that dialled it
     * while it was still down backs off (gRPC's reconnect backoff grows to minutes), so a caller's
     * first client made too early could wait long after the member is back.
     */
    private void awaitAnswer(int member, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        Exception last = null;
        while (System.nanoTime() < deadline) {
            try (Client probe = clientOf(member)) {
                probe.getMaintenanceClient().statusMember(endpoints.get(member)).get(2, TimeUnit.SECONDS);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for member " + member, e);
            } catch (Exception notYet) {
                last = notYet;
                pause(200);
            }
        }
        throw new IllegalStateException("member " + member + " did not answer within " + timeout.toSeconds()
                + " s of its start: " + last, last);
    }

    /**
     * Freezes every process of a member: it neither answers nor notices that time passes (the
     * engine's pause of a container, SIGSTOP for a process), as a stalled machine.
     */
    public void freezeMember(int member) {
        member(member).freeze();
    }

    public void thawMember(int member) {
        member(member).thaw();
    }

    /** Cuts a member off from its peers; clients still reach it at its endpoint. */
    public void partition(int member) {
        member(member).cutFromPeers();
    }

    /** Puts a partitioned member back in touch with its peers. */
    public void heal(int member) {
        member(member).rejoinPeers();
    }

    private ClusterMember member(int member) {
        if (!canInjectFaults()) {
            throw new UnsupportedOperationException("the external etcd cluster at " + endpoints()
                    + " is not the course's to stop or cut: faults need the members the harness starts (unset RVLAB_ETCD_ENDPOINTS)");
        }
        return members.get(member);
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Client newClient(List<String> endpoints) {
        return Client.builder().endpoints(endpoints.toArray(String[]::new)).maxInboundMessageSize(Integer.MAX_VALUE).build();
    }

    @Override
    public void close() {
        client.close();
        removeMembers();
        if (removeAtExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(removeAtExit);
            } catch (IllegalStateException exiting) {
                // closed from a shutdown hook: the hook has nothing left to do
            }
        }
    }

    private synchronized void removeMembers() {
        for (ClusterMember member : members) {
            try {
                member.remove();
            } catch (RuntimeException alreadyGone) {
                // removed by hand: gone is what was wanted
            }
        }
        for (AutoCloseable network : networks) {
            try {
                network.close();
            } catch (Exception alreadyGone) {
                // removed by hand: gone is what was wanted
            }
        }
    }
}
