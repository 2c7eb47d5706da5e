package io.rvlab.ch02.server.serving;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("AlternateNames: what a serving certificate names, by bind address")
class AlternateNamesTest {

    @Test
    @DisplayName("on loopback: DNS localhost and IP 127.0.0.1 only (and ::1 when bound there)")
    void loopback() {
        assertThat(AlternateNames.forBindAddress("127.0.0.1")).isEqualTo(AlternateNames.loopback());
        assertThat(AlternateNames.forBindAddress("::1").ipAddresses()).containsExactly("0:0:0:0:0:0:0:1", "127.0.0.1");
        assertThat(AlternateNames.loopback().keytoolExtension()).isEqualTo("san=dns:localhost,ip:127.0.0.1");
    }

    @Test
    @DisplayName("beyond loopback: loopback's names, the bound address, and for 0.0.0.0 every interface's")
    void beyondLoopback() {
        AlternateNames wildcard = AlternateNames.forBindAddress("0.0.0.0");
        assertThat(wildcard.covers(AlternateNames.loopback())).isTrue();
        assertThat(wildcard.ipAddresses()).as("no link-local IPv6 address, which needs a zone")
                .noneMatch(ip -> ip.startsWith("fe80:")).noneMatch(ip -> ip.contains("%"));

        String someAddress = wildcard.ipAddresses().stream().filter(ip -> !ip.startsWith("127.")).findFirst().orElse(null);
        if (someAddress != null) {
            AlternateNames one = AlternateNames.forBindAddress(someAddress);
            assertThat(one.ipAddresses()).contains("127.0.0.1", someAddress);
            assertThat(one.dnsNames()).contains("localhost");
        }
    }

    @Test
    @DisplayName("covers: a superset serves a subset's clients; IPv6 text forms are one address")
    void covers() {
        AlternateNames more = new AlternateNames(Set.of("localhost", "lab.example"), Set.of("127.0.0.1", "10.0.0.5", "::1"));
        assertThat(more.covers(AlternateNames.loopback())).isTrue();
        assertThat(AlternateNames.loopback().covers(more)).isFalse();
        assertThat(more.covers(new AlternateNames(Set.of(), Set.of("0:0:0:0:0:0:0:1")))).isTrue();
    }
}
