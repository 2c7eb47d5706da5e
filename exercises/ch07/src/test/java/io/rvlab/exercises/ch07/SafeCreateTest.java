package io.rvlab.exercises.ch07;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch03.client.AlreadyExistsException;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch06.server.ApplyApiServer;
import io.rvlab.ch07.controlplane.ControlPlane;
import io.rvlab.support.etcd.EtcdCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Grading tests for exercise 7.4, the capstone (a create that survives a leader change and a lost replica):
 * a running control plane, three etcd members and two replicas of chapter 6's API server behind one
 * balancer; your create is the client, and lists through the balancer judge what it left behind.
 */
@Timeout(300)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("7.4 Capstone: a create that survives a leader change and a lost replica")
class SafeCreateTest {

    /** Names of this run only: an external cluster keeps the last run's. */
    private static final String RUN = UUID.randomUUID().toString().substring(0, 6);
    private static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
    private static final Duration DEADLINE = Duration.ofSeconds(90);

    private static EtcdCluster etcd;
    private static ControlPlane plane;
    private static ApiClient api;

    @BeforeAll
    static void start() {
        etcd = EtcdCluster.start(3);
        plane = ControlPlane.over(etcd, 2, (client, bind, port) -> ApplyApiServer.start(client, bind, port,
                WatchCache.Options.DEFAULT));
        api = new ApiClient(plane.url());
    }

    @AfterAll
    static void stop() {
        if (plane != null) {
            plane.close();
        }
        if (etcd != null) {
            etcd.close();
        }
    }

    @Test
    @Order(1)
    @DisplayName("a free name: 201 Created, and the object returned is the one stored")
    void freeName() throws Exception {
        ObjectNode mine = configMap(RUN + "-free", "mine");
        ObjectNode created = SafeCreate.create(api, CONFIGMAPS, mine, DEADLINE);
        assertThat(created).as("what create returned for a free name").isNotNull();
        ObjectNode stored = api.get(CONFIGMAPS + "/" + RUN + "-free");
        assertThat(createId(stored)).as("the create-id of the stored object").isEqualTo(createId(mine));
        assertThat(created.path("metadata").path("uid").asText()).as("the uid create returned, against the stored one")
                .isEqualTo(stored.path("metadata").path("uid").asText());
    }

    @Test
    @Order(2)
    @DisplayName("another client's object holds the name: 409 AlreadyExists, and theirs left as it was")
    void anotherClientsObject() {
        ObjectNode theirs = api.create(CONFIGMAPS, configMap(RUN + "-taken", "theirs"));
        assertThatThrownBy(() -> SafeCreate.create(api, CONFIGMAPS, configMap(RUN + "-taken", "mine"), DEADLINE))
                .as("create of a name another client's object holds")
                .isInstanceOf(AlreadyExistsException.class);
        ObjectNode stored = api.get(CONFIGMAPS + "/" + RUN + "-taken");
        assertThat(createId(stored)).as("the create-id of the object holding the name").isEqualTo(createId(theirs));
        assertThat(stored.path("metadata").path("resourceVersion").asText()).as("its resourceVersion: untouched")
                .isEqualTo(theirs.path("metadata").path("resourceVersion").asText());
    }

    @Test
    @Order(3)
    @DisplayName("its own object already holds the name (an earlier attempt was stored, its answer lost): that object, not 409")
    void ownObjectFromALostAnswer() throws Exception {
        ObjectNode mine = configMap(RUN + "-lost-answer", "mine");
        ObjectNode first = api.create(CONFIGMAPS, mine); // the first attempt, whose 201 never reached the client
        ObjectNode returned;
        try {
            returned = SafeCreate.create(api, CONFIGMAPS, mine, DEADLINE);
        } catch (AlreadyExistsException wrong) {
            throw new AssertionError("the retry of a create whose first attempt was stored (its answer lost) said 409"
                    + " AlreadyExists; the object holding the name carries this create's own " + SafeCreate.CREATE_ID
                    + ", so the create succeeded", wrong);
        }
        assertThat(returned.path("metadata").path("uid").asText())
                .as("the uid of the object create returned: the one the first attempt stored")
                .isEqualTo(first.path("metadata").path("uid").asText());
        assertThat(api.get(CONFIGMAPS + "/" + RUN + "-lost-answer").path("metadata").path("resourceVersion").asText())
                .as("the stored object's resourceVersion: not written again")
                .isEqualTo(first.path("metadata").path("resourceVersion").asText());
    }

    @Test
    @Order(4)
    @DisplayName("etcd's leader killed and a replica stopped during a stream of creates: every create answers, none lost, none written twice, none over another's object")
    void leaderKilledAndReplicaStopped() throws Exception {
        assumeTrue(etcd.canInjectFaults(), "an external etcd cluster cannot be killed by the course");
                int count = 24;
        Map<String, ObjectNode> theirs = new HashMap<>();
        for (int i = 2; i < count; i += 3) {
            theirs.put(name(RUN, i), api.create(CONFIGMAPS, configMap(name(RUN, i), "theirs")));
        }
        List<ObjectNode> mine = new ArrayList<>();
        List<Object> outcomes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i == count / 3) {
                etcd.killMember(etcd.leader()); // requests in flight lose their answers
            }
            if (i == 2 * count / 3) {
                plane.replica(2).close(); // its open connections drop; new ones go to replica-1
            }
            ObjectNode object = configMap(name(RUN, i), "mine");
            mine.add(object);
            try {
                outcomes.add(SafeCreate.create(api, CONFIGMAPS, object, DEADLINE));
            } catch (AlreadyExistsException taken) {
                outcomes.add(taken);
            }
        }
        Map<String, JsonNode> listed = new HashMap<>();
        for (JsonNode item : api.get(CONFIGMAPS).path("items")) {
            listed.put(item.path("metadata").path("name").asText(), item);
        }
        for (int i = 0; i < count; i++) {
            String name = name(RUN, i);
            String what = "create #" + i + " of " + name + " (etcd's leader killed before #" + count / 3
                    + ", replica-2 stopped before #" + 2 * count / 3 + ")";
            JsonNode stored = listed.get(name);
            assertThat(stored).as("%s: no such ConfigMap in a list through the balancer", what).isNotNull();
            ObjectNode other = theirs.get(name);
            if (other != null) {
                assertThat(outcomes.get(i)).as("%s, a name another client's object held", what)
                        .isInstanceOf(AlreadyExistsException.class);
                assertThat(stored.path("metadata").path("resourceVersion").asText())
                        .as("%s: the other client's object, untouched", what)
                        .isEqualTo(other.path("metadata").path("resourceVersion").asText());
            } else {
                assertThat(outcomes.get(i)).as("%s of a free name: it must return the stored object (409 here tells the"
                        + " client its own create failed)", what).isInstanceOf(ObjectNode.class);
                ObjectNode returned = (ObjectNode) outcomes.get(i);
                assertThat(createId(stored)).as("%s: the stored object's create-id", what).isEqualTo(createId(mine.get(i)));
                assertThat(returned.path("metadata").path("uid").asText()).as("%s: the uid create returned", what)
                        .isEqualTo(stored.path("metadata").path("uid").asText());
                assertThat(returned.path("metadata").path("resourceVersion").asText())
                        .as("%s: the resourceVersion create returned (another means the object was written again)", what)
                        .isEqualTo(stored.path("metadata").path("resourceVersion").asText());
            }
        }
    }

    private static String name(String run, int i) {
        return "stream-" + run + "-" + i;
    }

    private static ObjectNode configMap(String name, String who) {
        ObjectNode object = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        ObjectNode metadata = object.putObject("metadata").put("name", name);
        metadata.putObject("annotations").put(SafeCreate.CREATE_ID, who + "-" + UUID.randomUUID());
        object.putObject("data").put("writer", who);
        return object;
    }

    private static String createId(JsonNode object) {
        return object.path("metadata").path("annotations").path(SafeCreate.CREATE_ID).asText();
    }
}
