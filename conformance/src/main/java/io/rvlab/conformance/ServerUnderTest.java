package io.rvlab.conformance;

import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.support.etcd.Etcd;
import java.net.URI;

/**
 * The API server a replay talks to, running over the etcd the replay started for it. A later
 * chapter passes its own server (one that also updates, deletes or watches) and a higher
 * {@link #chapter()}: the replay then sends the requests of that chapter instead of skipping them.
 * (The setup from earlier transcripts still sends only creates; chapter 3 will extend it with the
 * writes it serves, and add c1 to {@link Replayer#HISTORY}.)
 */
public interface ServerUnderTest extends AutoCloseable {

    /** Starts a server over {@code etcd}. */
    @FunctionalInterface
    interface Factory {
        ServerUnderTest start(Etcd etcd);
    }

    URI url();

    /** The last chapter whose requests this server serves. */
    int chapter();

    @Override
    void close();

    /** Chapter 2's server: reads and creates, straight from etcd (no watch cache). */
    static ServerUnderTest chapter2(Etcd etcd) {
        ApiServer server = ApiServer.start(new EtcdStorage(etcd.client()), "127.0.0.1", 0);
        return new ServerUnderTest() {
            @Override
            public URI url() {
                return server.url();
            }

            @Override
            public int chapter() {
                return 2;
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }
}
