package io.rvlab.ch06.structured;

import static io.rvlab.ch06.structured.Fixtures.fieldsV1;
import static io.rvlab.ch06.structured.Fixtures.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch06.fieldpath.FieldPath;
import io.rvlab.ch06.fieldpath.FieldSet;
import io.rvlab.ch06.fieldpath.FieldsV1;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The typed walks: ApplySchema, ToFieldSet, Comparison, Merge, RemoveItems")
class TypedWalksTest {

    private static final ApplySchema CONFIGMAP = ApplySchema.of(ResourceTypes.CONFIGMAPS);
    private static final ApplySchema DEPLOYMENT = ApplySchema.of(ResourceTypes.DEPLOYMENTS);

    @Test
    @DisplayName("ApplySchema reads strategic-merge keys as list-map keys, merged primitives as sets, other lists as atomic")
    void listTypes() {
        ApplySchema podSpec = DEPLOYMENT.field("spec").field("template").field("spec");
        ApplySchema containers = podSpec.field("containers");
        assertThat(containers.listType()).isEqualTo(ListType.MAP);
        assertThat(containers.keys()).containsExactly("name");
        assertThat(containers.elements().field("ports").keys()).containsExactly("containerPort", "protocol");
        assertThat(containers.elements().field("args").listType()).isEqualTo(ListType.ATOMIC);
        assertThat(DEPLOYMENT.field("metadata").field("finalizers").listType()).isEqualTo(ListType.SET);
        assertThat(podSpec.field("affinity").kind()).isEqualTo(ApplySchema.Kind.DEDUCED);
        assertThat(ApplySchema.deduced().field("anything").elements().listType()).isEqualTo(ListType.ATOMIC);
    }

    @Test
    @DisplayName("an associative item without its key field (and no default) cannot be named")
    void missingKey() {
        ObjectNode config = json("{'spec':{'template':{'spec':{'containers':[{'image':'x'}]}}}}");
        assertThatThrownBy(() -> ToFieldSet.of(config, DEPLOYMENT)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("omits key field \"name\"");
    }

    @Test
    @DisplayName("ToFieldSet: leaves and items, never the maps around them; an empty map sets nothing")
    void toFieldSet() {
        assertThat(fieldsV1(ToFieldSet.of(json("{'data':{'color':'red'},'binaryData':{}}"), CONFIGMAP)))
                .isEqualTo("{'f:data':{'f:color':{}}}");
        assertThat(fieldsV1(ToFieldSet.of(json("{'metadata':{'finalizers':['a','b'],'labels':{'x':'1'}}}"), CONFIGMAP)))
                .isEqualTo("{'f:metadata':{'f:finalizers':{'v:\\'a\\'':{},'v:\\'b\\'':{}},'f:labels':{'f:x':{}}}}");
        // a deduced subtree: objects merge key by key, lists are one leaf
        assertThat(fieldsV1(ToFieldSet.of(json("{'a':{'b':[1,2],'c':{'d':true}}}"), ApplySchema.deduced())))
                .isEqualTo("{'f:a':{'f:b':{},'f:c':{'f:d':{}}}}");
    }

    @Test
    @DisplayName("Comparison: added nodes with everything below, modified leaves, removed nodes")
    void compare() {
        Comparison c = Comparison.of(json("{'data':{'a':'1','b':'2'}}"),
                json("{'data':{'a':'9','c':'3'},'metadata':{'labels':{'x':'y'}}}"), CONFIGMAP);
        assertThat(fieldsV1(c.added())).isEqualTo("{'f:data':{'f:c':{}},'f:metadata':{'.':{},'f:labels':{'.':{},'f:x':{}}}}");
        assertThat(c.modified()).isEqualTo(FieldSet.of(FieldPath.fields("data", "a")));
        assertThat(c.removed()).isEqualTo(FieldSet.of(FieldPath.fields("data", "b")));
        assertThat(c.changed()).isEqualTo(c.added().union(c.modified()));
        assertThat(Comparison.of(json("{'data':{'n':1}}"), json("{'data':{'n':1.0}}"), CONFIGMAP).isSame()).isTrue();
    }

    @Test
    @DisplayName("Merge: maps by key, keyed lists by key, sets by union (in the config's order), atomic lists replaced")
    void merge() {
        ObjectNode live = json("{'metadata':{'finalizers':['a']},'spec':{'template':{'spec':{'containers':["
                + "{'name':'x','image':'x:1','args':['-1']},{'name':'y','image':'y:1'}]}}}}");
        ObjectNode config = json("{'metadata':{'finalizers':['b','a']},'spec':{'template':{'spec':{'containers':["
                + "{'name':'z','image':'z:1'},{'name':'x','args':['-2']}]}}}}");
        ObjectNode merged = Merge.apply(live, config, DEPLOYMENT);
        assertThat(merged).isEqualTo(json("{'metadata':{'finalizers':['b','a']},'spec':{'template':{'spec':{'containers':["
                + "{'name':'z','image':'z:1'},{'name':'x','image':'x:1','args':['-2']},{'name':'y','image':'y:1'}]}}}}"));
        assertThat(live.at("/spec/template/spec/containers/0/args/0").asText()).isEqualTo("-1"); // inputs untouched
    }

    @Test
    @DisplayName("Merge orders a list as Kubernetes 1.26: the config's items in its order, live-only items kept in place among them")
    void mergeOrder() {
        assertThat(finalizers(List.of("a", "b"), List.of("b", "a"))).containsExactly("b", "a");
        assertThat(finalizers(List.of("a", "x", "b"), List.of("b", "c", "a"))).containsExactly("x", "b", "c", "a");
        assertThat(finalizers(List.of("a", "x", "b"), List.of("c", "b"))).containsExactly("a", "x", "c", "b");
        assertThat(finalizers(List.of("a", "b"), List.of("b", "c"))).containsExactly("a", "b", "c");
        assertThat(finalizers(List.of("x", "a", "x"), List.of("a"))).as("a live duplicate is kept, not lost")
                .containsExactly("x", "a", "x");
    }

    @Test
    @DisplayName("UniqueItems: a config whose list item is unnamed or named twice is refused with the list's path")
    void uniqueItems() {
        UniqueItems.check(json("{'spec':{'template':{'spec':{'containers':[{'name':'a'},{'name':'b'}]}}}}"), DEPLOYMENT);
        assertThatThrownBy(() -> UniqueItems.check(
                json("{'spec':{'template':{'spec':{'containers':[{'name':'a','ports':[{'containerPort':80},"
                        + "{'containerPort':80,'protocol':'TCP'}]}]}}}}"), DEPLOYMENT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(".spec.template.spec.containers[name=\"a\"].ports: duplicate entries for key "
                        + "[containerPort=80,protocol=\"TCP\"]");
        assertThatThrownBy(() -> UniqueItems.check(json("{'metadata':{'finalizers':['x','x']}}"), CONFIGMAP))
                .hasMessage(".metadata.finalizers: duplicate entries for key [=\"x\"]");
        assertThatThrownBy(() -> UniqueItems.check(json("{'spec':{'template':{'spec':{'containers':[{'image':'x'}]}}}}"),
                DEPLOYMENT)).hasMessage(".spec.template.spec.containers: element 0: associative list with keys has an "
                        + "element that omits key field \"name\" (and doesn't have default value)");
    }

    private static List<String> finalizers(List<String> live, List<String> config) {
        ObjectNode merged = Merge.apply(finalizersObject(live), finalizersObject(config), CONFIGMAP);
        List<String> out = new java.util.ArrayList<>();
        merged.at("/metadata/finalizers").forEach(f -> out.add(f.asText()));
        return out;
    }

    private static ObjectNode finalizersObject(List<String> finalizers) {
        ObjectNode object = json("{'metadata':{}}");
        finalizers.forEach(((ObjectNode) object.get("metadata")).putArray("finalizers")::add);
        return object;
    }

    @Test
    @DisplayName("RemoveItems: a path removes its subtree; an emptied map or list disappears")
    void removeItems() {
        ObjectNode object = json("{'metadata':{'name':'n','labels':{'a':'1'}},'data':{'k':'v','l':'w'}}");
        FieldSet remove = FieldsV1.decode(json("{'f:metadata':{'f:labels':{'f:a':{}}},'f:data':{'f:k':{}}}"));
        assertThat(RemoveItems.from(object, remove, CONFIGMAP))
                .isEqualTo(json("{'metadata':{'name':'n'},'data':{'l':'w'}}"));
        assertThat(RemoveItems.from(object, FieldSet.of(FieldPath.fields("data")), CONFIGMAP))
                .isEqualTo(json("{'metadata':{'name':'n','labels':{'a':'1'}}}"));
    }

    @Test
    @DisplayName("an object not yet created is the kind's Go zero value: value structs present, pointers absent")
    void emptyObject() {
        assertThat(DEPLOYMENT.emptyObject()).isEqualTo(json("{'metadata':{'creationTimestamp':null},'spec':{'template':"
                + "{'metadata':{'creationTimestamp':null},'spec':{}},'strategy':{}},'status':{}}"));
        assertThat(ApplySchema.deduced().emptyObject()).isEqualTo(json("{}"));
    }
}
