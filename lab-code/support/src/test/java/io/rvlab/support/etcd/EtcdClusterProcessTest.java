package io.rvlab.support.etcd;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

/**
 * {@link EtcdClusterTest}'s behaviours with the members as processes of the etcd binary
 * ({@code RVLAB_ETCD_BINARY}, as in the classroom grader's box): SIGSTOP for a freeze, and
 * {@link PeerProxy}s for a partition. Skipped where no binary is installed.
 */
@DisplayName("EtcdCluster (three members as processes of the etcd binary)")
class EtcdClusterProcessTest extends EtcdClusterTest {

    /** Hides EtcdClusterTest's start: JUnit runs this one instead; EtcdClusterTest's stop closes the cluster. */
    @BeforeAll
    static void start() {
        String binary = EtcdProcessTest.binary().toString();
        System.setProperty("rvlab.etcd.binary", binary);
        try {
            cluster = EtcdCluster.start(3);
        } finally {
            System.clearProperty("rvlab.etcd.binary");
        }
    }
}
