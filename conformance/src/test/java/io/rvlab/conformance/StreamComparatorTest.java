package io.rvlab.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.conformance.Difference.Aspect;
import io.rvlab.conformance.RecordedStream.End;
import io.rvlab.conformance.RecordedStream.StreamEvent;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.WireClient.WatchAnswer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How a watch is compared with a recorded one: events and their order, not chunks; bookmarks and the end on time. */
class StreamComparatorTest {

    private static final Path GOLDEN = Path.of(System.getProperty("rvlab.conformance.golden", "golden"));

    private static Exchange exchange(String file, int index) {
        return Transcript.read(GOLDEN.resolve(file)).exchanges().get(index);
    }

    /** A translation in which every revision of the real run is the same revision here. */
    private static ResponseComparator.Context identity(long... writes) {
        RvTranslator rv = new RvTranslator(1);
        for (long w : writes) {
            rv.learnWrite(w, w);
        }
        for (long r = 1; r <= 300; r++) {
            if (!rv.isReproduced(r)) {
                rv.learnUnrelated(r, r);
            }
        }
        UidTranslator uids = new UidTranslator();
        uids.learn("f9a99ddc-6447-4a58-8594-f87c18c807b0", "f9a99ddc-6447-4a58-8594-f87c18c807b0");
        return new ResponseComparator.Context(rv, uids, Map.of(), false);
    }

    private static WatchAnswer answer(RecordedStream golden, List<StreamEvent> events, int chunks, End end) {
        return new WatchAnswer(golden.code(), golden.headers(), true, 0.01, events, chunks, end, "");
    }

    @Test
    @DisplayName("the recorded events in one chunk, a little earlier, and the end on time: matched (chunks are not compared)")
    void eventsNotChunks() {
        Exchange e1 = exchange("e1-watch-from-rv-updates-delete.txt", 0);
        RecordedStream golden = e1.stream();
        List<StreamEvent> earlier = golden.events().stream().map(e -> new StreamEvent(e.at() - 0.1, e.line())).toList();
        StreamComparator.Comparison comparison = StreamComparator.compare(e1, answer(golden, earlier, 1, new End(true, 6.01)),
                identity(116, 117, 118, 119));
        assertThat(comparison.differences()).isEmpty();
        assertThat(comparison.notes()).anyMatch(n -> n.contains("chunk boundaries are not compared"));
    }

    @Test
    @DisplayName("a missing event, a changed object or a stream that outlives timeoutSeconds is a difference")
    void eventsAndEnd() {
        Exchange e1 = exchange("e1-watch-from-rv-updates-delete.txt", 0);
        RecordedStream golden = e1.stream();
        List<StreamEvent> three = golden.events().subList(0, 3);
        assertThat(StreamComparator.compare(e1, answer(golden, three, 3, new End(true, 6.0)), identity(116, 117, 118, 119))
                .differences()).extracting(Difference::aspect).containsExactly(Aspect.EVENTS);

        List<StreamEvent> changed = new ArrayList<>(golden.events());
        changed.set(3, new StreamEvent(2.4, changed.get(3).line().replace("\"resourceVersion\":\"119\"", "\"resourceVersion\":\"118\"")));
        List<Difference> differences = StreamComparator.compare(e1, answer(golden, changed, 4, new End(false, 11.0)),
                identity(116, 117, 118, 119)).differences();
        assertThat(differences).extracting(Difference::aspect).containsExactly(Aspect.EVENTS, Aspect.TIMING);
        assertThat(differences.get(0).expected()).contains("event 4 (DELETED)").contains("119");
    }

    @Test
    @DisplayName("a bookmark is compared by shape and translated resourceVersion, and must come within 1.5 s of the recorded one")
    void bookmarks() {
        Exchange b = exchange("e2-watch-bookmarks.txt", 1); // (B): one BOOKMARK at 18.05 s, end at 20.04 s
        RecordedStream golden = b.stream();
        StreamEvent bookmark = golden.events().get(0);
        assertThat(StreamComparator.compare(b, answer(golden, List.of(new StreamEvent(18.9, bookmark.line())), 1,
                new End(true, 20.0)), identity()).differences()).isEmpty();
        assertThat(StreamComparator.compare(b, answer(golden, List.of(new StreamEvent(10.0, bookmark.line())), 1,
                new End(true, 20.0)), identity()).differences()).extracting(Difference::aspect).containsExactly(Aspect.TIMING);
        assertThat(StreamComparator.compare(b, answer(golden, List.of(new StreamEvent(18.0, bookmark.line().replace("125", "126"))), 1,
                new End(true, 20.0)), identity()).differences()).extracting(Difference::aspect).containsExactly(Aspect.EVENTS);
    }

    @Test
    @DisplayName("\"too old resource version: N (M)\" is compared by N: M is where each cache's window begins")
    void tooOld() {
        Exchange f18 = Transcript.read(GOLDEN.resolve("f1-compaction-with-watch-cache.txt")).exchanges().stream()
                .filter(e -> e.id().equals("f1.8")).findFirst().orElseThrow();
        RecordedStream golden = f18.stream();
        String ours = golden.events().get(0).line().replace("10 (92)", "10 (81)");
        assertThat(StreamComparator.compare(f18, answer(golden, List.of(new StreamEvent(0.01, ours)), 1, new End(true, 0.01)),
                identity()).differences()).isEmpty();
        String otherN = golden.events().get(0).line().replace("10 (92)", "11 (81)");
        assertThat(StreamComparator.compare(f18, answer(golden, List.of(new StreamEvent(0.01, otherN)), 1, new End(true, 0.01)),
                identity()).differences()).extracting(Difference::aspect).containsExactly(Aspect.EVENTS);
    }
}
