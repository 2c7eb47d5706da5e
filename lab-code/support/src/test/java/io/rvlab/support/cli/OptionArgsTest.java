package io.rvlab.support.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("OptionArgs: a command line read option by option")
class OptionArgsTest {

    @Test
    @DisplayName("reads options and their values in order")
    void readsInOrder() {
        OptionArgs in = new OptionArgs("--quick", "--seconds", "2.5", "--objects", "10,000");
        assertThat(in.next()).isEqualTo("--quick");
        assertThat(in.next()).isEqualTo("--seconds");
        assertThat(in.number("--seconds")).isEqualTo(2.5);
        assertThat(in.next()).isEqualTo("--objects");
        assertThat(in.whole("--objects")).isEqualTo(10_000);
        assertThat(in.hasNext()).isFalse();
    }

    @Test
    @DisplayName("a missing or malformed value names the option")
    void namesTheOption() {
        OptionArgs in = new OptionArgs("--out");
        in.next();
        assertThatThrownBy(() -> in.value("--out")).hasMessage("--out needs a value");
        assertThatThrownBy(() -> OptionArgs.number("--rate", "fast")).hasMessage("--rate: not a number: fast");
        OptionArgs rounds = new OptionArgs("--rounds", "1.5");
        rounds.next();
        assertThatThrownBy(() -> rounds.whole("--rounds")).hasMessage("--rounds: not a whole number: 1.5");
    }
}
