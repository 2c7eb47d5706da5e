package io.rvlab.grader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The command line ./course passes, in both "--opt value" and "--opt=value" forms. */
class OptionsTest {

    @Test
    void gradeIsTheDefault() {
        Options o = Options.parse("--module", "/m/exercises/ch01");

        assertThat(o.mode()).isEqualTo(Options.Mode.GRADE);
        assertThat(o.module()).isEqualTo(Path.of("/m/exercises/ch01"));
        assertThat(o.repeat()).isEqualTo(1);
        assertThat(o.json()).isFalse();
        assertThat(o.logDir()).isEqualTo(Path.of("/m/exercises/ch01/target/grader"));
    }

    @Test
    void gradingOptions() {
        Options o = Options.parse("--module=/m", "--exercise", "1.2", "--format=json", "--repeat", "5", "--verbose");

        assertThat(o.exercise()).isEqualTo("1.2");
        assertThat(o.json()).isTrue();
        assertThat(o.repeat()).isEqualTo(5);
        assertThat(o.verbose()).isTrue();
        assertThat(o.gradeArgs()).containsExactly("--exercise", "1.2", "--format", "json", "--repeat", "5", "--verbose");
    }

    @Test
    void modes() {
        assertThat(Options.parse("--module", "/m", "--hint", "1.2").mode()).isEqualTo(Options.Mode.HINT);
        assertThat(Options.parse("--module", "/m", "--file-of", "1.2").id()).isEqualTo("1.2");
        Options prove = Options.parse("--module", "/m", "--prove", "/s/solutions/ch01");
        assertThat(prove.mode()).isEqualTo(Options.Mode.PROVE);
        assertThat(prove.path()).isEqualTo(Path.of("/s/solutions/ch01"));
        Options watch = Options.parse("--module", "/m", "--watch", "/r/course", "--poll", "--exercise", "1.1");
        assertThat(watch.mode()).isEqualTo(Options.Mode.WATCH);
        assertThat(watch.poll()).isTrue();
        assertThat(watch.gradeArgs()).containsExactly("--exercise", "1.1");
        assertThat(Options.parse("--help").mode()).isEqualTo(Options.Mode.HELP);
    }

    @Test
    void mistakesAreExplained() {
        assertThatThrownBy(() -> Options.parse("--exercise", "1.1")).hasMessageContaining("--module");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--repeat", "0")).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--repeat", "x")).hasMessageContaining("not 'x'");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--format", "xml")).hasMessageContaining("text or json");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--hint", "1.1", "--prove", "/s")).hasMessageContaining("cannot be combined");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--exercise")).hasMessageContaining("--exercise needs a value");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--frobnicate")).hasMessageContaining("unknown argument '--frobnicate'");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--poll")).hasMessageContaining("--watch");
        assertThatThrownBy(() -> Options.parse("--module", "/m", "--prove", "/s", "--format", "json")).hasMessageContaining("no JSON");
    }
}
