package io.rvlab.support.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

@DisplayName("LabTranscripts: the checks every chapter's LabOutputTest makes")
class LabTranscriptsTest {

    private static final Lab LAB = new Lab() {
        @Override
        public String id() {
            return "9.1";
        }

        @Override
        public String title() {
            return "A lab";
        }

        @Override
        public void run(LabContext lab) {
        }
    };

    private static final String GOOD = """
            Lab 9.1: A lab
            ==============

            Step 1. Do something
              $ etcdctl put /k v
              \u2714 the put made revision 2
              \u2714 3 keys at revision 7

            What you saw: something.
            """;

    @Test
    @DisplayName("a transcript with heading, steps and conclusion, and no failed check, is well-formed")
    void wellFormed() {
        LabTranscripts.requireWellFormed(LAB, GOOD);
        assertThatThrownBy(() -> LabTranscripts.requireWellFormed(LAB, GOOD.replace("Lab 9.1", "Lab 9.2")))
                .isInstanceOf(AssertionFailedError.class).hasMessageContaining("heading");
        assertThatThrownBy(() -> LabTranscripts.requireWellFormed(LAB, GOOD.replace("What you saw: ", "")))
                .hasMessageContaining("What you saw");
        assertThatThrownBy(() -> LabTranscripts.requireWellFormed(LAB, GOOD + "  FAILED: a claim\n"))
                .hasMessageContaining("FAILED: a claim");
    }

    @Test
    @DisplayName("ports, uids and timestamps are found, revisions and ordinary numbers are not")
    void unstable() {
        String text = "at 127.0.0.1:43121, member 10.203.7.11:2379, uid 858c8da0-849f-48f8-aab3-1c00664aa8c2, at"
                + " 2026-11-22T21:17:32Z, resourceVersion \"245\", revision 12";
        assertThat(LabTranscripts.unstable(text))
                .containsExactly("127.0.0.1:43121", "10.203.7.11:2379", "858c8da0-849f-48f8", "2026-11-22T21:17:32Z");
        LabTranscripts.requireStable(GOOD);
        assertThatThrownBy(() -> LabTranscripts.requireStable(text)).isInstanceOf(AssertionFailedError.class);
    }

    @Test
    @DisplayName("claims are the checked lines with numbers blanked, so runs at other revisions compare equal")
    void claims() {
        assertThat(LabTranscripts.claims(GOOD)).containsExactly("  \u2714 the put made revision N",
                "  \u2714 N keys at revision N");
        LabTranscripts.requireSameClaims(LAB, GOOD, GOOD.replace("revision 2", "revision 102")
                .replace("revision 7", "revision 107"));
        assertThatThrownBy(() -> LabTranscripts.requireSameClaims(LAB, GOOD, GOOD.replace("  \u2714 3 keys", "  \u2714 3 key")))
                .isInstanceOf(AssertionFailedError.class).hasMessageContaining("claims");
    }

    @Test
    @DisplayName("expected lines are all required, and a missing one is named")
    void contains() {
        LabTranscripts.requireContains(LAB, GOOD, List.of("\u2714 the put made revision 2"));
        assertThatThrownBy(() -> LabTranscripts.requireContains(LAB, GOOD, List.of("\u2714 the put made revision 3")))
                .hasMessageContaining("the put made revision 3");
    }

    @Test
    @DisplayName("an SVG must have an svg root in the SVG namespace, a title, and no DOCTYPE")
    void svg(@TempDir Path dir) throws Exception {
        Path good = dir.resolve("good.svg");
        Files.writeString(good, "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>t</title></svg>", StandardCharsets.UTF_8);
        assertThat(LabTranscripts.requireSvg(good).getDocumentElement().getTagName()).isEqualTo("svg");

        Path untitled = dir.resolve("untitled.svg");
        Files.writeString(untitled, "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LabTranscripts.requireSvg(untitled)).hasMessageContaining("title");

        Path plain = dir.resolve("plain.svg");
        Files.writeString(plain, "<svg><title>t</title></svg>", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LabTranscripts.requireSvg(plain)).hasMessageContaining("namespace");

        Path doctype = dir.resolve("doctype.svg");
        Files.writeString(doctype, "<!DOCTYPE svg [<!ENTITY x \"y\">]><svg xmlns=\"http://www.w3.org/2000/svg\">"
                + "<title>&x;</title></svg>", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> LabTranscripts.requireSvg(doctype)).hasMessageContaining("DOCTYPE");

        assertThatThrownBy(() -> LabTranscripts.requireSvg(dir.resolve("missing.svg"))).hasMessageContaining("exists");
    }
}
