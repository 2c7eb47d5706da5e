package io.rvlab.support.etcd;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The peer network of a cluster whose members are processes on one loopback address: a
 * {@link PeerProxy} in front of each member's peer port, and which members are cut off. No member
 * reaches another but through the other's proxy, since each advertises its proxy's URL as its
 * peer URL ({@code --initial-advertise-peer-urls}, {@code --initial-cluster}).
 *
 * <p>A partition here is what disconnecting a member container from the peer network is: raft's
 * messages between the cut member and the others stop, both ways, while its client port is
 * untouched. The cut member keeps its last state and answers serializable reads from it; a
 * linearizable read there needs the leader (ReadIndex) and cannot complete.
 *
 * <p>Connections are told apart by the member that opened them, which etcd's peer transport names
 * in each request (see {@link PeerProxy}). A member's own id is learnt from the member list once the
 * cluster runs ({@link #name}).
 */
final class PeerNetwork implements AutoCloseable {

    private final List<PeerProxy> proxies = new ArrayList<>();
    private final Map<Integer, String> ids = new ConcurrentHashMap<>(); // member index -> member id in hex, as etcd writes it
    private final Set<Integer> cut = ConcurrentHashMap.newKeySet();

    /** Starts the proxy through which the next member (index: the number added before) is reached at its real peer port. */
    PeerProxy add(int realPeerPort) {
        PeerProxy proxy = new PeerProxy(this, proxies.size(), realPeerPort);
        proxies.add(proxy);
        return proxy;
    }

    /** The peer URL member {@code member} advertises: its proxy's. */
    String url(int member) {
        return proxies.get(member).url();
    }

    /** Records member {@code member}'s id (etcd's member id; its requests carry it in hex). */
    void name(int member, long id) {
        ids.put(member, Long.toHexString(id));
    }

    boolean isCut(int member) {
        return cut.contains(member);
    }

    /** Whether the member with this id (hex, as in a request's X-Server-From) is cut off. */
    boolean isCutSender(String senderId) {
        if (senderId == null) {
            return false;
        }
        for (int member : cut) {
            if (senderId.equalsIgnoreCase(ids.get(member))) {
                return true;
            }
        }
        return false;
    }

    /** Cuts {@code member} off: no new connection to or from it, and those open now are closed. */
    void cut(int member) {
        String id = ids.get(member);
        if (id == null) {
            throw new IllegalStateException("member " + member + "'s id is not known yet: the cluster has not started");
        }
        cut.add(member); // first, so a connection being set up now is refused by its own check
        for (PeerProxy proxy : proxies) {
            proxy.closeLinks(member, id);
        }
    }

    /** Heals a cut: the members' peer transports dial each other again by themselves. */
    void heal(int member) {
        cut.remove(member);
    }

    @Override
    public void close() {
        proxies.forEach(PeerProxy::close);
    }
}
