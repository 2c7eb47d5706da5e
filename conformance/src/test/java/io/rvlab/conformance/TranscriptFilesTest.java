package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.conformance.Transcript.EtcdBlock;
import io.rvlab.conformance.Transcript.Exchange;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The golden copies are byte-identical to the recorded ones, and the parser reads them exactly. */
class TranscriptFilesTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));

    @Test
    @DisplayName("every golden file has the SHA-256 its README lists (the copies were not edited)")
    void copiesAreUnchanged() throws Exception {
        Matcher sums = Pattern.compile("([0-9a-f]{64})  (\\S+\\.(?:txt|raw))").matcher(Files.readString(GOLDEN.resolve("README.md")));
        Map<String, String> listed = new LinkedHashMap<>();
        while (sums.find()) {
            listed.put(sums.group(2), sums.group(1));
        }
        List<String> files = new java.util.ArrayList<>(Chapter.allEntries().stream().map(Replayer::fileOf).distinct().toList());
        files.add("e1-watch-from-rv-updates-delete.raw");
        assertThat(listed.keySet()).containsExactlyInAnyOrderElementsOf(files);
        for (Map.Entry<String, String> file : listed.entrySet()) {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(GOLDEN.resolve(file.getKey())));
            assertThat(HexFormat.of().formatHex(digest)).as(file.getKey()).isEqualTo(file.getValue());
        }
    }

    @Test
    @DisplayName("the parser finds every exchange, and each body is exactly as long as its Content-Length says")
    void parsesExactly() {
        Map<String, Integer> expected = new java.util.HashMap<>(Map.of("00", 1, "a1", 3, "b0", 2, "b1", 2, "b2", 5, "b3", 12,
                "c1", 12, "c2", 13, "d1", 7, "h1", 11));
        expected.putAll(Map.of("e1", 1, "e2", 5, "e3", 5, "f1", 16, "g1", 11, "i1", 6, "n1", 10, "n2", 11, "n3", 1));
        for (String file : Chapter.allEntries().stream().map(Replayer::fileOf).distinct().toList()) {
            Transcript transcript = Transcript.read(GOLDEN.resolve(file));
            assertThat(transcript.exchanges()).as(file).hasSize(expected.get(transcript.scenario()));
            for (Exchange exchange : transcript.exchanges()) {
                exchange.response().header("Content-Length").ifPresent(length -> assertThat(
                        exchange.response().body().getBytes(StandardCharsets.UTF_8).length)
                        .as(file + " " + exchange.id()).isEqualTo(Integer.parseInt(length)));
                assertThat(exchange.request().header("Authorization")).as("recorded with a token").isPresent();
            }
        }
    }

    @Test
    @DisplayName("exchanges are named after the capturer's labels; notes and etcd blocks are kept")
    void labelsNotesAndEtcdBlocks() {
        Transcript b3 = Transcript.read(GOLDEN.resolve("b3-list-limit-continue.txt"));
        assertThat(b3.exchanges()).extracting(Exchange::id).containsExactly("b3.1", "b3.2", "b3.3", "b3.5", "b3.6",
                "b3.7", "b3.8", "b3.9", "b3.10", "b3.11", "b3.12", "b3.13");
        Exchange first = b3.exchanges().get(0);
        assertThat(first.request().target()).isEqualTo("/api/v1/namespaces/lab/configmaps?limit=1");
        assertThat(first.response().statusLine()).isEqualTo("HTTP/1.1 200 OK");
        assertThat(first.response().timeTotal()).isEqualTo(0.006202);
        assertThat(first.notes()).anyMatch(n -> n.startsWith("b3.1 limit=1"));

        Transcript h1 = Transcript.read(GOLDEN.resolve("h1-deployment-generation.txt"));
        assertThat(h1.exchanges()).extracting(Exchange::id).as("h1 labels its requests h.1 to h.11")
                .containsExactly("h.1", "h.2", "h.3", "h.4", "h.5", "h.6", "h.7", "h.8", "h.9", "h.10", "h.11");

        Transcript a1 = Transcript.read(GOLDEN.resolve("a1-create-get-configmap-vs-etcd.txt"));
        assertThat(a1.exchanges()).extracting(Exchange::id).containsExactly("a1#1", "a1#2", "a1#3");
        assertThat(a1.exchanges().get(0).request().body()).startsWith("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\"").endsWith("}");
        assertThat(a1.exchanges().get(1).request().body()).isEmpty();
        assertThat(a1.entries()).filteredOn(EtcdBlock.class::isInstance).hasSize(2)
                .allSatisfy(e -> assertThat(((EtcdBlock) e).output()).contains("\"mod_revision\""));
    }

    @Test
    @DisplayName("a recorded watch is rebuilt byte for byte (e1's equal the .raw file) and read as HTTP: status, headers, events, end")
    void watchStreams() throws Exception {
        Transcript e1 = Transcript.read(GOLDEN.resolve("e1-watch-from-rv-updates-delete.txt"));
        RecordedStream stream = e1.exchanges().get(0).stream();
        assertThat(stream.bytes()).isEqualTo(Files.readAllBytes(GOLDEN.resolve("e1-watch-from-rv-updates-delete.raw")));
        assertThat(stream.code()).isEqualTo(200);
        assertThat(stream.chunked()).isTrue();
        assertThat(stream.headersAt()).isEqualTo(0.044);
        assertThat(stream.events()).extracting(e -> e.line().substring(0, 20)).containsExactly(
                "{\"type\":\"ADDED\",\"obj", "{\"type\":\"MODIFIED\",\"", "{\"type\":\"MODIFIED\",\"", "{\"type\":\"DELETED\",\"o");
        assertThat(stream.events()).extracting(RecordedStream.StreamEvent::at).containsExactly(0.868, 1.390, 1.912, 2.432);
        assertThat(stream.chunks()).isEqualTo(4);
        assertThat(stream.end()).isEqualTo(new RecordedStream.End(true, 6.044));
        assertThat(e1.entries()).filteredOn(Transcript.Note.class::isInstance).hasSize(2);

        Transcript e2 = Transcript.read(GOLDEN.resolve("e2-watch-bookmarks.txt"));
        assertThat(e2.exchanges()).extracting(Exchange::id).containsExactly("e2(A)", "e2(B)", "e2(C)", "e2(D)", "e2(E)");
        assertThat(e2.exchanges().get(0).stream().end()).as("(A) was closed by its client").isEqualTo(new RecordedStream.End(false, 75.033));
        assertThat(e2.exchanges().get(0).stream().events()).hasSize(2);
        assertThat(e2.part("(C)", false).exchanges()).extracting(Exchange::id).containsExactly("e2(A)", "e2(B)");
        assertThat(e2.part("(C)", true).exchanges()).extracting(Exchange::id).containsExactly("e2(C)", "e2(D)", "e2(E)");

        Transcript e3 = Transcript.read(GOLDEN.resolve("e3-watch-no-rv-and-rv0.txt"));
        assertThat(e3.exchanges().get(0).stream().events()).as("four initial ADDED events").hasSize(4);
        assertThat(e3.exchanges().get(0).stream().chunks()).as("packed into one chunk").isEqualTo(1);

        Transcript n2 = Transcript.read(GOLDEN.resolve("n2-no-watch-cache-watch-and-compaction.txt"));
        RecordedStream split = n2.exchanges().get(0).stream();
        assertThat(split.chunks()).as("one event split across two chunks").isEqualTo(2);
        assertThat(split.events()).hasSize(6).allSatisfy(e -> assertThat(e.line()).startsWith("{\"type\":\"ADDED\"").endsWith("}}"));

        Transcript f1 = Transcript.read(GOLDEN.resolve("f1-compaction-with-watch-cache.txt"));
        assertThat(f1.entries()).filteredOn(EtcdBlock.class::isInstance).map(e -> ((EtcdBlock) e).output())
                .containsExactly("compacted revision 229", "compacted revision 232");
    }

    @Test
    @DisplayName("a line that is not part of the format is an error, not silently skipped")
    void strict() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Transcript.parse("x.txt", "### note\nstray line\n"))
                .hasMessageContaining("x.txt:2: unexpected line");
    }
}
