// Chapter 6 in jshell: server-side apply and managedFields, request by request, against this chapter's API server.
//
// Started by "./course jshell 6", which puts lab-code/ch06-apply and its dependencies on the class path.
// The script starts etcd and this chapter's API server (chapter 5's plus apply patches and managedFields)
// on a free port, and defines helpers: apply(...) sends an apply patch (YAML) as a field manager, patch(...)
// a merge patch (an Update), get(...) reads; each prints the curl command it stands for, and owners(...)
// prints an object's managedFields as manager, operation and the fields each one owns.
//
// With -R-Drvlab.jshell.check=true ("./course test" sets it) the script checks its own claims against the
// server and exits with 0 or 1 instead of staying open.

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.client.ApplyClient;
import io.rvlab.ch06.client.ClientSideApply;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldsV1;
import io.rvlab.ch06.server.ApplyApiServer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

var etcdHandle = io.rvlab.support.etcd.Etcd.start();
var client = etcdHandle.client();
var server = ApplyApiServer.start(client, "127.0.0.1", 0, WatchCache.Options.DEFAULT);
Runtime.getRuntime().addShutdownHook(new Thread(() -> { server.close(); etcdHandle.close(); }, "rvlab-jshell-stop"));
String rv(JsonNode object) {
    return object.path("metadata").path("resourceVersion").asText();
}

int[] lastCode = {0};
var api = new ApplyClient(server.url()).withListener(new ApplyClient.Listener() {
    public void sent(String method, String path, String contentType, String body) {
        System.out.println("  $ curl -s" + (method.equals("GET") ? "" : " -X " + method)
                + (contentType == null ? "" : " -H 'Content-Type: " + contentType + "'") + " \"" + server.url() + path + "\""
                + (body == null ? "" : contentType.startsWith("application/apply") ? " --data-binary @- <<'EOF'\n" + body.stripTrailing() + "\nEOF"
                        : " -d '" + body + "'"));
    }
    public void received(String method, String path, int code, JsonNode body) {
        lastCode[0] = code;
        System.out.println("    " + code + ("Status".equals(body.path("kind").asText()) ? " " + body.path("message").asText()
                : " resourceVersion " + rv(body)));
    }
});

String configMaps(String namespace) {
    return "/api/v1/namespaces/" + namespace + "/configmaps";
}

/** Creates a namespace (an Update entry by the User-Agent's manager, like any POST). */
void namespace(String name) {
    ObjectNode ns = new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode().put("apiVersion", "v1").put("kind", "Namespace");
    ns.putObject("metadata").put("name", name);
    api.create("/api/v1/namespaces", ns, null);
}

/** A ConfigMap config (the YAML an apply sends) with data from key, value pairs. */
String config(String name, String... data) {
    StringBuilder yaml = new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n"
            + (data.length == 0 ? "" : "data:\n"));
    for (int i = 0; i < data.length; i += 2) {
        yaml.append("  ").append(data[i]).append(": \"").append(data[i + 1]).append("\"\n");
    }
    return yaml.toString();
}

/** Server-side apply of {@code yaml} by {@code manager}; the object the server answered. */
ObjectNode apply(String namespace, String yaml, String manager, boolean force) {
    String name = yaml.replaceAll("(?s).*\\n  name: ([^\\n]+)\\n.*", "$1");
    return api.apply(configMaps(namespace), name, yaml, manager, force);
}

/** A merge patch (an Update) by {@code manager}. */
ObjectNode patch(String namespace, String name, String json, String manager) {
    return api.mergePatch(configMaps(namespace), name, json, manager);
}

ObjectNode get(String namespace, String name) {
    return api.get(configMaps(namespace), name);
}

/** field path -> "manager (operation)" for each owner: the object's managedFields, decoded from FieldsV1. */
Map<String, List<String>> owners(JsonNode object) {
    Map<String, List<String>> owners = new TreeMap<>();
    for (JsonNode entry : object.path("metadata").path("managedFields")) {
        for (FieldPath path : FieldsV1.decode(entry.path("fieldsV1")).leaves().paths()) {
            owners.computeIfAbsent(path.toString(), p -> new ArrayList<>())
                    .add(entry.path("manager").asText() + " (" + entry.path("operation").asText() + ")");
        }
    }
    owners.values().forEach(list -> list.sort(null));
    return owners;
}

/** Prints who owns which field. */
void showOwners(JsonNode object) {
    owners(object).forEach((field, who) -> System.out.println("    " + field + "  <-  " + String.join(", ", who)));
}

// ---- The self-check (only when rvlab.jshell.check is true) -------------------------------------

boolean checked(boolean holds, String claim) {
    System.out.println((holds ? "  \u2714 " : "  FAILED: ") + claim);
    return holds;
}

int selfCheck() {
    try {
        boolean ok = true;
        namespace("jshell");

        ObjectNode created = apply("jshell", config("cm", "color", "red", "owner", "alice"), "alice", false);
        ok &= checked(lastCode[0] == 201 && owners(created).equals(Map.of(".data.color", List.of("alice (Apply)"),
                        ".data.owner", List.of("alice (Apply)"))),
                "an apply creates the object (201) and alice's Apply entry owns the two fields she applied");

        StatusException conflict = null;
        try {
            apply("jshell", config("cm", "color", "blue"), "bob", false);
        } catch (StatusException e) {
            conflict = e;
        }
        ok &= checked(conflict != null && conflict.status().code() == 409
                        && conflict.status().details().causes().size() == 1
                        && ".data.color".equals(conflict.status().details().causes().get(0).field())
                        && "FieldManagerConflict".equals(conflict.status().details().causes().get(0).reason()),
                "bob applying another color: 409 Conflict, one cause FieldManagerConflict for field .data.color");

        ObjectNode forced = apply("jshell", config("cm", "color", "blue"), "bob", true);
        ok &= checked(owners(forced).get(".data.color").equals(List.of("bob (Apply)"))
                        && owners(forced).get(".data.owner").equals(List.of("alice (Apply)")),
                "with force=true bob owns .data.color; alice keeps .data.owner");

        ObjectNode again = apply("jshell", config("cm", "color", "blue"), "bob", false);
        ok &= checked(rv(again).equals(rv(forced)), "the same apply again is a no-op: resourceVersion stays " + rv(forced));

        ObjectNode removed = apply("jshell", config("cm"), "alice", false);
        ok &= checked(!removed.path("data").has("owner") && removed.path("data").has("color")
                        && !owners(removed).containsKey(".data.owner"),
                "alice applying without owner removes it (she was its only owner); bob's color stays");

        ObjectNode patched = patch("jshell", "cm", "{\"data\":{\"color\":\"green\"}}", "carol");
        ok &= checked(owners(patched).get(".data.color").equals(List.of("carol (Update)")),
                "a merge patch by carol records an Update entry that took .data.color from bob, without a conflict");

        System.out.println(ok ? "jshell self-check passed" : "jshell self-check FAILED");
        return ok ? 0 : 1;
    } catch (Exception e) {
        System.out.println("jshell self-check FAILED: " + e);
        return 1;
    }
}

// In a check run (./course test) the launcher loads one more file after this one, which ends jshell with
// "/exit checkExitCode": jshell itself exits 0 even when a snippet throws, hence the explicit code.
int checkExitCode = Boolean.getBoolean("rvlab.jshell.check") ? selfCheck() : 0;

if (!Boolean.getBoolean("rvlab.jshell.check")) {
    System.out.println("""

        Chapter 6 is loaded: etcd at %s and the API server (with server-side apply) at %s.
        Try:
          namespace("demo");
          var cm = apply("demo", config("cm", "color", "red", "owner", "alice"), "alice", false); showOwners(cm);
          apply("demo", config("cm", "color", "blue"), "bob", false);       // 409: conflict with "alice"
          showOwners(apply("demo", config("cm", "color", "blue"), "bob", true));   // force: bob owns .data.color
          showOwners(patch("demo", "cm", "{\\"data\\":{\\"size\\":\\"L\\"}}", "carol"));   // an Update entry
          showOwners(apply("demo", config("cm"), "alice", false));          // alice drops owner: removed
          new ClientSideApply(io.rvlab.ch02.registry.ResourceTypes.CONFIGMAPS)   // kubectl's client-side apply
        Defined: server (an ApplyApiServer), api (an ApplyClient), client (a jetcd Client), namespace, config,
        apply, patch, get, owners, showOwners. /exit leaves (and stops both).
        """.formatted(etcdHandle.endpoints(), server.url()));
}
