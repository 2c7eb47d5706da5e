package io.rvlab.support.etcd;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How a {@link PeerProxy} tells which member opened a connection, from its first request's head. */
class PeerProxyTest {

    @Test
    void theSenderIsTheXServerFromHeaderOrElseTheStreamPathsLastSegment() {
        assertThat(PeerProxy.sender("POST /raft HTTP/1.1\r\nHost: 127.0.0.1:1\r\nx-server-from: 8e9e05c52164694d\r\n\r\n"))
                .isEqualTo("8e9e05c52164694d");
        assertThat(PeerProxy.sender("GET /raft/stream/msgappv2/8e9e05c52164694d HTTP/1.1\r\nHost: h\r\n\r\n"))
                .isEqualTo("8e9e05c52164694d");
        assertThat(PeerProxy.sender("GET /version HTTP/1.1\r\nHost: h\r\n\r\n")).isNull();
    }
}
