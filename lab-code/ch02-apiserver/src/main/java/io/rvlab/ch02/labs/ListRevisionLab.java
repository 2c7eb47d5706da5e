package io.rvlab.ch02.labs;

import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;

/**
 * Lab 2.2: a list's resourceVersion is the revision of the whole store it was read at, not its
 * newest item's; then the resourceVersion / resourceVersionMatch combinations of a list, including
 * Exact, which reads etcd's history and shows an object as it was.
 */
public final class ListRevisionLab implements Lab {

    static final String NS = "lab-2-2";
    static final String PREFIX = "/registry/configmaps/" + NS + "/";

    @Override
    public String id() {
        return "2.2";
    }

    @Override
    public String title() {
        return "A list's resourceVersion, and reading lists at a resourceVersion";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String list = "/api/v1/namespaces/" + NS + "/configmaps";
        try (ApiNarrator api = new ApiNarrator(lab)) {
            out.step("Start clean, then create two ConfigMaps");
            api.startClean(NS);
            api.post("/api/v1/namespaces", ModRevisionLab.namespace(NS));
            ApiNarrator.Reply a = api.post(list, ModRevisionLab.configMap("cm-a", "v1"));
            api.showObject(a);
            ApiNarrator.Reply b = api.post(list, ModRevisionLab.configMap("cm-b", "v1"));
            api.showObject(b);

            out.step("Change cm-a directly in etcd, and write an unrelated key");
            String cmA = PREFIX + "cm-a";
            long changed = api.etcdEdit(cmA, "\"k\":\"v1\"", "\"k\":\"v2\"");
            long unrelated = api.etcdPut("/rvlab/lab-2.2/unrelated", "x");

            out.step("List the ConfigMaps, and read the same prefix in etcd");
            ApiNarrator.Reply latest = api.get(list);
            api.showList(latest);
            long header = api.etcdKeys(PREFIX);
            out.check(latest.rv() == header && header == unrelated,
                    "the list's resourceVersion " + latest.rv() + " is etcd's header revision, made by the unrelated write");
            out.check(latest.rv() != changed && latest.rv() != b.rv(),
                    "it is not any item's resourceVersion: items keep their own (" + changed + " and " + b.rv() + ")");

            out.step("resourceVersion=0 and NotOlderThan: the latest will do");
            ApiNarrator.Reply any = api.get(list + "?resourceVersion=0");
            api.showList(any);
            ApiNarrator.Reply notOlder = api.get(list + "?resourceVersion=" + a.rv() + "&resourceVersionMatch=NotOlderThan");
            api.showList(notOlder);
            out.say("This server has no watch cache, so \"0\" (any version) reads the latest from etcd. A real");
            out.say("kube-apiserver answers it from its cache, which may be behind (chapter 4).");
            out.check(any.names().equals(List.of("cm-a", "cm-b")) && notOlder.rv() == unrelated,
                    "both read the latest state, at revision " + unrelated);

            out.step("resourceVersionMatch=Exact: the list as it was");
            ApiNarrator.Reply exact = api.get(list + "?resourceVersion=" + a.rv() + "&resourceVersionMatch=Exact");
            api.showList(exact);
            out.check(exact.rv() == a.rv() && exact.names().equals(List.of("cm-a")),
                    "at revision " + a.rv() + " only cm-a existed, and the list says resourceVersion " + a.rv());
            out.check(exact.json().path("items").get(0).path("data").path("k").asText().equals("v1"),
                    "and cm-a shows its old data, v1, with its old resourceVersion " + a.rv());
            ApiNarrator.Reply legacy = api.get(list + "?resourceVersion=" + a.rv() + "&limit=10");
            api.showList(legacy);
            out.check(legacy.rv() == a.rv(),
                    "a limit with a resourceVersion and no match means Exact too (the legacy rule)");

            out.step("A single GET has no Exact");
            ApiNarrator.Reply get = api.get(list + "/cm-a?resourceVersion=" + a.rv());
            api.showObject(get);
            out.check(get.rv() == changed, "GET with resourceVersion " + a.rv() + " means \"not older than\": the latest, " + changed);

            out.step("Combinations the API refuses");
            ApiNarrator.Reply noRv = api.get(list + "?resourceVersionMatch=NotOlderThan");
            api.showStatus(noRv);
            ApiNarrator.Reply exactZero = api.get(list + "?resourceVersion=0&resourceVersionMatch=Exact");
            api.showStatus(exactZero);
            out.check(noRv.code() == 422 && exactZero.code() == 422, "422 Invalid, as kube-apiserver answers");
        }
        out.conclude("a list's resourceVersion is the etcd revision it was read at: a moment of the whole store, "
                + "often made by a write to something else entirely. Exact reads that moment from etcd's history; "
                + "the other modes read the latest and only promise it is not older than what you asked for.");
    }
}
