package io.rvlab.ch04.guarantees;

import static io.rvlab.ch04.watch.WatchEvent.Type.ADDED;
import static io.rvlab.ch04.watch.WatchEvent.Type.BOOKMARK;
import static io.rvlab.ch04.watch.WatchEvent.Type.DELETED;
import static io.rvlab.ch04.watch.WatchEvent.Type.ERROR;
import static io.rvlab.ch04.watch.WatchEvent.Type.MODIFIED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch04.guarantees.WatchGuarantees.Kind;
import io.rvlab.ch04.guarantees.WatchGuarantees.Report;
import io.rvlab.ch04.guarantees.WatchGuarantees.Violation;
import io.rvlab.ch04.watch.WatchEvent;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The checker itself, fed hand-written streams (no etcd needed: what is under test is the
 * judging). The history: from rv 100, an empty namespace "ns", then
 * 101 ADDED a, 102 ADDED b, 103 MODIFIED a, 104 DELETED b, 105 MODIFIED a.
 */
@DisplayName("WatchGuarantees: the checker catches every broken promise")
class WatchGuaranteesTest {

    private final EtcdHistory history = new EtcdHistory(100, Map.of());
    private final ObjectNode a1 = history.record(ADDED, cm("a", "1", 101)).object();
    private final ObjectNode b1 = history.record(ADDED, cm("b", "1", 102)).object();
    private final ObjectNode a2 = history.record(MODIFIED, cm("a", "2", 103)).object();
    private final ObjectNode b1deleted = history.record(DELETED, cm("b", "1", 104)).object();
    private final ObjectNode a3 = history.record(MODIFIED, cm("a", "3", 105)).object();
    private final WatchGuarantees checker = new WatchGuarantees(history, Map.of("ns/a", a3), 105);

    @Test
    @DisplayName("a complete stream, with a resume from the last resourceVersion seen, passes")
    void completeStreamPasses() {
        WatchRecord record = new WatchRecord("w").listed(100, List.of())
                .received(event(ADDED, a1)).received(event(ADDED, b1)).ended("disconnected at random")
                .resumed(102).received(event(MODIFIED, a2)).received(event(DELETED, b1deleted))
                .received(bookmark(104)).ended("disconnected at random")
                .resumed(104).received(event(MODIFIED, a3));

        Report report = checker.check(List.of(record));

        assertThat(report.violations()).isEmpty();
        assertThat(report.resumes()).isEqualTo(2);
        assertThat(report.events()).isEqualTo(6);
    }

    @Test
    @DisplayName("a gap: the missing change is named by watcher, revision and key")
    void gapIsCaught() {
        WatchRecord record = new WatchRecord("w-gap").listed(100, List.of())
                .received(event(ADDED, a1)).received(event(ADDED, b1))
                .received(event(DELETED, b1deleted)).received(event(MODIFIED, a3)); // 103 never came

        List<Violation> violations = checker.check(List.of(record)).violations();

        assertThat(violations).extracting(Violation::kind).contains(Kind.GAP);
        Violation gap = violations.stream().filter(v -> v.kind() == Kind.GAP).findFirst().orElseThrow();
        assertThat(gap.watcher()).isEqualTo("w-gap");
        assertThat(gap.revision()).isEqualTo(103);
        assertThat(gap.key()).isEqualTo("ns/a");
        assertThat(gap.toString()).isEqualTo(
                "w-gap: GAP at rv 103, key ns/a: MODIFIED never arrived (DELETED rv 104 arrived; the watcher was at rv 102)");
        // The store built from the events still ends right (the next MODIFIED carries all of a):
        // the gap is caught as a gap, not hidden behind a correct final state.
        assertThat(violations).extracting(Violation::kind).doesNotContain(Kind.FINAL_STATE);
    }

    @Test
    @DisplayName("a duplicate: a resume from an older resourceVersion replays a change the watcher already had")
    void duplicateIsCaught() {
        WatchRecord record = new WatchRecord("w-dup").listed(100, List.of())
                .received(event(ADDED, a1)).received(event(ADDED, b1)).ended("disconnected at random")
                .resumed(101).received(event(ADDED, b1)).received(event(MODIFIED, a2))
                .received(event(DELETED, b1deleted)).received(event(MODIFIED, a3));

        List<Violation> violations = checker.check(List.of(record)).violations();

        assertThat(violations).extracting(Object::toString).containsExactly(
                "w-dup: DUPLICATE at rv 101: resumed from 101 but the last resourceVersion it had seen was 102",
                "w-dup: DUPLICATE at rv 102, key ns/b: ADDED rv 102 delivered again, after rv 102");
    }

    @Test
    @DisplayName("out of order: an older change after a newer one")
    void outOfOrderIsCaught() {
        WatchRecord record = new WatchRecord("w-order").listed(100, List.of())
                .received(event(ADDED, a1)).received(event(MODIFIED, a2)).received(event(ADDED, b1))
                .received(event(DELETED, b1deleted)).received(event(MODIFIED, a3));

        List<Violation> violations = checker.check(List.of(record)).violations();

        assertThat(violations).extracting(Violation::kind).containsExactly(Kind.GAP, Kind.ORDER);
        assertThat(violations.get(1).toString())
                .isEqualTo("w-order: ORDER at rv 102, key ns/b: ADDED rv 102 arrived out of order, after rv 103");
    }

    @Test
    @DisplayName("a 410 followed by a relist is the one allowed jump; the relist must match etcd at its revision")
    void expiredThenRelistPasses() {
        WatchRecord record = new WatchRecord("w-410").listed(100, List.of())
                .received(event(ADDED, a1)).ended("disconnected at random")
                .resumed(101).received(expired()).ended("410 Expired: relist")
                .listed(104, List.of(a2)).received(event(MODIFIED, a3));

        Report report = checker.check(List.of(record));

        assertThat(report.violations()).isEmpty();
        assertThat(report.relists()).isEqualTo(1);
        assertThat(report.expired()).isEqualTo(1);
    }

    @Test
    @DisplayName("a client that reports only its relist and bookmark resourceVersions is judged the same way")
    void clientLevelRecordPasses() {
        WatchRecord record = new WatchRecord("w-client").resumed(100)
                .received(event(ADDED, a1)).bookmarked("101")
                .relistedAfterExpired(104, List.of(a2)).received(event(MODIFIED, a3));

        Report report = checker.check(List.of(record));

        assertThat(report.violations()).isEmpty();
        assertThat(report.relists()).isEqualTo(1);
        assertThat(report.bookmarks()).isEqualTo(1);
    }

    @Test
    @DisplayName("a relist without a 410, and a list that is not etcd's state at its revision, are caught")
    void badRelistIsCaught() {
        WatchRecord record = new WatchRecord("w-list").listed(100, List.of())
                .received(event(ADDED, a1)).ended("disconnected at random")
                .listed(104, List.of(a1)).received(event(MODIFIED, a3));

        List<Violation> violations = checker.check(List.of(record)).violations();

        assertThat(violations).extracting(Violation::kind).containsExactly(Kind.RELIST, Kind.RELIST);
        assertThat(violations.get(1).key()).isEqualTo("ns/a");
    }

    @Test
    @DisplayName("a bookmark past a change that never arrived is a gap")
    void bookmarkOverAGapIsCaught() {
        WatchRecord record = new WatchRecord("w-bm").listed(100, List.of())
                .received(event(ADDED, a1)).received(bookmark(102)).received(event(MODIFIED, a2))
                .received(event(DELETED, b1deleted)).received(event(MODIFIED, a3));

        List<Violation> violations = checker.check(List.of(record)).violations();

        assertThat(violations).extracting(Violation::kind, Violation::revision, Violation::key)
                .contains(tuple(Kind.GAP, 102L, "ns/b"));
    }

    @Test
    @DisplayName("wrong content and a final state different from etcd's are caught")
    void contentAndFinalStateAreCaught() {
        ObjectNode wrongA3 = cm("a", "not what etcd stored", 105);
        WatchRecord record = new WatchRecord("w-content").listed(100, List.of())
                .received(event(ADDED, a1)).received(event(ADDED, b1)).received(event(MODIFIED, a2))
                .received(event(MODIFIED, b1deleted)) // a delete delivered as MODIFIED
                .received(event(MODIFIED, wrongA3));

        List<Violation> violations = checker.check(List.of(record)).violations();

        assertThat(violations).extracting(Violation::kind, Violation::revision, Violation::key).containsExactly(
                tuple(Kind.CONTENT, 104L, "ns/b"),
                tuple(Kind.CONTENT, 105L, "ns/a"),
                tuple(Kind.FINAL_STATE, 105L, "ns/a"),
                tuple(Kind.FINAL_STATE, 105L, "ns/b"));
    }

    @Test
    @DisplayName("a watcher that stopped early misses the changes after it")
    void stoppingEarlyIsCaught() {
        WatchRecord record = new WatchRecord("w-early").listed(100, List.of())
                .received(event(ADDED, a1)).received(event(ADDED, b1)).received(event(MODIFIED, a2));

        assertThat(checker.check(List.of(record)).violations()).extracting(Violation::kind, Violation::revision)
                .containsExactly(
                        tuple(Kind.GAP, 104L),
                        tuple(Kind.GAP, 105L),
                        tuple(Kind.FINAL_STATE, 105L),
                        tuple(Kind.FINAL_STATE, 105L));
    }

    @Test
    @DisplayName("a history that does not end in etcd's final state is reported: it cannot judge")
    void incompleteHistoryIsReported() {
        WatchGuarantees wrongEnd = new WatchGuarantees(history, Map.of("ns/a", a3, "ns/c", cm("c", "1", 106)), 106);

        assertThat(wrongEnd.check(List.of()).violations()).extracting(Object::toString).singleElement()
                .asString().startsWith("history: HISTORY at rv 106, key ns/c: the recorded writes leave nothing");
    }

    private static ObjectNode cm(String name, String value, long rv) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode();
        cm.put("kind", "ConfigMap").put("apiVersion", "v1");
        cm.putObject("metadata").put("name", name).put("namespace", "ns").put("resourceVersion", Long.toString(rv));
        cm.putObject("data").put("value", value);
        return cm;
    }

    private static WatchEvent event(WatchEvent.Type type, ObjectNode object) {
        return new WatchEvent(type, object.deepCopy());
    }

    private static WatchEvent bookmark(long rv) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        object.put("kind", "ConfigMap").put("apiVersion", "v1");
        object.putObject("metadata").put("resourceVersion", Long.toString(rv));
        return new WatchEvent(BOOKMARK, object);
    }

    private static WatchEvent expired() {
        return new WatchEvent(ERROR, Status.expired("too old resource version: 101 (103)", null).toJson());
    }
}
