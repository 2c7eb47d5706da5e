package io.rvlab.support.etcd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One member of a multi-member etcd run as a process of the etcd binary, on the loopback address:
 * the classroom grader's box has no container engine, so chapter 7's clusters start there as
 * processes ({@code RVLAB_ETCD_BINARY}). Its peers reach it through its {@link PeerProxy} (the peer
 * URL it advertises), which is how {@link PeerNetwork} can cut it off from them while its clients
 * still reach it.
 *
 * <p>A freeze is SIGSTOP and a thaw SIGCONT, as the container engine's pause freezes a container's
 * cgroup: the process neither answers nor runs its timers. The JDK sends only SIGTERM and SIGKILL
 * ({@link Process#destroy()}, {@link Process#destroyForcibly()}), so these two are sent by the
 * system's {@code kill} command (the grader's box image carries one, see tools/setup/provision.sh).
 */
final class EtcdMemberProcess implements ClusterMember {

    private final EtcdProcess process;
    private final PeerNetwork peers;
    private final int index;
    private volatile boolean frozen; // a test may thaw from another thread

    EtcdMemberProcess(Path binary, EtcdProcess.Membership membership, int peerPort, PeerNetwork peers, int index) {
        this.process = new EtcdProcess(binary, membership, peerPort);
        this.peers = peers;
        this.index = index;
    }

    /** Starts the member without waiting: a new cluster's members are all launched before any is ready. */
    void launch() {
        process.launch();
    }

    /** Waits until the member serves clients (once a quorum of its peers runs). */
    void awaitReady(Duration timeout) {
        process.awaitReady(timeout);
    }

    @Override
    public String clientEndpoint() {
        return process.clientEndpoint();
    }

    @Override
    public void terminate() {
        thawIfFrozen(); // a stopped process would keep SIGTERM pending until the timeout's SIGKILL
        process.terminate(Duration.ofSeconds(10));
    }

    @Override
    public void kill() {
        process.kill(); // SIGKILL ends a frozen process too
        frozen = false;
    }

    @Override
    public void startAgain() {
        if (process.isRunning()) {
            throw new IllegalStateException("member " + index + " is running: stop or kill it first");
        }
        process.launch();
    }

    @Override
    public void freeze() {
        signal("STOP");
        frozen = true;
    }

    @Override
    public void thaw() {
        signal("CONT");
        frozen = false;
    }

    @Override
    public void cutFromPeers() {
        peers.cut(index);
    }

    @Override
    public void rejoinPeers() {
        peers.heal(index);
    }

    @Override
    public void remove() {
        thawIfFrozen();
        process.stop();
    }

    private void thawIfFrozen() {
        if (frozen && process.isRunning()) {
            thaw();
        }
    }

    private void signal(String name) {
        long pid = process.pid();
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid)).redirectErrorStream(true).start();
            String said = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + name + " " + pid + " (member " + index + ") failed: " + said);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill -" + name + " for member " + index
                    + " (the JDK cannot send SIGSTOP or SIGCONT; a kill command must be on the PATH): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + name + " to member " + index, e);
        }
    }
}
