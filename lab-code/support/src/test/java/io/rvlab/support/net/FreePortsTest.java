package io.rvlab.support.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("FreePorts: a course server's 'any port' is taken below the kernel's ephemeral range, where no container engine maps")
class FreePortsTest {

    @Test
    @DisplayName("a server socket gets a port below the ephemeral range's first port")
    void belowTheEphemeralRange() throws Exception {
        int start = FreePorts.ephemeralStart();
        Assumptions.assumeTrue(start > 0, "the ephemeral range is read from /proc on Linux only");
        try (ServerSocket socket = FreePorts.serverSocket(1)) {
            assertThat(socket.getLocalPort()).isBetween(10_000, start - 1);
        }
    }

    @Test
    @DisplayName("a container's published port is free on every address and below the ephemeral range, where no"
            + " outgoing connection can take it before the engine binds it")
    void containerPortBelowTheEphemeralRange() throws Exception {
        int start = FreePorts.ephemeralStart();
        Assumptions.assumeTrue(start > 0, "the ephemeral range is read from /proc on Linux only");
        int port = FreePorts.forContainer().orElseThrow();
        assertThat(port).isBetween(10_000, start - 1);
        try (ServerSocket engine = new ServerSocket(port)) { // what the engine does with it next
            assertThat(engine.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    @DisplayName("a port already taken is skipped for another; any other failure is the caller's")
    void takenPortsAreSkipped() {
        Assumptions.assumeTrue(FreePorts.ephemeralStart() > 0, "Linux only");
        List<Integer> tried = new ArrayList<>();
        int got = FreePorts.listen(port -> {
            tried.add(port);
            if (tried.size() < 3) {
                throw new UncheckedIOException(new BindException("Address already in use"));
            }
            return port;
        });
        assertThat(tried).hasSize(3).last().isEqualTo(got);
        assertThatThrownBy(() -> FreePorts.listen(port -> {
            throw new IllegalArgumentException("not a bind problem");
        })).hasMessage("not a bind problem");
    }
}
