package io.rvlab.ch06.labs;

import com.fasterxml.jackson.databind.JsonNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.labs.LabEtcd;
import io.rvlab.ch02.labs.LabObjects;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.client.ApplyClient;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.support.lab.CurlLine;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * What chapter 6's labs share: the chapter's {@link ApplyApiServer} over the lab's etcd (on a jetcd
 * client of its own), an {@link ApplyClient} whose every request is printed as a curl line against
 * {@code $APISERVER} (an apply's YAML as a here-document) and every answer in one line plus the
 * object's managedFields as a table, and the clean-up of what an earlier run left.
 */
final class LabCluster implements AutoCloseable {

    private final Narrator out;
    private final Client etcd;
    private final Client serverClient;
    private final ApplyApiServer server;
    private final ApplyClient quiet;
    private final ApplyClient api;
    private int lastCode;
    private Predicate<String> focus = field -> true;

    LabCluster(LabContext lab) {
        this.out = lab.out();
        this.etcd = lab.client();
        this.serverClient = Client.builder().endpoints(lab.etcd().endpoints().split(",")).build();
        try {
            this.server = ApplyApiServer.start(serverClient, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
        } catch (RuntimeException e) {
            serverClient.close();
            throw e;
        }
        this.quiet = new ApplyClient(server.url()).withListener(new ApplyClient.Listener() {
            @Override
            public void sent(String method, String path, String contentType, String body) {
            }

            @Override
            public void received(String method, String path, int code, JsonNode body) {
                lastCode = code;
            }
        });
        this.api = printing(UnaryOperator.identity());
    }

    /**
     * A client that prints each request (its body through {@code bodies}, for bodies too long or too
     * variable to print, such as a whole object read back) and each answer.
     */
    ApplyClient printing(UnaryOperator<String> bodies) {
        return new ApplyClient(server.url()).withListener(new ApplyClient.Listener() {
            @Override
            public void sent(String method, String path, String contentType, String body) {
                printRequest(out, method, path, contentType, body == null ? null : bodies.apply(body));
            }

            @Override
            public void received(String method, String path, int code, JsonNode body) {
                lastCode = code;
                printAnswer(out, code, body, focus);
            }
        });
    }

    /**
     * From now on, the managedFields tables list only the fields {@code focus} accepts (and count the
     * others): for objects whose entries own many defaulted fields the lab is not about.
     */
    void focus(Predicate<String> focus) {
        this.focus = focus;
    }

    /** The client that prints each request and answer. */
    ApplyClient api() {
        return api;
    }

    /** The same server, printing nothing: for loops the lab sums up. */
    ApplyClient quietApi() {
        return quiet;
    }

    /** The HTTP code of the last answer either client got (201 tells an apply that created). */
    int lastCode() {
        return lastCode;
    }

    /**
     * Removes what an earlier run left (the namespaces' ConfigMaps and Deployments, then the
     * namespaces), straight in etcd; on a fresh etcd nothing is there and nothing is written.
     */
    void startClean(String... namespaces) {
        LabEtcd.startClean(out, etcd, List.of("configmaps", "deployments"), namespaces);
    }

    /** Creates the namespaces, quietly (a line says so). */
    void createNamespaces(String... names) {
        for (String name : names) {
            quiet.create("/api/v1/namespaces", LabObjects.namespace(name), null);
            out.say("$ kubectl create namespace " + name);
        }
    }

    @Override
    public void close() {
        try {
            server.close();
        } finally {
            serverClient.close();
        }
    }

    // --- printing ---------------------------------------------------------------------------------

    static void printRequest(Narrator out, String method, String path, String contentType, String body) {
        if (body != null && ApplyClient.APPLY_PATCH.equals(contentType) && body.contains("\n")) {
            // an apply body is YAML: shown as a here-document, the way one would paste it
            out.say(CurlLine.of(method, path, contentType, null) + " --data-binary @- <<'EOF'");
            body.stripTrailing().lines().forEach(l -> out.say("  " + l));
            out.say("  EOF");
            return;
        }
        out.say(CurlLine.of(method, path, contentType, body));
    }

    /** An answer: one line (code, kind, name, resourceVersion and what the object holds), then its managedFields. */
    static void printAnswer(Narrator out, int code, JsonNode body, Predicate<String> focus) {
        String kind = body.path("kind").asText();
        if ("Status".equals(kind)) {
            String[] message = body.path("message").asText().split("\n");
            out.show("%d %s: %s", code, body.path("reason").asText(), message[0]);
            for (int i = 1; i < message.length; i++) {
                out.show("    %s", message[i]);
            }
            for (JsonNode cause : body.path("details").path("causes")) {
                out.show("  cause %s  field %s  (%s)", cause.path("reason").asText(), cause.path("field").asText(),
                        cause.path("message").asText());
            }
            return;
        }
        out.show("%d %s", code, describe(body));
        ManagedFieldsTable.print(out, body, focus);
    }

    /** kind, name, resourceVersion and the fields the labs play with (data, replicas, containers). */
    static String describe(JsonNode object) {
        JsonNode metadata = object.path("metadata");
        StringBuilder line = new StringBuilder().append(object.path("kind").asText()).append(' ')
                .append(metadata.path("name").asText()).append("  resourceVersion \"")
                .append(metadata.path("resourceVersion").asText()).append('"');
        if (object.has("data")) {
            line.append("  data ").append(data(object));
        }
        JsonNode spec = object.path("spec");
        if (spec.has("replicas")) {
            line.append("  replicas ").append(spec.path("replicas").asText());
        }
        JsonNode containers = spec.path("template").path("spec").path("containers");
        if (containers.isArray()) {
            line.append("  containers [");
            String sep = "";
            for (JsonNode c : containers) {
                line.append(sep).append(c.path("name").asText()).append(' ').append(c.path("image").asText());
                sep = ", ";
            }
            line.append(']');
        }
        return line.toString();
    }

    /** {k=v, ...} with keys sorted (as Go prints a map). */
    static String data(JsonNode object) {
        Map<String, String> sorted = new TreeMap<>();
        object.path("data").fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue().asText()));
        return sorted.toString();
    }

    static String rv(JsonNode object) {
        return object.path("metadata").path("resourceVersion").asText();
    }
}
