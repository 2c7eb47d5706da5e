package io.rvlab.support.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("TextTable: grouped columns, names left and numbers right")
class TextTableTest {

    @Test
    @DisplayName("a group line, the headers, a rule and the rows; the first column left-aligned")
    void layout() {
        String table = new TextTable().group("", "mode").group("client", "LIST", "WATCH")
                .row("list then watch", "1", "12").row("watch-list", "0", "1").render();
        assertThat(table).isEqualTo("""
                                |   client
                mode            | LIST  WATCH
                ----------------+------------
                list then watch |    1     12
                watch-list      |    0      1
                """);
    }

    @Test
    @DisplayName("leftAligned names the columns to align left instead")
    void leftAligned() {
        String table = new TextTable().group("", "n", "mode").leftAligned(1).row("100", "cache").row("1", "etcd")
                .render();
        assertThat(table.lines()).containsExactly("", "  n  mode", "----------", "100  cache", "  1  etcd");
    }
}
