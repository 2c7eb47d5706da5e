package io.rvlab.ch04.labs;

import static org.assertj.core.api.Assertions.assertThat;

import io.rvlab.support.lab.ChapterLabsTest;
import io.rvlab.support.lab.LabTranscripts;
import io.rvlab.support.lab.Labs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Runs every lab of chapter 4 on a fresh etcd and keeps its transcript in target/lab-output, where
 * the chapter text includes it from (and the diagram, which the docs site copies to images/ch04).
 * So the lab output in the docs always comes from a real run, and a lab whose claims stop holding
 * fails the build. Then runs every lab again, twice, on an etcd with other history: the same
 * claims must hold there. What every chapter checks about its labs is in {@link LabTranscripts}.
 */
@DisplayName("Chapter 4's labs, captured for the docs")
class LabOutputTest extends ChapterLabsTest {

    /** Claims each lab must have made (and checked) in its transcript, with a fresh etcd's revisions. */
    private static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "4.1", List.of("DELETE /registry/configmaps/lab-4-1/demo  create_revision=0 mod_revision=9 version=0  "
                            + "prev_kv: mod_revision=8 version=3 data {k=v3}",
                    "\u2714 a PUT whose create_revision equals its mod_revision (version 1, no prev_kv) is a creation: ADDED",
                    "\u2714 each event's resourceVersion is its etcd event's mod_revision: 6, 7, 8, 9",
                    "\u2714 the DELETE became DELETED carrying prev_kv's object, the last state (k=v3)",
                    "\u2714 ...with resourceVersion 9, the delete's revision, not prev_kv's mod_revision 8",
                    "{\"type\":\"DELETED\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":"
                            + "\"demo\",\"namespace\":\"lab-4-1\",\"uid\":\"...\",\"resourceVersion\":\"9\","
                            + "\"creationTimestamp\":\"...\"},\"data\":{\"k\":\"v3\"}}}"),
            "4.2", List.of("\u2714 three events, ADDED a, b, c; the last resourceVersion the client saw is 8",
                    "MODIFIED a  resourceVersion 9  data {k=a2}",
                    "DELETED  b  resourceVersion 10  data {k=b1}",
                    "\u2714 exactly the three changes made while the client was away: MODIFIED a, DELETED b, ADDED d",
                    "\u2714 the two watches together are etcd's history after 5, change for change: no gap at the drop, no repeat",
                    "\u2714 3 of the 6 events were seen before",
                    "\u2714 ADDED a, c and d, and no word of b",
                    "\u2714 the handler got each change once, in order: MODIFIED a, MODIFIED c, ADDED e",
                    "\u2714 two watch requests: from the list's 11, then, after the cut, from 12, the last event it had "
                            + "delivered"),
            "4.3", List.of("\u2714 the missed update came from the watch cache's window: resourceVersion 8",
                    "{\"type\":\"ERROR\",\"object\":{\"kind\":\"Status\",\"apiVersion\":\"v1\",\"metadata\":{},\"status\":"
                            + "\"Failure\",\"message\":\"too old resource version: 8 (9)\",\"reason\":\"Expired\",\"code\":410}}",
                    "\u2714 HTTP 200, then an ERROR event: a Status 410 Expired, \"too old resource version: 8 (9)\"",
                    "\u2714 nothing after it: the server ended the stream",
                    "\u2714 the new list is at resourceVersion 14",
                    "\u2714 the changes after 12 (13, 14, 15), from the window",
                    "\u2714 etcd sent no event and cancelled the watch with compact_revision 14: it starts at 13, history "
                            + "starts at 14",
                    "\u2714 200, then ERROR 410 Expired, \"The resourceVersion for the provided watch is too old.\", and "
                            + "the end of the stream",
                    "\u2714 the client's run drawn as list-watch-resume-relist.svg in the lab's artifacts"),
            "4.4", List.of("{\"type\":\"BOOKMARK\",\"object\":{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":"
                            + "{\"resourceVersion\":\"9\",\"creationTimestamp\":null}}}",
                    "\u2714 A's resume point moved from 6 to 9, the watch cache's latest change",
                    "\u2714 B got nothing: its resume point is still 6",
                    "\u2714 A's bookmark says 10, a revision at which no ConfigMap changed",
                    "\u2714 A's resume point (16) is inside the window; B's (6) is older than anything the cache still holds",
                    "\u2714 and the next change in lab-4-4 reaches A: it resumed without a relist",
                    "\u2714 ERROR 410 Expired, \"too old resource version: 6 (12)\": B must relist"),
            "4.5", List.of("\u2714 the server opened 4 etcd watches, one per resource it serves",
                    "\u2714 all 100 streams are open: the ConfigMap watch cache feeds 100 watchers",
                    "\u2714 each of the 100 clients got all 10 events, in order: 1000 events delivered",
                    "\u2714 etcd still holds the server's 4 watches, not one more",
                    "etcd_debugging_mvcc_watcher_total 104",
                    "\u2714 etcd now holds 100 more watchers, one per client"),
            "4.6", List.of("transfer-encoding: chunked",
                    "\u2714 200 with Transfer-Encoding: chunked and no Content-Length: the headers went out before any event, "
                            + "and the body's length is unknown",
                    "f5        <- the chunk's size: 0xf5 = 245 bytes",
                    "\u2714 each write arrived as one chunk: a size line in hex, then exactly one JSON event and its newline",
                    "0        <- the last chunk: size 0, the end of the body",
                    "HEADERS stream 1, END_HEADERS: :status 200, date ..., content-type application/json, "
                            + "cache-control no-cache, private",
                    "DATA stream 1, 246 bytes",
                    "DATA stream 1, 0 bytes, END_STREAM",
                    "\u2714 the watch ended with the END_STREAM flag on stream 1; the connection stays open for other streams"));

    LabOutputTest() {
        super(List.of("4.1", "4.2", "4.3", "4.4", "4.5", "4.6"), EXPECTED_CHECKS,
                List.of("  $ etcdctl ", "  $ curl -s"), List.of(CompactionAnd410Lab.DIAGRAM));
    }

    @Test
    @Order(5)
    @DisplayName("the diagram of lab 4.3 is well-formed SVG: list, watch, drop, resume, 410 in red, relist, watch")
    void listWatchResumeRelistDiagram() throws Exception {
        Path svg = OUTPUT.resolve(CompactionAnd410Lab.DIAGRAM);
        if (!Files.exists(svg)) {
            LabTranscripts.capture(Labs.find("4.3").orElseThrow(), OUTPUT);
        }
        LabTranscripts.requireSvg(svg);
        String text = Files.readString(svg);
        assertThat(text).contains(">Client<", ">API server<", ">etcd<", ">LIST configmaps<", ">connection dropped<",
                "Relist: LIST again, then WATCH from the new list's resourceVersion");
        // In the order of the story: list, watch, events, drop, resume, drop, compaction, 410, relist, watch.
        assertThat(text).containsSubsequence(">LIST configmaps<", ">WATCH ?resourceVersion=", ">ADDED settings, ",
                ">connection dropped<", ">WATCH ?resourceVersion=", ">MODIFIED settings, ", ">connection dropped<",
                "etcd compacted at revision ", ">ERROR 410 Expired: too old resource version: ", ">LIST configmaps<",
                ">WATCH ?resourceVersion=", ">MODIFIED settings, ");
        assertThat(text).containsPattern("stroke=\"#b91c1c\"[^>]*/>\\s*<polygon[^>]*fill=\"#b91c1c\"/>\\s*"
                + "<text[^>]*>ERROR 410 Expired: too old resource version: \\d+ \\(\\d+\\)</text>");
        // The LIST's etcd call is the server's real one, traced on its jetcd client.
        assertThat(text).contains(">range /registry/configmaps/lab-4-3/ (prefix)<");
        if (LabTranscripts.freshEtcd()) {
            assertThat(text).contains(">ERROR 410 Expired: too old resource version: 8 (9)<",
                    ">200 ConfigMapList, 1 item(s), resourceVersion 14<", ">WATCH ?resourceVersion=14<",
                    "etcd compacted at revision 14");
        }
    }
}
