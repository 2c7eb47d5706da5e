package io.rvlab.ch06.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Client-side apply's three-way strategic merge patch")
class ClientSideApplyTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final ClientSideApply deployments = new ClientSideApply(ResourceTypes.DEPLOYMENTS);
    private final ClientSideApply configMaps = new ClientSideApply(ResourceTypes.CONFIGMAPS);

    private static ObjectNode json(String text) throws Exception {
        return (ObjectNode) MAPPER.readTree(text.replace('\'', '"'));
    }

    @Test
    @DisplayName("the annotation holds the config's own JSON without itself, ending with a newline, as kubectl writes it")
    void annotationHoldsTheConfig() throws Exception {
        ObjectNode config = json("{'apiVersion':'v1','kind':'ConfigMap','metadata':{'name':'a'},'data':{'k':'v'}}");
        ObjectNode modified = ClientSideApply.withLastApplied(config);
        String text = modified.path("metadata").path("annotations").path(ClientSideApply.LAST_APPLIED).asText();
        assertThat(text).isEqualTo("{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"a\"},"
                + "\"data\":{\"k\":\"v\"}}\n");
        assertThat(ClientSideApply.lastApplied(modified)).isEqualTo(config);
        assertThat(ClientSideApply.withLastApplied(modified)).isEqualTo(modified);
        assertThat(config.path("metadata").has("annotations")).as("the config itself is not changed").isFalse();
    }

    @Test
    @DisplayName("a value another writer changed is set back when the config still names it: no conflict, no warning")
    void overwritesAnotherWritersValue() throws Exception {
        ObjectNode original = json("{'spec':{'replicas':3}}");
        ObjectNode modified = json("{'spec':{'replicas':3}}");
        ObjectNode current = json("{'spec':{'replicas':5,'paused':false}}");
        assertThat(deployments.threeWayPatch(original, modified, current)).isEqualTo(json("{'spec':{'replicas':3}}"));
    }

    @Test
    @DisplayName("a field the config stops naming is deleted, whoever set its current value")
    void deletesWhatTheConfigDropped() throws Exception {
        ObjectNode original = json("{'data':{'a':'1','b':'2'}}");
        ObjectNode modified = json("{'data':{'a':'1'}}");
        ObjectNode current = json("{'data':{'a':'1','b':'changed by someone else','c':'3'}}");
        assertThat(configMaps.threeWayPatch(original, modified, current)).isEqualTo(json("{'data':{'b':null}}"));
    }

    @Test
    @DisplayName("a field the config never named is left alone: the annotation does not mention it")
    void leavesOthersFieldsAlone() throws Exception {
        ObjectNode config = json("{'data':{'a':'1'}}");
        ObjectNode current = json("{'data':{'a':'1','c':'3'}}");
        assertThat(configMaps.threeWayPatch(config, config, current)).isEmpty();
    }

    @Test
    @DisplayName("no annotation (never applied client-side): nothing is deleted, only what differs is set")
    void noOriginal() throws Exception {
        ObjectNode modified = json("{'data':{'a':'2'}}");
        ObjectNode current = json("{'data':{'a':'1','c':'3'}}");
        assertThat(configMaps.threeWayPatch(null, modified, current)).isEqualTo(json("{'data':{'a':'2'}}"));
    }

    @Test
    @DisplayName("containers merge by name: a dropped container becomes a $patch: delete item, a changed one carries its key")
    void keyedList() throws Exception {
        ObjectNode original = json("{'spec':{'template':{'spec':{'containers':[{'name':'web','image':'nginx:1'},"
                + "{'name':'sidecar','image':'envoy:1'}]}}}}");
        ObjectNode modified = json("{'spec':{'template':{'spec':{'containers':[{'name':'web','image':'nginx:2'}]}}}}");
        ObjectNode current = json("{'spec':{'template':{'spec':{'containers':[{'name':'web','image':'nginx:1',"
                + "'imagePullPolicy':'IfNotPresent'},{'name':'sidecar','image':'envoy:1'}]}}}}");
        assertThat(deployments.threeWayPatch(original, modified, current)).isEqualTo(json(
                "{'spec':{'template':{'spec':{'containers':[{'$patch':'delete','name':'sidecar'},{'name':'web','image':'nginx:2'}]}}}}"));
    }

    @Test
    @DisplayName("a set of scalars (finalizers) loses a dropped item through $deleteFromPrimitiveList")
    void primitiveSet() throws Exception {
        ObjectNode original = json("{'metadata':{'finalizers':['a','b']}}");
        ObjectNode modified = json("{'metadata':{'finalizers':['a','c']}}");
        ObjectNode current = json("{'metadata':{'finalizers':['a','b','x']}}");
        assertThat(configMaps.threeWayPatch(original, modified, current)).isEqualTo(json(
                "{'metadata':{'$deleteFromPrimitiveList/finalizers':['b'],'finalizers':['c']}}"));
    }
}
