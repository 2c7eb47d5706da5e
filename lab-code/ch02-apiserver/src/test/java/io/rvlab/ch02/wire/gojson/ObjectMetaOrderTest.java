package io.rvlab.ch02.wire.gojson;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

class ObjectMetaOrderTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String normalized(String json) throws Exception {
        ObjectNode object = (ObjectNode) JSON.readTree(json);
        ObjectMetaOrder.normalize(object);
        return object.toString();
    }

    @Test
    void putsKnownFieldsFirstInKubernetesOrderAndKeepsTheOthersInTheirOrder() throws Exception {
        assertThat(normalized("{\"data\":{},\"metadata\":{\"x\":1,\"uid\":\"u\",\"name\":\"n\"},\"kind\":\"K\"}"))
                .isEqualTo("{\"kind\":\"K\",\"metadata\":{\"name\":\"n\",\"uid\":\"u\",\"x\":1},\"data\":{}}");
        assertThat(normalized("{\"kind\":\"K\",\"metadata\":{\"name\":\"n\",\"x\":1,\"namespace\":\"s\"}}"))
                .as("a known field after an unknown one").isEqualTo("{\"kind\":\"K\",\"metadata\":{\"name\":\"n\",\"namespace\":\"s\",\"x\":1}}");
    }

    @Test
    void leavesAnObjectAlreadyInOrderAsItIs() throws Exception {
        String ordered = "{\"kind\":\"K\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"n\",\"namespace\":\"s\","
                + "\"resourceVersion\":\"5\",\"managedFields\":[],\"x\":1},\"data\":{\"b\":\"1\",\"a\":\"2\"}}";
        assertThat(normalized(ordered)).isEqualTo(ordered);
    }
}
