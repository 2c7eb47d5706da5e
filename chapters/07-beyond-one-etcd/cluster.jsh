// Chapter 7 in jshell: a three-member etcd cluster and two API server replicas, poked at by hand.
//
// Started by "./course jshell 7", which puts lab-code/ch07-cluster and its dependencies on the class path.
// The script starts three etcd members (or uses the cluster RVLAB_ETCD_ENDPOINTS names), two replicas of
// chapter 6's API server over them (each with its own etcd client and watch caches) and the balancer in
// front, and defines helpers: status() prints each member's view (leader, raft term, revision), get(...)
// reads one object through a chosen replica at a chosen resourceVersion, create(...) writes through the
// balancer, serializable(...)/linearizable(...) read a key from one member, and kill/start/partition/heal
// act on a member.
//
// With -R-Drvlab.jshell.check=true ("./course test" sets it) the script checks its own claims and exits
// with 0 or 1 instead of staying open.

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.options.GetOption;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.controlplane.ControlPlane;
import io.rvlab.support.etcd.EtcdCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

var cluster = EtcdCluster.start(3);
var plane = ControlPlane.over(cluster, 2, (etcd, bind, port) -> ApplyApiServer.start(etcd, bind, port, WatchCache.Options.DEFAULT));
Runtime.getRuntime().addShutdownHook(new Thread(() -> { plane.close(); cluster.close(); }, "rvlab-jshell-stop"));
var json = new ObjectMapper();
var http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

/** One request to {@code server} (the balancer, or plane.replica(n).url()); prints the curl line and the answer's code. */
JsonNode call(URI server, String method, String path, String body) throws Exception {
    System.out.println("$ curl -s -X " + method + " $SERVER" + path + (body == null ? "" : " -d '" + body + "'"));
    var request = HttpRequest.newBuilder(server.resolve(path)).timeout(Duration.ofSeconds(40))
            .header("Content-Type", "application/json")
            .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body)).build();
    var response = http.send(request, HttpResponse.BodyHandlers.ofString());
    JsonNode answer = json.readTree(response.body());
    System.out.println("  " + response.statusCode() + (answer.has("message") ? " " + answer.path("message").asText() : ""));
    return answer;
}

String rv(JsonNode object) { return object.path("metadata").path("resourceVersion").asText(); }

JsonNode create(String name, String value) throws Exception {
    return call(plane.url(), "POST", "/api/v1/namespaces/default/configmaps",
            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\"},\"data\":{\"v\":\"" + value + "\"}}");
}

/** GET a ConfigMap through replica {@code replica} (1 or 2) at {@code resourceVersion} ("" for the most recent). */
JsonNode get(int replica, String name, String resourceVersion) throws Exception {
    return call(plane.replica(replica).url(), "GET", "/api/v1/namespaces/default/configmaps/" + name
            + (resourceVersion.isEmpty() ? "" : "?resourceVersion=" + resourceVersion), null);
}

/** Each member's own status: who it thinks leads, its raft term, its revision. */
void status() throws Exception {
    for (int i = 0; i < cluster.size(); i++) {
        try (Client one = cluster.clientOf(i)) {
            var s = one.getMaintenanceClient().statusMember(cluster.endpoint(i)).get(5, TimeUnit.SECONDS);
            System.out.printf("etcd-%d  revision %d  raft term %d  raft index %d  %s%n", i, s.getHeader().getRevision(),
                    s.getRaftTerm(), s.getRaftIndex(), s.getLeader() == s.getHeader().getMemberId() ? "LEADER" : "follower");
        } catch (Exception e) {
            System.out.printf("etcd-%d  no answer (%s)%n", i, e.getClass().getSimpleName());
        }
    }
}

ByteSequence bytes(String text) { return ByteSequence.from(text, StandardCharsets.UTF_8); }

/** The mod revision of {@code key} as member {@code member} alone knows it: a serializable read, no quorum asked. */
long serializable(int member, String key) throws Exception {
    try (Client one = cluster.clientOf(member)) {
        var kvs = one.getKVClient().get(bytes(key), GetOption.builder().withSerializable(true).build()).get(5, TimeUnit.SECONDS).getKvs();
        return kvs.isEmpty() ? 0 : kvs.get(0).getModRevision();
    }
}

/** The same read, linearizable: the member must confirm with a quorum that it is up to date; 5 s at most here. */
long linearizable(int member, String key) throws Exception {
    try (Client one = cluster.clientOf(member)) {
        var kvs = one.getKVClient().get(bytes(key)).get(5, TimeUnit.SECONDS).getKvs();
        return kvs.isEmpty() ? 0 : kvs.get(0).getModRevision();
    }
}

void kill(int member) { cluster.killMember(member); }
void start(int member) { cluster.startMember(member); }
void partition(int member) { cluster.partition(member); }
void heal(int member) { cluster.heal(member); }

// ---- The self-check (only when rvlab.jshell.check is true) -------------------------------------

boolean checked(boolean holds, String claim) {
    System.out.println((holds ? "  \u2714 " : "  FAILED: ") + claim);
    return holds;
}

int selfCheck() {
    try {
        boolean ok = true;
        JsonNode created = create("jshell-a", "1");
        String at = rv(created);
        ok &= checked(rv(get(1, "jshell-a", "")).equals(at) && rv(get(2, "jshell-a", "")).equals(at),
                "both replicas read jshell-a at resourceVersion " + at + ": one etcd, one revision sequence");
        String key = "/registry/configmaps/default/jshell-a";
        boolean same = true;
        for (int i = 0; i < cluster.size(); i++) {
            same &= serializable(i, key) == Long.parseLong(at);
        }
        ok &= checked(same, "every member's own copy of the key has mod_revision " + at + " (the resourceVersion)");
        if (cluster.canInjectFaults()) {
            int leader = cluster.leader();
            int follower = (leader + 1) % cluster.size();
            partition(follower);
            // Written through the leader's own client: a client that knows every member might pick the cut one.
            long written;
            try (Client toLeader = cluster.clientOf(leader)) {
                written = toLeader.getKVClient().put(bytes("/jshell/after-the-cut"), bytes("x")).get(10, TimeUnit.SECONDS)
                        .getHeader().getRevision();
            }
            ok &= checked(serializable(follower, "/jshell/after-the-cut") == 0 && written > Long.parseLong(at),
                    "a follower cut off from its peers still answers a serializable read, from before the cut (no key yet)");
            boolean failed = false;
            try {
                linearizable(follower, "/jshell/after-the-cut");
            } catch (Exception e) {
                failed = true;
            }
            ok &= checked(failed, "a linearizable read there does not complete (no quorum to confirm it is current)");
            heal(follower);
        }
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

        Chapter 7 is loaded: %d etcd members (%s), and two API server replicas behind %s
        (replica-1 at %s, replica-2 at %s).
        Try:
          status();                                  // who leads, each member's raft term and revision
          var a = create("a", "1"); rv(a)             // through the balancer
          get(1, "a", ""); get(2, "a", "");           // the same resourceVersion on both replicas
          int old = cluster.leader(); kill(old); status();   // an election: a new leader, a higher raft term
          create("b", "1"); start(old); status();     // writes go on without it; back, it catches up
          partition(1); serializable(1, "/registry/configmaps/default/a"); linearizable(1, "/registry/configmaps/default/a"); heal(1);
        Defined: cluster (an EtcdCluster), plane (a ControlPlane), create, get, call, rv, status, serializable,
        linearizable, kill, start, partition, heal. /exit leaves (and stops the replicas and etcd).
        """.formatted(cluster.size(), cluster.endpoints(), plane.url(), plane.replica(1).url(), plane.replica(2).url()));
}
