package io.rvlab.support.svg;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("SvgText: element content escaped and wrapped")
class SvgTextTest {

    @Test
    @DisplayName("escapes what would break markup, and leaves quotes and apostrophes as they read")
    void escape() {
        assertThat(SvgText.escape("LIST ?a=1&b=2 <410> \"0\" etcd's"))
                .isEqualTo("LIST ?a=1&amp;b=2 &lt;410&gt; \"0\" etcd's");
    }

    @Test
    @DisplayName("wraps at spaces; a word longer than the line gets a line of its own")
    void wrap() {
        assertThat(SvgText.wrap("one two three fourteen", 9)).containsExactly("one two", "three", "fourteen");
    }
}
