package io.rvlab.ch02.labs;

import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch02.storage.ContinueToken;
import io.rvlab.ch02.storage.Keys;
import io.rvlab.ch02.storage.ResourceExpiredException;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;

/**
 * Lab 2.3: a list in pages with {@code limit} and {@code continue}: what the token holds, why every
 * page shows the same snapshot, and what happens to a token once compaction has removed its
 * revision (410 Expired, and an offer to continue inconsistently).
 */
public final class PaginationLab implements Lab {

    static final String NS = "lab-2-3";
    static final String PREFIX = Keys.collection("configmaps", NS).path();

    @Override
    public String id() {
        return "2.3";
    }

    @Override
    public String title() {
        return "Pages, continue tokens, and a token that expired";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String list = "/api/v1/namespaces/" + NS + "/configmaps";
        try (ApiNarrator api = new ApiNarrator(lab)) {
            out.step("Start clean, then create five ConfigMaps");
            api.startClean(NS);
            api.post("/api/v1/namespaces", LabObjects.namespace(NS));
            for (String name : List.of("cm-a", "cm-b", "cm-c", "cm-d", "cm-e")) {
                api.showObject(api.post(list, LabObjects.configMap(name, "v1")));
            }

            out.step("The first page: limit=2");
            ApiNarrator.Reply page1 = api.get(list + "?limit=2");
            api.showList(page1);
            ContinueToken token1 = ContinueToken.decode(page1.continueToken());
            out.say("The token is base64 of JSON:");
            out.show("%s", token1.json());
            out.check(token1.resourceVersion() == page1.rv() && token1.start().equals("cm-b\u0000"),
                    "it holds the page's revision " + page1.rv() + " and the next key to read: cm-b plus a NUL byte");
            out.say("etcd answers the same range read with a count of all matching keys, whatever the limit:");
            out.etcdctl("get " + PREFIX + " --prefix --limit=2 --keys-only -w json");
            out.jetcd("kv.get(bytes(\"" + PREFIX + "\"), GetOption.builder().isPrefix(true).withLimit(2).withKeysOnly(true).build())");
            GetResponse first = Await.result(lab.client().getKVClient().get(Bytes.bytes(PREFIX),
                    GetOption.builder().isPrefix(true).withLimit(2).withKeysOnly(true).build()));
            out.show("header revision=%d count=%d more=%b", first.getHeader().getRevision(), first.getCount(), first.isMore());
            out.check(page1.json().path("metadata").path("remainingItemCount").asLong() == first.getCount() - 2,
                    "remainingItemCount = count - limit = " + first.getCount() + " - 2");

            out.step("Create another ConfigMap, then fetch the next pages");
            ApiNarrator.Reply late = api.post(list, LabObjects.configMap("cm-bb", "v1"));
            api.showObject(late);
            ApiNarrator.Reply page2 = api.get(list + "?limit=2&continue=" + page1.continueToken());
            api.showList(page2);
            out.say("etcdctl cannot take a NUL byte in an argument; the range starts right after cm-b, so at cm-c:");
            out.etcdctl("get " + PREFIX + "cm-c " + Keys.collection("configmaps", NS).rangeEnd() + " --rev=" + page1.rv()
                    + " --limit=2 --keys-only -w json");
            out.jetcd("kv.get(bytes(\"" + PREFIX + "cm-b\\u0000\"), GetOption.builder().withRange(bytes(\""
                    + Keys.collection("configmaps", NS).rangeEnd() + "\")).withRevision(" + page1.rv()
                    + ").withLimit(2).withKeysOnly(true).build())");
            GetResponse second = Await.result(lab.client().getKVClient().get(Bytes.bytes(PREFIX + "cm-b\u0000"),
                    GetOption.builder().withRange(Bytes.bytes(Keys.collection("configmaps", NS).rangeEnd()))
                            .withRevision(page1.rv()).withLimit(2).withKeysOnly(true).build()));
            out.show("keys at revision %d: %s", page1.rv(), String.join(", ", second.getKvs().stream()
                    .map(kv -> Bytes.text(kv.getKey()).substring(PREFIX.length())).toList()));
            ApiNarrator.Reply page3 = api.get(list + "?limit=2&continue=" + page2.continueToken());
            api.showList(page3);
            out.check(page2.names().equals(List.of("cm-c", "cm-d")) && page3.names().equals(List.of("cm-e")),
                    "the pages are cm-a cm-b | cm-c cm-d | cm-e: cm-bb, created after the first page, is not in this list");
            out.check(page2.rv() == page1.rv() && page3.rv() == page1.rv(),
                    "every page has resourceVersion " + page1.rv() + ": all pages are read at the first page's revision");
            out.check(page3.continueToken().isEmpty() && !page3.json().path("metadata").has("remainingItemCount"),
                    "the last page has no continue token and no remainingItemCount");

            out.step("Compact etcd, then use a token from before the compaction");
            long now = api.revision();
            api.compact(now);
            ApiNarrator.Reply expired = api.get(list + "?limit=2&continue=" + page1.continueToken());
            api.showStatus(expired);
            out.check(expired.code() == 410 && expired.json().path("reason").asText().equals("Expired"),
                    "410 Expired: revision " + page1.rv() + " is gone, so the snapshot cannot be continued");
            out.check(expired.json().path("message").asText().equals(ResourceExpiredException.CONTINUE_TOO_OLD),
                    "the message offers the token in metadata.continue");
            ContinueToken offered = ContinueToken.decode(expired.continueToken());
            out.show("%s", offered.json());
            out.check(offered.resourceVersion() == -1 && offered.start().equals("cm-b\u0000"),
                    "that token has rv -1 (the latest revision) and the same start key");
            ApiNarrator.Reply resumed = api.get(list + "?limit=2&continue=" + expired.continueToken());
            api.showList(resumed);
            out.check(resumed.names().equals(List.of("cm-bb", "cm-c")) && resumed.rv() == now,
                    "continuing from cm-b at the latest revision " + now + " now includes cm-bb: complete, not consistent");
            ApiNarrator.Reply oldExact = api.get(list + "?resourceVersion=" + page1.rv() + "&resourceVersionMatch=Exact");
            api.showStatus(oldExact);
            out.check(oldExact.code() == 410, "an Exact list at a compacted revision is 410 Expired as well");
        }
        out.conclude("a continue token is a bookmark into one etcd snapshot: the revision of the first page and the next "
                + "key. Pages stay consistent as long as etcd keeps that revision; after compaction the server says 410 "
                + "Expired and offers a token that continues at the latest revision instead.");
    }
}
