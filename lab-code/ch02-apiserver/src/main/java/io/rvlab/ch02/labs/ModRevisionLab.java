package io.rvlab.ch02.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.ArrayList;
import java.util.List;

/**
 * Lab 2.1: create a ConfigMap through the API server, read its key in etcd directly, and see that
 * its resourceVersion is exactly the key's mod_revision, and changes only when the key does.
 */
public final class ModRevisionLab implements Lab {

    static final String NS = "lab-2-1";
    static final String KEY = "/registry/configmaps/" + NS + "/cm-a";

    @Override
    public String id() {
        return "2.1";
    }

    @Override
    public String title() {
        return "An object's resourceVersion is its key's mod_revision";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        try (ApiNarrator api = new ApiNarrator(lab)) {
            out.step("Start the API server over this etcd, and start clean");
            out.say("The server creates the namespaces default, kube-system and kube-public if they are missing.");
            out.say("The commands below call its address $APISERVER (./course serve prints it).");
            api.startClean(NS);
            long start = api.revision();

            out.step("Create a namespace and a ConfigMap through the API");
            ApiNarrator.Reply ns = api.post("/api/v1/namespaces", LabObjects.namespace(NS));
            api.showObject(ns);
            ApiNarrator.Reply created = api.post("/api/v1/namespaces/" + NS + "/configmaps", LabObjects.configMap("cm-a", "v1"));
            api.showObject(created);
            out.check(created.code() == 201, "201 Created");
            out.check(ns.rv() == start + 1 && created.rv() == start + 2,
                    "two creates, two revisions: the namespace got " + ns.rv() + ", the ConfigMap " + created.rv());

            out.step("Read the same key in etcd, without the API server");
            ApiNarrator.KeyNumbers key = api.etcdGet(KEY);
            out.check(key.modRevision() == created.rv(),
                    "resourceVersion \"" + created.resourceVersion() + "\" is the key's mod_revision " + key.modRevision());
            out.check(key.createRevision() == key.modRevision() && key.version() == 1,
                    "a new key: create_revision = mod_revision, version 1");
            JsonNode stored = GoJson.read(key.value().getBytes(java.nio.charset.StandardCharsets.UTF_8));
            out.show("the value's metadata fields: %s", fields(stored.path("metadata")));
            out.check(!stored.path("metadata").has("resourceVersion"),
                    "the value etcd stores has no resourceVersion: etcd keeps that number next to it");

            out.step("GET the ConfigMap");
            ApiNarrator.Reply got = api.get("/api/v1/namespaces/" + NS + "/configmaps/cm-a");
            api.showObject(got);
            out.check(got.rv() == key.modRevision(), "the server fills resourceVersion in from mod_revision on every read");

            out.step("Write something else, then read cm-a again");
            ApiNarrator.Reply other = api.post("/api/v1/namespaces/" + NS + "/configmaps", LabObjects.configMap("cm-b", "v1"));
            api.showObject(other);
            ApiNarrator.Reply again = api.get("/api/v1/namespaces/" + NS + "/configmaps/cm-a");
            api.showObject(again);
            out.check(other.rv() == created.rv() + 1 && again.rv() == created.rv(),
                    "etcd's revision moved on to " + other.rv() + ", cm-a's resourceVersion stayed " + created.rv()
                            + ": it changes only when cm-a's key does");

            out.step("Change cm-a behind the API server's back");
            out.say("Updates through the API come in chapter 3; a direct etcd write shows the same thing here.");
            long written = api.etcdEdit(KEY, "\"k\":\"v1\"", "\"k\":\"v2\"");
            ApiNarrator.KeyNumbers after = api.etcdGet(KEY);
            ApiNarrator.Reply now = api.get("/api/v1/namespaces/" + NS + "/configmaps/cm-a");
            api.showObject(now);
            out.check(now.rv() == written && after.modRevision() == written,
                    "the write made revision " + written + ": mod_revision and resourceVersion are both " + written);
            out.check(after.createRevision() == created.rv() && after.version() == 2,
                    "create_revision stays " + created.rv() + ", version is now 2");
        }
        out.conclude("the API server does not invent versions. An object's resourceVersion is the mod_revision of "
                + "its etcd key, written into the object on every read and never stored in it, so it changes exactly "
                + "when the key is written, whoever writes it.");
    }

    private static String fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return String.join(", ", names);
    }
}
