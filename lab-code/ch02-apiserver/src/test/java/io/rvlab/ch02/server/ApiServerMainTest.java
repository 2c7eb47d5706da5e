package io.rvlab.ch02.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("ApiServerMain: plain HTTP stays on loopback")
class ApiServerMainTest {

    @Test
    @DisplayName("127.0.0.1, ::1 and localhost may serve plain HTTP; 0.0.0.0 and a real address are refused with the way out")
    void loopbackOnly() {
        assertThat(ApiServerMain.loopbackOnly("127.0.0.1")).isNull();
        assertThat(ApiServerMain.loopbackOnly("127.0.0.2")).isNull();
        assertThat(ApiServerMain.loopbackOnly("::1")).isNull();
        assertThat(ApiServerMain.loopbackOnly("localhost")).isNull();
        assertThat(ApiServerMain.loopbackOnly("0.0.0.0")).contains("refusing to serve plain HTTP on 0.0.0.0")
                .contains("no authentication").contains("--tls");
        assertThat(ApiServerMain.loopbackOnly("192.0.2.7")).startsWith("refusing");
        assertThat(ApiServerMain.loopbackOnly("no-such-host.invalid")).startsWith("cannot resolve");
    }
}
