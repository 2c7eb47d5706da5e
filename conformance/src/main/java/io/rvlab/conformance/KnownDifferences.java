package io.rvlab.conformance;

import io.rvlab.conformance.Difference.Aspect;
import java.util.List;
import java.util.Set;

/**
 * The reviewed differences between rvlab's chapter servers and kube-apiserver 1.26.1, each with its
 * reason and the chapters whose servers show it. The conformance tests accept exactly these (and fail
 * when one stops occurring); the build publishes each chapter's new ones as that chapter's
 * "differences from Kubernetes" table ({@link DifferencesTable}).
 *
 * <p>The version policy (CONTRIBUTING.adoc, "The version policy") decides what belongs here: match
 * 1.26.1's wire behaviour, except where current Kubernetes behaves differently (then follow current
 * Kubernetes, citing the upstream source), or where 1.26 has a known weakness worth doing better than. A
 * difference that fits neither goes to {@link OpenDifferences} until the server is fixed.
 */
public final class KnownDifferences {

    /**
     * A difference that is not tied to particular requests: the suite sets it aside everywhere.
     *
     * @param since the chapter whose table lists it (it holds for every later chapter's server too)
     */
    public record General(int since, String scope, String kubernetes, String rvlab, String why) {
    }

    // tag::list[]
    public static final List<ListedDifference> LIST = List.of(
            new ListedDifference(2, "b2", List.of("b2.1", "b2.2", "b2.3"), Set.of(Aspect.BODY),
                    "Served from the watch cache: the list's resourceVersion is the last configmap event the cache "
                            + "had processed (83, the create of cm-c), although etcd was at 85.",
                    "Reads etcd: the list's resourceVersion is etcd's header revision at the read (85 in the "
                            + "transcript's numbering), as for a list without resourceVersion (b1).",
                    "rvlab has no watch cache until chapter 4; every list is read from etcd (as with "
                            + "`--watch-cache=false`, golden n1.1). Both answers keep the promise of resourceVersion "
                            + "\"0\" (any) and NotOlderThan; etcd's is the newest possible. A cache-served list "
                            + "carries the cache's revision (golden b2.1), an etcd-served one etcd's header revision "
                            + "(k8s.io/apiserver pkg/storage/etcd3/store.go, GetList).")
                    .until(3), // chapter 4's watch cache answers b2.1 as kube-apiserver does; b2.2 and b2.3: see below
            new ListedDifference(2, "b3", List.of("b3.5"), Set.of(Aspect.ITEMS, Aspect.BODY),
                    "Served from the watch cache, which ignores `limit` for resourceVersion \"0\": all three "
                            + "configmaps, no `continue`, no `remainingItemCount`, and the cache's resourceVersion (83).",
                    "Reads etcd, which honours `limit`: one configmap, a `continue` token, "
                            + "`remainingItemCount: 2`, and etcd's header revision (86 in the transcript's numbering).",
                    "rvlab has no watch cache until chapter 4, so every list is read from etcd, as kube-apiserver "
                            + "does with `--watch-cache=false` (golden n1.2: `limit=1&resourceVersion=0` gives one item "
                            + "and a continue token). The cache ignores `limit` when resourceVersion is \"0\" (k8s.io/apiserver "
                            + "pkg/storage/cacher/cacher.go, shouldDelegateList).")
                    .until(3), // chapter 4's watch cache ignores limit for resourceVersion "0" too
            new ListedDifference(2, "b3", List.of("b3.12"), Set.of(Aspect.STATUS),
                    "HTTP 500 with no reason: `resourceVersion: Invalid value: \"abc\": strconv.ParseUint: "
                            + "parsing \"abc\": invalid syntax`.",
                    "HTTP 400 BadRequest: `invalid resource version: resourceVersion: Invalid value: \"abc\": ...`.",
                    "Version policy: current Kubernetes (1.33 and later) validates the list options first and answers "
                            + "400 BadRequest with this message (k8s.io/apiserver pkg/storage/etcd3/store.go, GetList). A malformed "
                            + "resourceVersion is the client's mistake, not the server's."),
            new ListedDifference(2, "d1", List.of("d1.1", "d1.2", "d1.3", "d1.7"), Set.of(Aspect.BODY),
                    "The watch cache waits 3 s for the revision, then answers 504 `Too large resource version: "
                            + "1000098, current: 97`: 97 is the last event the cache had seen (the delete of cm-del), "
                            + "although etcd was at 98.",
                    "The same 504 after the same wait, with `current:` etcd's revision (98 in the transcript's "
                            + "numbering).",
                    "rvlab waits for etcd itself (no watch cache until chapter 4), so the revision it reports is "
                            + "etcd's. The 1.26 cache lags the global revision until an event of its own resource "
                            + "arrives (golden d1: `current: 97` while etcd was at 98), a known weakness the version policy "
                            + "asks to do better than.")
                    .until(3), // chapter 4: the same answer, for a reason of its own (below)
            new ListedDifference(2, "d1", List.of("d1.4", "d1.6"), Set.of(Aspect.STATUS, Aspect.RETRY_AFTER, Aspect.WAIT),
                    "`Exact` at a future revision goes to etcd and fails at once: HTTP 500 with no reason, "
                            + "`etcdserver: mvcc: required revision is a future revision`.",
                    "Waits up to 3 s for etcd to reach the revision, then HTTP 504 Timeout `Too large resource "
                            + "version: N, current: C` (cause ResourceVersionTooLarge), `retryAfterSeconds: 1` and "
                            + "`Retry-After: 1`.",
                    "Current Kubernetes turns etcd's future-revision error into the same 504 \"Too large resource "
                            + "version\" as the other read paths (k8s.io/apiserver pkg/storage/etcd3/store.go, GetList: etcd's "
                            + "ErrFutureRev becomes TooLargeResourceVersion with the current revision), and the version policy follows current "
                            + "Kubernetes. rvlab answers it the way it answers every too-large resourceVersion: after the "
                            + "watch cache's 3 s wait, with Retry-After (see d1.5)."),
            new ListedDifference(2, "d1", List.of("d1.5"), Set.of(Aspect.RETRY_AFTER, Aspect.WAIT, Aspect.BODY),
                    "`limit` with `NotOlderThan` goes to etcd: HTTP 504 at once, without `retryAfterSeconds` or a "
                            + "`Retry-After` header.",
                    "Waits up to 3 s, then HTTP 504 with `retryAfterSeconds: 1` and `Retry-After: 1`.",
                    "rvlab has no watch cache until chapter 4 and reads every list from etcd, so it has one "
                            + "too-large answer for every path: the watch cache's (wait 3 s, then 504 with Retry-After, "
                            + "golden d1.1 to d1.3), which client-go's reflector knows how to retry. A kube-apiserver "
                            + "without a watch cache answers at once instead (golden n1.5 to n1.7).")
                    .until(3), // chapter 4: the same answer, for a reason of its own (below)
            new ListedDifference(2, "c2", List.of("c2.8"), Set.of(Aspect.STATUS),
                    "HTTP 500 with no reason and no details: `resourceVersion should not be set on objects to be "
                            + "created` (the storage layer's error reaches the client unconverted).",
                    "HTTP 400 BadRequest with the same message.",
                    "Setting metadata.resourceVersion on a create is the client's mistake, and rvlab never answers a "
                            + "client's mistake with a 5xx: a 500 tells a client to retry, and retrying this request "
                            + "can never succeed. A 1.26 weakness (still present in current Kubernetes) that rvlab "
                            + "does better than, as the version policy allows."),

            // Chapter 3: updates, patches, deletes, generation (golden c1, c2, h1).
            new ListedDifference(3, "c1", List.of("c1.6"), Set.of(Aspect.STATUS),
                    "HTTP 500 with no reason and no details: `strconv.ParseUint: parsing \"abc\": invalid syntax` "
                            + "(an update whose body carries a resourceVersion that is not a number).",
                    "HTTP 400 BadRequest with the same message.",
                    "A malformed resourceVersion in the body is the client's mistake, and rvlab never answers a "
                            + "client's mistake with a 5xx: a 500 tells a client to retry, and retrying this request "
                            + "can never succeed (as for c2.8, and b3.12, where current Kubernetes answers 400 for a "
                            + "malformed resourceVersion in a list's query). A 1.26 weakness that rvlab does better "
                            + "than, as the version policy allows."),

            // Chapter 4: watch and the watch cache (golden e1-e3, f1, i1; n1-n3 were recorded with --watch-cache=false).
            new ListedDifference(4, "b2", List.of("b2.2", "b2.3"), Set.of(Aspect.BODY),
                    "Served from the watch cache: the list's resourceVersion is the last configmap event the cache "
                            + "had processed (83), although etcd was at 85.",
                    "Served from etcd: the list's resourceVersion is etcd's header revision at the read (85 in the "
                            + "transcript's numbering). Only resourceVersion \"0\" lists come from the watch cache (b2.1 "
                            + "now answers as kube-apiserver does).",
                    "rvlab's watch cache answers the reads that ask for no freshness at all (resourceVersion \"0\"); a "
                            + "NotOlderThan (or legacy) resourceVersion N is read from etcd, whose answer is always at "
                            + "least N, so no cache has to wait for N. Both answers keep the NotOlderThan promise "
                            + "(k8s.io/apiserver pkg/storage/etcd3/store.go, validateMinimumResourceVersion)."),
            new ListedDifference(4, "d1", List.of("d1.1", "d1.2", "d1.3", "d1.7"), Set.of(Aspect.BODY),
                    "The watch cache waits 3 s for the revision, then answers 504 `Too large resource version: "
                            + "1000098, current: 97`: 97 is the last event the cache had seen, although etcd was at 98.",
                    "The same 504 after the same wait, with `current:` etcd's revision (98 in the transcript's "
                            + "numbering).",
                    "A GET or a list at a non-zero resourceVersion is served by etcd in rvlab (its watch cache answers "
                            + "only resourceVersion \"0\" lists and watches), so the revision it waits for, and reports, "
                            + "is etcd's. The 1.26 cache lags the global revision until an event of its own resource "
                            + "arrives (golden d1: `current: 97` while etcd was at 98), a weakness the version policy lets rvlab do "
                            + "better than."),
            new ListedDifference(4, "d1", List.of("d1.5"), Set.of(Aspect.RETRY_AFTER, Aspect.WAIT, Aspect.BODY),
                    "`limit` with `NotOlderThan` goes to etcd: HTTP 504 at once, without `retryAfterSeconds` or a "
                            + "`Retry-After` header.",
                    "Waits up to 3 s, then HTTP 504 with `retryAfterSeconds: 1` and `Retry-After: 1`.",
                    "rvlab has one too-large answer for every read path, the watch cache's (wait 3 s, then 504 with "
                            + "Retry-After, golden d1.1 to d1.3), which client-go's reflector knows how to retry, whether "
                            + "etcd or its cache serves the read."),
            // tag::progress-bookmarks[]
            new ListedDifference(4, "e2", List.of("e2(C)", "e2(D)"), Set.of(Aspect.EVENTS),
                    "No BOOKMARK: the configmaps cache's resourceVersion stayed at the watch's start (268, 274) while "
                            + "etcd moved on with Lease renewals, and a bookmark is sent only when the cache has got further "
                            + "than the watcher.",
                    "A BOOKMARK 2 s before timeoutSeconds, at etcd's revision (270 and 275 in the transcript's "
                            + "numbering), shaped as in (B) and (E).",
                    "rvlab's cache follows etcd's progress notifications, and the course starts etcd with "
                            + "--experimental-watch-progress-notify-interval=1s, so etcd sends one every second and the "
                            + "cache's resourceVersion follows etcd's revision even while configmaps are quiet. "
                            + "kube-apiserver's cache opens its etcd watch with progress_notify too, but the etcd of "
                            + "this recording ran with the default interval of 10 minutes, so over a 20 s watch the cache "
                            + "heard none. The bookmark is a resourceVersion the client may resume from, which is what "
                            + "bookmarks are for (in (E) 1.26 itself sends one for an event the watcher never saw); the "
                            + "timing and shape are 1.26's, as (B) and (E) show."),
            new ListedDifference(4, "i1", List.of("i.3"), Set.of(Aspect.EVENTS),
                    "No BOOKMARK in the 3 s watch: no configmap event moved the cache past the watch's start.",
                    "A BOOKMARK 2 s before timeoutSeconds (1 s after the start), at etcd's revision.",
                    "As for e2 (C) and (D): rvlab's cache follows etcd's progress notifications, so its "
                            + "resourceVersion moves with every etcd write, not only with configmap events. In this "
                            + "replay nothing writes during the watch, so the bookmark comes only when a notification "
                            + "lands after the watch began: some runs match 1.26 exactly.").dependingOnTiming()
                    .until(4), // chapter 5 refuses i.3 (sendInitialEvents without resourceVersionMatch) with a 422
            // end::progress-bookmarks[]
            new ListedDifference(4, "i1", List.of("i.5"), Set.of(Aspect.STATUS),
                    "`sendInitialEvents=true` on a list (not a watch) is ignored: HTTP 200 with the list.",
                    "HTTP 422 Invalid: `sendInitialEvents: Forbidden: sendInitialEvents is forbidden for list`.",
                    "Version policy: current Kubernetes validates list options this way (k8s.io/apimachinery "
                            + "pkg/apis/meta/internalversion/validation/validation.go, ValidateListOptions: a non-watch "
                            + "request with sendInitialEvents is Forbidden); 1.26 had no "
                            + "sendInitialEvents at all."),

            // n1-n3 were recorded with --watch-cache=false; rvlab's chapter 4 server always has its watch cache.
            // tag::chapter-shows-both[]
            new ListedDifference(4, "n1", List.of("n1.1"), Set.of(Aspect.BODY),
                    "With `--watch-cache=false`, a resourceVersion \"0\" list is read from etcd: its resourceVersion "
                            + "is etcd's header revision (257).",
                    "Served from the watch cache: its resourceVersion is the cache's (the last configmap event, 253 "
                            + "in the transcript's numbering), as kube-apiserver's cache answers b2.1.",
                    "The chapter shows both: rvlab's server always has a watch cache, which answers resourceVersion "
                            + "\"0\" lists as kube-apiserver's does (b2.1 matches); kube-apiserver with "
                            + "`--watch-cache=false` reads them from etcd (n1.1)."),
            new ListedDifference(4, "n1", List.of("n1.2"), Set.of(Aspect.ITEMS, Aspect.BODY),
                    "With `--watch-cache=false`, `limit=1&resourceVersion=0` is read from etcd, which honours `limit`: "
                            + "one configmap, a `continue` token, `remainingItemCount`.",
                    "Served from the watch cache, which ignores `limit` for resourceVersion \"0\": every configmap, "
                            + "no `continue`.",
                    "The chapter shows both: with the watch cache, kube-apiserver ignores `limit` for resourceVersion "
                            + "\"0\" too (b3.5 matches); without it, etcd honours `limit` (n1.2)."),
            new ListedDifference(4, "n1", List.of("n1.5", "n1.6", "n1.7"), Set.of(Aspect.RETRY_AFTER, Aspect.WAIT, Aspect.BODY),
                    "With `--watch-cache=false`, a GET or list at a future resourceVersion is answered at once: 504 "
                            + "without `retryAfterSeconds` or `Retry-After`.",
                    "Waits up to 3 s, then 504 with `retryAfterSeconds: 1` and `Retry-After: 1`.",
                    "The chapter shows both: rvlab answers every too-large resourceVersion the way kube-apiserver's "
                            + "watch cache does (golden d1.1 to d1.3: wait 3 s, then 504 with Retry-After); without a "
                            + "watch cache kube-apiserver answers at once (n1.5 to n1.7)."),
            new ListedDifference(4, "n1", List.of("n1.8"), Set.of(Aspect.STATUS, Aspect.RETRY_AFTER, Aspect.WAIT),
                    "`Exact` at a future revision fails at once in etcd: HTTP 500 `etcdserver: mvcc: required revision "
                            + "is a future revision`.",
                    "Waits up to 3 s, then 504 Timeout `Too large resource version` with `Retry-After: 1`.",
                    "As for d1.4: current Kubernetes turns etcd's future-revision error into the 504 \"Too large "
                            + "resource version\" of the other read paths, and the version policy follows current "
                            + "Kubernetes; with or without a watch cache, Exact reads go to etcd."),
            new ListedDifference(4, "n2", List.of("n2#4", "n2#8"), Set.of(Aspect.EVENTS, Aspect.TIMING),
                    "With `--watch-cache=false`, a watch from a revision etcd has compacted gets one ERROR event, "
                            + "410 Expired `The resourceVersion for the provided watch is too old.`, and ends at once.",
                    "The watch cache still holds the changes after that revision in its window: it sends them "
                            + "(MODIFIED, ADDED, DELETED) and the watch runs until timeoutSeconds.",
                    "The chapter shows both: with the watch cache, kube-apiserver serves a watch from its window even "
                            + "after etcd compacted that revision (f1.7 and f1.14 match); without it, the watch goes to "
                            + "etcd, which refuses a compacted revision (n2)."),
            new ListedDifference(4, "n2", List.of("n2#5"), Set.of(Aspect.EVENTS),
                    "With `--watch-cache=false`, etcd's message: `The resourceVersion for the provided watch is too old.`",
                    "The watch cache's message: `too old resource version: 10 (M)`, M where its window begins.",
                    "The chapter shows both: the same ERROR event (410 Expired, reason Expired) carries the watch "
                            + "cache's message when the cache refuses the revision (f1.8 and f1.9 match) and etcd's "
                            + "when etcd does (n2)."),
            new ListedDifference(4, "n3", List.of("n3#1"), Set.of(Aspect.EVENTS),
                    "With `--watch-cache=false`, a 62 s watch with `allowWatchBookmarks=true` gets no BOOKMARK: only the "
                            + "watch cache sends bookmarks.",
                    "A BOOKMARK 2 s before timeoutSeconds (at 60 s), at etcd's revision.",
                    "The chapter shows both: with the watch cache, kube-apiserver sends bookmarks every minute and 2 s "
                            + "before timeoutSeconds (e2 (A), (B), (E) match); without it, none (n3). The cache's "
                            + "resourceVersion had moved past the watch's start because rvlab's cache follows etcd's "
                            + "progress notifications (see e2 (C) and (D))."),
            // end::chapter-shows-both[]

            // Chapter 5: streaming lists, and current Kubernetes' watch rules (the WatchList gate on).
            // tag::watch-list[]
            new ListedDifference(5, "i1", List.of("i.1", "i.2"), Set.of(Aspect.STATUS, Aspect.FRAMING, Aspect.WAIT),
                    "HTTP 422 Invalid at once: `resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for "
                            + "watch` (1.26 has no streaming lists).",
                    "HTTP 200 and a streaming list: every configmap as an ADDED event, one BOOKMARK annotated "
                            + "`k8s.io/initial-events-end: \"true\"` at the state's resourceVersion, then the changes "
                            + "until timeoutSeconds.",
                    "rvlab's chapter 5 follows current Kubernetes with the WatchList gate on; 1.26.1 refused it (sendInitialEvents came in 1.27; the gate is on by default since 1.34). KEP-3157 (watch-list): "
                            + "with resourceVersion unset the state is a consistent read, at least etcd's revision at "
                            + "the request; with \"0\" it is the watch cache's."),
            new ListedDifference(5, "i1", List.of("i.3", "i.4"), Set.of(Aspect.STATUS),
                    "sendInitialEvents without resourceVersionMatch is ignored: HTTP 200 and a plain watch.",
                    "HTTP 422 Invalid: `resourceVersionMatch: Forbidden: sendInitialEvents requires setting "
                            + "resourceVersionMatch to NotOlderThan` (for true and false alike).",
                    "rvlab's chapter 5 follows current Kubernetes with the WatchList gate on; 1.26.1 ignored sendInitialEvents. Current Kubernetes validates a watch's options this way (apimachinery's "
                            + "validateWatchOptions in pkg/apis/meta/internalversion/validation/validation.go): sendInitialEvents, "
                            + "whatever its value, requires "
                            + "resourceVersionMatch=NotOlderThan."),
            new ListedDifference(5, "e3", List.of("e3#4"), Set.of(Aspect.EVENTS),
                    "The ADDED events of the state, and nothing to say where they end.",
                    "The same ADDED events, then a BOOKMARK annotated `k8s.io/initial-events-end: \"true\"` at the "
                            + "watch cache's resourceVersion.",
                    "rvlab's chapter 5 follows current Kubernetes with the WatchList gate on. Its defaulting turns a watch from resourceVersion \"\" or \"0\" that names neither "
                            + "sendInitialEvents nor resourceVersionMatch into `sendInitialEvents=true&resourceVersionMatch=NotOlderThan`; "
                            + "with allowWatchBookmarks=true that is a streaming list, which ends its initial events with "
                            + "the annotated bookmark (k8s.io/apimachinery pkg/apis/meta/internalversion, SetListOptionsDefaults)."),
            new ListedDifference(5, "e3", List.of("e3#1", "e3#3", "e3#5"), Set.of(Aspect.TIMING),
                    "The headers and the initial ADDED events at once (0.04 s).",
                    "The headers and the ADDED events up to about two seconds later, once the watch cache has "
                            + "reached etcd's revision at the request.",
                    "rvlab's chapter 5 follows current Kubernetes with the WatchList gate on. A watch from resourceVersion unset is defaulted to a streaming list, which is a consistent "
                            + "read: the watch cache must first reach etcd's current revision (KEP-3157). On a "
                            + "quiet resource rvlab's cache learns of it from etcd's next progress notification (every "
                            + "second on the course's etcd); current kube-apiserver asks etcd for progress on demand "
                            + "and waits milliseconds, which chapter 4's cache does not do (see WatchCache). Runs where "
                            + "the cache is already there match 1.26.").dependingOnTiming(),
            new ListedDifference(5, "n2", List.of("n2#1"), Set.of(Aspect.TIMING),
                    "With `--watch-cache=false`, the headers and the initial ADDED events at once (0.05 s).",
                    "The headers and the ADDED events up to about two seconds later, once the watch cache has "
                            + "reached etcd's revision at the request (with timeoutSeconds=2 the stream then ends at once).",
                    "As e3#1: rvlab's chapter 5 follows current Kubernetes with the WatchList gate on, and a watch from resourceVersion unset is a consistent streaming list, which "
                            + "waits for the watch cache to reach etcd's current revision.").dependingOnTiming(),
            new ListedDifference(5, "n3", List.of("n3#1"), Set.of(Aspect.EVENTS),
                    "With `--watch-cache=false`, no ADDED events (kube-public has no configmaps) and no BOOKMARK "
                            + "until the end.",
                    "First a BOOKMARK annotated `k8s.io/initial-events-end: \"true\"` at the watch cache's "
                            + "resourceVersion (the empty state has ended), then chapter 4's bookmark before timeoutSeconds.",
                    "rvlab's chapter 5 follows current Kubernetes with the WatchList gate on. The watch (resourceVersion \"0\", allowWatchBookmarks=true) is defaulted to a streaming "
                            + "list, as e3#4; its initial-events-end bookmark is sent even when the state is empty."));
            // end::watch-list[]
    // end::list[]

    // tag::general[]
    public static final List<General> GENERAL = List.of(
            new General(2, "every object",
                    "Writes `metadata.managedFields` (who set which field) on every create.",
                    "Writes none, and drops any a client sends.",
                    "Field management belongs to server-side apply, chapter 6. The suite ignores managedFields."),
            new General(2, "lists served from the watch cache (b2.1 to b2.3, b3.5)",
                    "Items in no defined order (b2.2 and b2.3 list cm-b, cm-c, cm-a and cm-c, cm-a, cm-b).",
                    "Items sorted by key, as etcd returns them.",
                    "No watch cache until chapter 4: every list is read from etcd (like b1 and b3.1). The suite "
                            + "compares these lists as sets."),
            new General(2, "every response",
                    "Sends `Audit-Id`, `X-Kubernetes-Pf-Flowschema-Uid` and `X-Kubernetes-Pf-Prioritylevel-Uid`.",
                    "Sends none of them.",
                    "rvlab has no audit log and no API Priority and Fairness. The suite compares only "
                            + "`Content-Type`, `Retry-After` and the framing (`Content-Length` or chunked)."),
            new General(2, "every request",
                    "HTTPS on port 6443; every request carries a bearer token.",
                    "Plain HTTP on 127.0.0.1, no authentication.",
                    "Authentication is not what the course teaches; the server listens only on the local machine. "
                            + "The suite drops the `Authorization` header from replayed requests."),

            new General(3, "chapter 2's transcripts (b2, b3.5, b3.12, c2.8, d1)",
                    "As in chapter 2's table.",
                    "As in chapter 2's table: chapter 3's server lists, gets and creates with chapter 2's code.",
                    "The suite replays every transcript against chapter 3's server too, and checks that each of "
                            + "chapter 2's differences still occurs there and nothing else differs."),
            new General(3, "every update, patch and /status write",
                    "Records the writer in `metadata.managedFields`: an `Update` entry per manager with the time of "
                            + "its change, and a separate one with `subresource: status` for /status writes (h.6).",
                    "Writes none, and drops any a client sends.",
                    "Field management belongs to server-side apply, chapter 6, as in chapter 2. The suite ignores "
                            + "managedFields."),

            new General(4, "chapters 2 and 3's transcripts",
                    "As in chapters 2 and 3's tables.",
                    "As in their tables, except b2.1 and b3.5 (resourceVersion \"0\" lists), which chapter 4's watch "
                            + "cache now answers as kube-apiserver's does, and b2.2, b2.3, d1 (above), whose reasons change.",
                    "The suite replays every transcript against chapter 4's server too, in the order of the real run."),
            new General(4, "resourceVersion \"0\" lists and the initial events of a watch from \"\" or \"0\"",
                    "In no defined order (the watch cache's hash map).",
                    "In key order: rvlab's cache keeps its state in a sorted map.",
                    "No order is promised; the suite compares them as sets."),
            new General(4, "every watch",
                    "Flushes each event as it is encoded (one chunk per event in e1), the initial events in one "
                            + "chunk (e3); a chunk may also end in the middle of an event (n2).",
                    "Flushes whenever its watcher has no further event ready: a burst of events shares a chunk.",
                    "HTTP chunks carry bytes, not events: a client reads the stream line by line (golden README, "
                            + "observation 8). The suite compares the event lines and their order, not the chunks."),
            new General(4, "bookmarks",
                    "Sent by a timer, at the due time (60.4 s in e2 (A), 18.05 s in (B)).",
                    "Sent by the cache's one-second ticker, up to a second after the due time.",
                    "Bookmarks are hints, not deadlines. The suite accepts a bookmark within 1.5 s of the recorded one."),

            new General(5, "chapters 2 to 4's transcripts",
                    "As in chapters 2 to 4's tables.",
                    "As in their tables, except i1's i.3, which chapter 5 refuses (above) instead of sending a late bookmark.",
                    "The suite replays every transcript against chapter 5's server too, in the order of the real run; "
                            + "only watches from resourceVersion unset or \"0\", and the requests that name "
                            + "sendInitialEvents or resourceVersionMatch on a watch, are answered differently."),

            // tag::general-ch06[]
            new General(6, "every object's `metadata.managedFields`",
                    "Records who set which field: per manager an `Apply` or `Update` entry with its apiVersion, the "
                            + "time of its last change and its fields as `FieldsV1`, a separate entry for /status writes.",
                    "The same entries, in the same order, with the time of this run's write.",
                    "Chapter 6 records field ownership as kube-apiserver does, so from chapter 6 on the suite compares "
                            + "managedFields like the rest of the body: every entry's manager, operation, apiVersion, "
                            + "fieldsType, fieldsV1 and subresource, in order. Only each entry's `time` is set aside, once "
                            + "checked to be RFC 3339 in seconds: it is the moment each run wrote. Chapters 2 to 5 write "
                            + "none, and their replays still ignore them."),
            new General(6, "chapters 2 to 5's transcripts",
                    "As in chapters 2 to 5's tables.",
                    "As in their tables: chapter 6's server lists, reads and watches with chapter 5's code.",
                    "The suite replays g1 and every transcript that writes objects (00, a1, b0, c1, c2, h1) against "
                            + "chapter 6's server, in the order of the real run, and checks that their listed differences "
                            + "still occur there. The list, watch and no-watch-cache scenarios (b1 to b3, d1, e1 to e3, f1, "
                            + "i1, n1 to n3) are left to chapters 4 and 5: chapter 6 changes no read or watch path."));
            // end::general-ch06[]
    // end::general[]

    private KnownDifferences() {
    }
}
