package io.rvlab.ch02.labs;

import io.rvlab.ch01.Await;
import io.rvlab.ch01.Bytes;
import io.rvlab.ch01.Etcdctl;
import io.rvlab.ch01.FutureRevisionException;
import io.rvlab.ch01.JetcdCalls;
import io.rvlab.ch01.RevisionReader;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Lab 2.4: a resourceVersion etcd has not reached. etcd refuses such a read at once; the API server
 * waits up to 3 seconds for etcd to catch up and then answers 504 "Too large resource version"
 * with Retry-After: 1 — or, if the revision arrives in time, simply answers.
 */
public final class TooLargeLab implements Lab {

    static final String NS = "lab-2-4";

    @Override
    public String id() {
        return "2.4";
    }

    @Override
    public String title() {
        return "A resourceVersion from the future";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        String cm = "/api/v1/namespaces/" + NS + "/configmaps/cm-a";
        String key = "/registry/configmaps/" + NS + "/cm-a";
        try (ApiNarrator api = new ApiNarrator(lab)) {
            out.step("Start clean, create a ConfigMap");
            api.startClean(NS);
            api.post("/api/v1/namespaces", LabObjects.namespace(NS));
            api.showObject(api.post("/api/v1/namespaces/" + NS + "/configmaps", LabObjects.configMap("cm-a", "v1")));
            long current = api.revision();
            long future = current + 1000;

            out.step("Ask etcd for revision " + future);
            out.etcdctl(Etcdctl.getAt(key, future));
            out.jetcd(JetcdCalls.getAt(key, future));
            RuntimeException refused = null;
            try {
                new RevisionReader(lab.client()).at(key, future);
            } catch (FutureRevisionException e) {
                refused = e;
                out.show("FutureRevisionException: etcd said \"mvcc: required revision is a future revision\"");
            }
            out.check(refused != null, "etcd refuses at once: it cannot answer for a moment that has not happened");

            out.step("Ask the API server for resourceVersion " + future);
            long started = System.nanoTime();
            ApiNarrator.Reply tooLarge = api.get(cm + "?resourceVersion=" + future);
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            api.showStatus(tooLarge);
            out.show("  details.causes[0].reason: %s",
                    tooLarge.json().path("details").path("causes").get(0).path("reason").asText());
            out.check(tooLarge.code() == 504 && tooLarge.json().path("reason").asText().equals("Timeout"),
                    "504 Timeout: \"Too large resource version: " + future + ", current: " + current + "\"");
            out.check(waited >= 2_900, "the server waited about 3 seconds for etcd first (kube-apiserver's watch cache does the same)");
            out.check("1".equals(tooLarge.retryAfter()),
                    "Retry-After: 1 and the cause ResourceVersionTooLarge tell client-go's reflector to retry");

            out.step("Ask for a revision that arrives while the server waits");
            long soon = current + 2;
            out.say("Two writes are due in 300 ms; the request for resourceVersion " + soon + " goes out first.");
            out.etcdctl("put /rvlab/lab-2.4/tick 1; etcdctl put /rvlab/lab-2.4/tick 2   # 300 ms later, while the request waits");
            out.jetcd("kv.put(bytes(\"/rvlab/lab-2.4/tick\"), bytes(\"1\")), then bytes(\"2\"): on another thread");
            CompletableFuture<Void> writes = CompletableFuture.runAsync(() -> {
                Await.result(lab.client().getKVClient().put(Bytes.bytes("/rvlab/lab-2.4/tick"), Bytes.bytes("1")));
                Await.result(lab.client().getKVClient().put(Bytes.bytes("/rvlab/lab-2.4/tick"), Bytes.bytes("2")));
            }, CompletableFuture.delayedExecutor(300, TimeUnit.MILLISECONDS));
            ApiNarrator.Reply list = api.get("/api/v1/namespaces/" + NS + "/configmaps?resourceVersion=" + soon);
            writes.join();
            api.showList(list);
            out.check(list.code() == 200 && list.rv() == soon,
                    "200 OK at resourceVersion " + soon + ": the server watched etcd's revision reach it, then read");
        }
        out.conclude("a resourceVersion is a promise about the past. Ask for one that has not happened yet and etcd "
                + "says no at once; the API server gives etcd a few seconds to get there, then answers 504 with "
                + "Retry-After, which clients treat as \"try again\", not as a failure.");
    }
}
