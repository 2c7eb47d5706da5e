package io.rvlab.ch02.wire.table;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TableConvertorTest {

    @Test
    @DisplayName("ages print as kubectl prints them (duration.HumanDuration): 45s, 2m30s, 61m, 4h12m, 3d2h")
    void humanDuration() {
        assertThat(TableConvertor.humanDuration(Duration.ofSeconds(45))).isEqualTo("45s");
        assertThat(TableConvertor.humanDuration(Duration.ofSeconds(150))).isEqualTo("2m30s");
        assertThat(TableConvertor.humanDuration(Duration.ofMinutes(61))).isEqualTo("61m");
        assertThat(TableConvertor.humanDuration(Duration.ofMinutes(4 * 60 + 12))).isEqualTo("4h12m");
        assertThat(TableConvertor.humanDuration(Duration.ofHours(74))).isEqualTo("3d2h");
    }
}
