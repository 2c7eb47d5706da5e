package io.rvlab.ch02.labs;

import io.rvlab.support.lab.ChapterLabsTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;

/**
 * Runs every lab of chapter 2 on a fresh etcd and keeps its transcript in target/lab-output, where
 * the chapter text includes it from. So the lab output in the docs always comes from a real run,
 * and a lab whose claims stop holding fails the build. Then runs every lab again, twice, on an etcd
 * with other history (a learner's may already hold the system namespaces and a previous run's
 * objects): the same claims must hold there. What every chapter checks about its labs is in
 * {@link ChapterLabsTest}; what is chapter 2's is here.
 */
@DisplayName("Chapter 2's labs, captured for the docs")
class LabOutputTest extends ChapterLabsTest {

    /** Claims each lab must have made (and checked) in its transcript, with a fresh etcd's revisions. */
    private static final Map<String, List<String>> EXPECTED_CHECKS = Map.of(
            "2.1", List.of("\u2714 two creates, two revisions: the namespace got 5, the ConfigMap 6",
                    "\u2714 resourceVersion \"6\" is the key's mod_revision 6",
                    "\u2714 the value etcd stores has no resourceVersion: etcd keeps that number next to it",
                    "\u2714 etcd's revision moved on to 7, cm-a's resourceVersion stayed 6",
                    "\u2714 the write made revision 8: mod_revision and resourceVersion are both 8"),
            "2.2", List.of("\u2714 the list's resourceVersion 9 is etcd's header revision, made by the unrelated write",
                    "\u2714 it is not any item's resourceVersion: items keep their own (8 and 7)",
                    "\u2714 at revision 6 only cm-a existed, and the list says resourceVersion 6",
                    "\u2714 and cm-a shows its old data, v1, with its old resourceVersion 6",
                    "\u2714 422 Invalid, as kube-apiserver answers",
                    "\u2714 reads write nothing: etcd is still at revision 10",
                    "\u2714 Most Recent: resourceVersion 10, etcd's revision at the read, with or without a limit",
                    "\u2714 Exact: resourceVersion 6 and only cm-a 6, the list as it was, with or without limit=1",
                    "\u2714 Continuation: cm-b, at the token's revision 9 (etcd is at 10), with or without \"0\"",
                    "\u2714 10 combinations refused: 422 for a misused resourceVersionMatch, 400 for N with a token",
                    "\u2714 every answer kept the promise of its cell in Kubernetes' table",
                    "\u2714 the same matrix drawn as rv-matrix.svg in the lab's artifacts"),
            "2.3", List.of("{\"v\":\"meta.k8s.io/v1\",\"rv\":10,\"start\":\"cm-b\\u0000\"}",
                    "\u2714 every page has resourceVersion 10: all pages are read at the first page's revision",
                    "\u2714 410 Expired: revision 10 is gone, so the snapshot cannot be continued",
                    "{\"v\":\"meta.k8s.io/v1\",\"rv\":-1,\"start\":\"cm-b\\u0000\"}",
                    "\u2714 continuing from cm-b at the latest revision 11 now includes cm-bb: complete, not consistent"),
            "2.4", List.of("\u2714 504 Timeout: \"Too large resource version: 1006, current: 6\"",
                    "Retry-After: 1",
                    "\u2714 200 OK at resourceVersion 8: the server watched etcd's revision reach it, then read"));

    LabOutputTest() {
        super(List.of("2.1", "2.2", "2.3", "2.4"), EXPECTED_CHECKS,
                List.of("  $ etcdctl ", "  $ curl -s "), List.of("rv-matrix.svg"));
    }
}
