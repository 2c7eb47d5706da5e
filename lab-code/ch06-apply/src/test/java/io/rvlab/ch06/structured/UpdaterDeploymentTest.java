package io.rvlab.ch06.structured;

import static io.rvlab.ch06.structured.Fixtures.json;
import static io.rvlab.ch06.structured.Fixtures.owned;
import static io.rvlab.ch06.structured.Fixtures.strip;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch06.fieldpath.FieldPath;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Updater on a Deployment: keyed lists, sets, atomic lists, shared ownership")
class UpdaterDeploymentTest {

    private final Updater updater = new Updater(ApplySchema.of(ResourceTypes.DEPLOYMENTS));

    private static ObjectNode deployment(String spec) {
        return json("{'apiVersion':'apps/v1','kind':'Deployment','metadata':{'name':'web'},'spec':" + spec + "}");
    }

    private static ObjectNode podSpec(String containers) {
        return deployment("{'template':{'spec':{'containers':" + containers + "}}}");
    }

    private static final String NGINX = "{'name':'nginx','image':'nginx:1.25','args':['-a','-b'],'ports':[{'containerPort':80}]}";

    @Test
    @DisplayName("an applier owns each container by name (k:), its fields, a port by containerPort+protocol, args as one leaf")
    void containerOwnership() {
        Updater.Result r = updater.apply(null, podSpec("[" + NGINX + "]"), "apps/v1", ManagedFieldSets.empty(), "alice", false);
        assertThat(owned(strip(r.managers()), "alice")).isEqualTo("{'f:spec':{'f:template':{'f:spec':{'f:containers':{"
                + "'k:{\\'name\\':\\'nginx\\'}':{'.':{},'f:args':{},'f:image':{},'f:name':{},'f:ports':{"
                + "'k:{\\'containerPort\\':80,\\'protocol\\':\\'TCP\\'}':{'.':{},'f:containerPort':{}}}}}}}}}");
    }

    @Test
    @DisplayName("containers merge by name: another applier's container joins after the live ones; both keep their own")
    void containersMergeByName() {
        Updater.Result alice = updater.apply(null, podSpec("[" + NGINX + "]"), "apps/v1", ManagedFieldSets.empty(), "alice", false);
        ManagedFieldSets managers = strip(alice.managers());
        Updater.Result bob = updater.apply(alice.object(), podSpec("[{'name':'sidecar','image':'busybox'}]"), "apps/v1",
                managers, "bob", false);
        assertThat(bob.object().at("/spec/template/spec/containers"))
                .isEqualTo(json("{'c':[" + NGINX + ",{'name':'sidecar','image':'busybox'}]}").get("c"));
        managers = strip(bob.managers());
        assertThat(owned(managers, "bob")).contains("k:{\\'name\\':\\'sidecar\\'}").doesNotContain("nginx");
        assertThat(owned(managers, "alice")).contains("nginx").doesNotContain("sidecar");

        // bob changes the image of alice's container only if forced.
        ObjectNode live = bob.object();
        ManagedFieldSets before = managers;
        ConflictsException conflict = catchThrowableOfType(() -> updater.apply(live,
                podSpec("[{'name':'nginx','image':'nginx:1.26'}]"), "apps/v1", before, "bob", false), ConflictsException.class);
        assertThat(conflict.conflicts().get("alice").paths()).extracting(FieldPath::toString)
                .containsExactly(".spec.template.spec.containers[name=\"nginx\"].image");
    }

    @Test
    @DisplayName("an item of a keyed list goes away when its sole owner stops applying it, and stays while another owns it")
    void removeKeyedItem() {
        Updater.Result alice = updater.apply(null, podSpec("[" + NGINX + "]"), "apps/v1", ManagedFieldSets.empty(), "alice", false);
        Updater.Result bob = updater.apply(alice.object(), podSpec("[{'name':'sidecar','image':'busybox'}]"), "apps/v1",
                strip(alice.managers()), "bob", false);
        // bob stops applying sidecar: it was his alone, so it is removed.
        Updater.Result gone = updater.apply(bob.object(), podSpec("[]"), "apps/v1", strip(bob.managers()), "bob", false);
        assertThat(gone.object().at("/spec/template/spec/containers")).hasSize(1);
        assertThat(gone.object().at("/spec/template/spec/containers/0/name").asText()).isEqualTo("nginx");
        assertThat(strip(gone.managers()).asMap()).containsOnlyKeys("alice");

        // alice stops applying nginx while carol (an Update) owns its image: the container is still
        // removed, as in SMD: carol owns .image, not the item itself.
        ObjectNode updated = bob.object().deepCopy();
        ((ObjectNode) updated.at("/spec/template/spec/containers/0")).put("image", "nginx:1.26");
        Updater.Result carol = updater.update(bob.object(), updated, "apps/v1", strip(bob.managers()), "carol");
        assertThat(owned(strip(carol.managers()), "carol")).contains("f:image");
        Updater.Result aliceStops = updater.apply(carol.object(), podSpec("[]"), "apps/v1", strip(carol.managers()), "alice", false);
        assertThat(aliceStops.object().at("/spec/template/spec/containers"))
                .isEqualTo(json("{'c':[{'name':'sidecar','image':'busybox'}]}").get("c"));
    }

    @Test
    @DisplayName("ports are keyed by containerPort and protocol: 80/TCP (the default) and 80/UDP are two items")
    void portsKeyedByPortAndProtocol() {
        String ports = "[{'name':'nginx','ports':[{'containerPort':80},{'containerPort':80,'protocol':'UDP'}]}]";
        Updater.Result r = updater.apply(null, podSpec(ports), "apps/v1", ManagedFieldSets.empty(), "alice", false);
        String set = owned(strip(r.managers()), "alice");
        assertThat(set).contains("k:{\\'containerPort\\':80,\\'protocol\\':\\'TCP\\'}")
                .contains("k:{\\'containerPort\\':80,\\'protocol\\':\\'UDP\\'}");
        // bob applies 80/TCP with the protocol spelled out: the same item, shared, no conflict.
        Updater.Result bob = updater.apply(r.object(),
                podSpec("[{'name':'nginx','ports':[{'containerPort':80,'protocol':'TCP'}]}]"), "apps/v1",
                strip(r.managers()), "bob", false);
        assertThat(bob.object().at("/spec/template/spec/containers/0/ports")).hasSize(2);
        assertThat(bob.object().at("/spec/template/spec/containers/0/ports/0/protocol").asText()).isEqualTo("TCP");
    }

    @Test
    @DisplayName("an atomic list (container args) is replaced whole and owned as one leaf")
    void atomicArgs() {
        Updater.Result alice = updater.apply(null, podSpec("[" + NGINX + "]"), "apps/v1", ManagedFieldSets.empty(), "alice", false);
        ObjectNode live = alice.object();
        ManagedFieldSets managers = strip(alice.managers());
        ConflictsException conflict = catchThrowableOfType(() -> updater.apply(live,
                podSpec("[{'name':'nginx','args':['-c']}]"), "apps/v1", managers, "bob", false), ConflictsException.class);
        assertThat(conflict.conflicts().get("alice").paths()).extracting(FieldPath::toString)
                .containsExactly(".spec.template.spec.containers[name=\"nginx\"].args");
        Updater.Result bob = updater.apply(live, podSpec("[{'name':'nginx','args':['-c']}]"), "apps/v1", managers, "bob", true);
        assertThat(bob.object().at("/spec/template/spec/containers/0/args")).isEqualTo(json("{'a':['-c']}").get("a"));
        assertThat(owned(strip(bob.managers()), "alice")).doesNotContain("f:args");
        assertThat(owned(strip(bob.managers()), "bob")).contains("'f:args':{}");
    }

    @Test
    @DisplayName("finalizers are a set: each applier owns its items (v:), and removing one's item keeps the other's")
    void finalizersAsSet() {
        ObjectNode a = json("{'apiVersion':'apps/v1','kind':'Deployment','metadata':{'name':'web','finalizers':['a.io/x']}}");
        ObjectNode b = json("{'apiVersion':'apps/v1','kind':'Deployment','metadata':{'name':'web','finalizers':['b.io/y']}}");
        Updater.Result alice = updater.apply(null, a, "apps/v1", ManagedFieldSets.empty(), "alice", false);
        Updater.Result bob = updater.apply(alice.object(), b, "apps/v1", strip(alice.managers()), "bob", false);
        assertThat(bob.object().at("/metadata/finalizers")).isEqualTo(json("{'f':['a.io/x','b.io/y']}").get("f"));
        assertThat(owned(strip(bob.managers()), "bob")).isEqualTo("{'f:metadata':{'f:finalizers':{'v:\\'b.io/y\\'':{}}}}");
        Updater.Result aliceStops = updater.apply(bob.object(), json("{'apiVersion':'apps/v1','kind':'Deployment','metadata':{'name':'web'}}"),
                "apps/v1", strip(bob.managers()), "alice", false);
        assertThat(aliceStops.object().at("/metadata/finalizers")).isEqualTo(json("{'f':['b.io/y']}").get("f"));
        assertThat(strip(aliceStops.managers()).asMap()).containsOnlyKeys("bob");
    }

    @Test
    @DisplayName("two appliers of the same value share it; the next change by one of them conflicts with the other")
    void sharedOwnership() {
        Updater.Result alice = updater.apply(null, deployment("{'replicas':3}"), "apps/v1", ManagedFieldSets.empty(), "alice", false);
        Updater.Result bob = updater.apply(alice.object(), deployment("{'replicas':3}"), "apps/v1", strip(alice.managers()), "bob", false);
        assertThat(bob.object()).isNull();
        ManagedFieldSets shared = strip(bob.managers());
        assertThat(owned(shared, "alice")).isEqualTo("{'f:spec':{'f:replicas':{}}}");
        assertThat(owned(shared, "bob")).isEqualTo("{'f:spec':{'f:replicas':{}}}");

        ObjectNode live = alice.object();
        ConflictsException conflict = catchThrowableOfType(() -> updater.apply(live, deployment("{'replicas':5}"),
                "apps/v1", shared, "bob", false), ConflictsException.class);
        assertThat(conflict.conflicts()).containsOnlyKeys("alice");
        Updater.Result forced = updater.apply(live, deployment("{'replicas':5}"), "apps/v1", shared, "bob", true);
        assertThat(forced.object().at("/spec/replicas").asInt()).isEqualTo(5);
        assertThat(strip(forced.managers()).asMap()).containsOnlyKeys("bob");
    }

    @Test
    @DisplayName("a shared field stays when one of its owners stops applying it")
    void sharedFieldSurvivesOneOwner() {
        Updater.Result alice = updater.apply(null, deployment("{'replicas':3,'paused':true}"), "apps/v1", ManagedFieldSets.empty(), "alice", false);
        Updater.Result bob = updater.apply(alice.object(), deployment("{'replicas':3}"), "apps/v1", strip(alice.managers()), "bob", false);
        Updater.Result aliceStops = updater.apply(alice.object(), deployment("{'paused':true}"), "apps/v1", strip(bob.managers()), "alice", false);
        assertThat(aliceStops.object()).isNull(); // replicas kept: bob still owns it
        assertThat(owned(strip(aliceStops.managers()), "alice")).isEqualTo("{'f:spec':{'f:paused':{}}}");
        assertThat(owned(strip(aliceStops.managers()), "bob")).isEqualTo("{'f:spec':{'f:replicas':{}}}");
    }
}
