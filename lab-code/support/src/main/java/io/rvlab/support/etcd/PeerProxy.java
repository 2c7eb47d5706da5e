package io.rvlab.support.etcd;

import io.rvlab.support.net.FreePorts;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A member's peer URL as its peers reach it: a TCP proxy in front of the member's real peer port,
 * which forwards every connection unless the {@link PeerNetwork} has the member, or the member
 * that opened the connection, cut off.
 *
 * <p>Who opened a connection is read from its first HTTP request's head. etcd's peer transport
 * (rafthttp, etcd-io/etcd release-3.4, etcdserver/api/rafthttp) names its sender in every raft
 * request: the {@code X-Server-From} header holds the sender's member id in hex, on the long-lived
 * streams a member dials to each peer ({@code GET /raft/stream/msgappv2/<sender id>} and
 * {@code /raft/stream/message/<sender id>}, stream.go's dial) and on the pipeline's and snapshot
 * sender's {@code POST /raft} and {@code /raft/snapshot} (util.go's createPostRequest, pipeline.go,
 * snapshot_sender.go). A connection carries the requests of one member only: each member's HTTP
 * transport keeps its own connections alive. Each stream connection carries raft's messages one
 * way (the peer writes, the dialer reads), so cutting both kinds cuts both ways.
 *
 * <p>Requests etcd makes outside rafthttp name no sender: the prober's {@code GET /raft/probing},
 * and the server's own peer client ({@code GET /version}, and the lease requests a follower forwards
 * to the leader, {@code /leases}). Such a connection is refused only to a cut member: a lease renewed
 * through a follower that is cut off could still reach the leader. The course's chapters need no lease
 * across a partition.
 */
final class PeerProxy implements AutoCloseable {

    private static final int MAX_HEAD = 64 * 1024;
    private static final byte[] END_OF_HEAD = "\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    /** One forwarded connection: from a peer (its id, or null if it named none) to the member. */
    private record Link(String sender, Socket fromPeer, Socket toMember) {
        void close() {
            quietly(fromPeer);
            quietly(toMember);
        }
    }

    private final PeerNetwork network;
    private final int member;
    private final int memberPeerPort;
    private final ServerSocket server;
    private final Set<Link> links = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    PeerProxy(PeerNetwork network, int member, int memberPeerPort) {
        this.network = network;
        this.member = member;
        this.memberPeerPort = memberPeerPort;
        this.server = FreePorts.serverSocket(64);
        Thread acceptor = new Thread(this::acceptLoop, "rvlab-peer-proxy-" + member);
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getLocalPort();
    }

    /** Closes the connections to the cut member (this proxy is its), or those the cut member opened. */
    void closeLinks(int cutMember, String cutId) {
        for (Link link : links) {
            if (cutMember == member || cutId.equalsIgnoreCase(link.sender())) {
                link.close();
                links.remove(link);
            }
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket fromPeer = server.accept();
                Thread handler = new Thread(() -> forward(fromPeer), "rvlab-peer-link-to-" + member);
                handler.setDaemon(true);
                handler.start();
            } catch (IOException e) {
                if (!closed) {
                    pause();
                }
            }
        }
    }

    private void forward(Socket fromPeer) {
        if (network.isCut(member)) {
            quietly(fromPeer); // refused: the member is cut off
            return;
        }
        Link link = null;
        try {
            fromPeer.setTcpNoDelay(true); // raft's heartbeats are small writes: no Nagle delay
            fromPeer.setSoTimeout(10_000);
            byte[] head = readHead(fromPeer.getInputStream());
            if (head == null) {
                quietly(fromPeer);
                return;
            }
            String sender = sender(new String(head, StandardCharsets.ISO_8859_1));
            if (network.isCutSender(sender)) {
                quietly(fromPeer); // refused: its sender is cut off
                return;
            }
            Socket toMember = new Socket();
            toMember.setTcpNoDelay(true);
            link = new Link(sender, fromPeer, toMember);
            links.add(link);
            // Checked again once registered: a cut made meanwhile either sees this link or is seen here.
            if (closed || network.isCut(member) || network.isCutSender(sender)) {
                return;
            }
            toMember.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), memberPeerPort), 2_000);
            fromPeer.setSoTimeout(0);
            toMember.getOutputStream().write(head);
            Link open = link;
            Thread back = new Thread(() -> pump(open, toMember, fromPeer), "rvlab-peer-link-from-" + member);
            back.setDaemon(true);
            back.start();
            pump(link, fromPeer, toMember);
        } catch (IOException e) {
            // the member is down (stopped, killed) or the peer went away: the peer's transport retries
        } finally {
            // This thread pumps one direction until the connection ends: whatever brings it here, it is over.
            if (link == null) {
                quietly(fromPeer);
            } else {
                link.close();
                links.remove(link);
            }
        }
    }

    /** Copies one direction until it ends; then the whole connection ends, as a cut cable would end it. */
    private void pump(Link link, Socket in, Socket out) {
        byte[] buffer = new byte[16 * 1024];
        try {
            InputStream from = in.getInputStream();
            OutputStream to = out.getOutputStream();
            for (int n; (n = from.read(buffer)) >= 0; ) {
                to.write(buffer, 0, n);
            }
        } catch (IOException ended) {
            // closed by a cut, by the member or by the peer
        } finally {
            link.close();
            links.remove(link);
        }
    }

    /**
     * Reads at least the first request's head (up to its blank line) and returns every byte read,
     * which may include the start of its body; null if the connection ended before a head.
     */
    private static byte[] readHead(InputStream in) throws IOException {
        byte[] read = new byte[MAX_HEAD];
        int length = 0;
        while (length < MAX_HEAD) {
            int n = in.read(read, length, MAX_HEAD - length);
            if (n < 0) {
                return null;
            }
            length += n;
            if (indexOf(read, length, END_OF_HEAD) >= 0) {
                return Arrays.copyOf(read, length);
            }
        }
        return Arrays.copyOf(read, length); // a head this long is no rafthttp request: forwarded as it is
    }

    /** The sending member's id: X-Server-From, or else the id that ends a stream's path; null if neither. */
    static String sender(String head) {
        String[] lines = head.split("\r\n");
        for (int i = 1; i < lines.length && !lines[i].isEmpty(); i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0 && lines[i].substring(0, colon).trim().equalsIgnoreCase("X-Server-From")) {
                return lines[i].substring(colon + 1).trim();
            }
        }
        String[] requestLine = lines[0].split(" ");
        if (requestLine.length >= 2 && requestLine[1].startsWith("/raft/stream/")) {
            String path = requestLine[1];
            return path.substring(path.lastIndexOf('/') + 1);
        }
        return null;
    }

    private static int indexOf(byte[] bytes, int length, byte[] wanted) {
        outer:
        for (int i = 0; i + wanted.length <= length; i++) {
            for (int j = 0; j < wanted.length; j++) {
                if (bytes[i + j] != wanted[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static void quietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
    }

    private static void pause() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
        links.forEach(Link::close);
        links.clear();
    }
}
