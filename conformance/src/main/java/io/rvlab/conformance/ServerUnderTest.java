package io.rvlab.conformance;

import io.rvlab.ch02.server.ApiServer;
import io.rvlab.ch02.storage.EtcdStorage;
import io.rvlab.ch03.server.ConcurrencyApiServer;
import io.rvlab.ch03.storage.EtcdUpdatableStorage;
import io.rvlab.support.etcd.Etcd;
import java.net.URI;

/**
 * The API server a replay talks to, running over the etcd the replay started for it. A later
 * chapter passes its own server (one that also updates, deletes or watches) and a higher
 * {@link #chapter()}: the replay then sends the requests of that chapter instead of skipping them,
 * in the setup from earlier transcripts as well as in the file it compares.
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
        return of(ApiServer.start(new EtcdStorage(etcd.client()), "127.0.0.1", 0), 2);
    }

    /** Chapter 3's server: chapter 2's plus updates, patches (JSON, merge, strategic merge), deletes with preconditions and /status. */
    static ServerUnderTest chapter3(Etcd etcd) {
        return of(ConcurrencyApiServer.start(new EtcdUpdatableStorage(etcd.client()), "127.0.0.1", 0), 3);
    }

    private static ServerUnderTest of(ApiServer server, int chapter) {
        return new ServerUnderTest() {
            @Override
            public URI url() {
                return server.url();
            }

            @Override
            public int chapter() {
                return chapter;
            }

            @Override
            public void close() {
                server.close();
            }
        };
    }
}
