package io.rvlab.ch03.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.StatusException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JsonPatch: RFC 6902 as Kubernetes applies it")
class JsonPatchTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String apply(String document, String patch) throws Exception {
        return JsonPatch.parse(patch.getBytes(StandardCharsets.UTF_8)).apply((ObjectNode) JSON.readTree(document)).toString();
    }

    private static int failure(String document, String patch) {
        try {
            apply(document, patch);
        } catch (StatusException e) {
            return e.status().code();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        throw new AssertionError("the patch applied");
    }

    @Test
    @DisplayName("add, remove, replace, move, copy and test, in order")
    void operations() throws Exception {
        String doc = "{\"data\":{\"a\":\"1\",\"b\":\"2\"},\"list\":[1,2,3]}";
        assertThat(apply(doc, "[{\"op\":\"add\",\"path\":\"/data/c\",\"value\":\"3\"}]"))
                .isEqualTo("{\"data\":{\"a\":\"1\",\"b\":\"2\",\"c\":\"3\"},\"list\":[1,2,3]}");
        assertThat(apply(doc, "[{\"op\":\"remove\",\"path\":\"/data/a\"}]")).isEqualTo("{\"data\":{\"b\":\"2\"},\"list\":[1,2,3]}");
        assertThat(apply(doc, "[{\"op\":\"replace\",\"path\":\"/data/a\",\"value\":\"x\"}]"))
                .isEqualTo("{\"data\":{\"a\":\"x\",\"b\":\"2\"},\"list\":[1,2,3]}");
        assertThat(apply(doc, "[{\"op\":\"move\",\"from\":\"/data/a\",\"path\":\"/data/z\"}]"))
                .isEqualTo("{\"data\":{\"b\":\"2\",\"z\":\"1\"},\"list\":[1,2,3]}");
        assertThat(apply(doc, "[{\"op\":\"copy\",\"from\":\"/data\",\"path\":\"/copy\"}]"))
                .isEqualTo("{\"data\":{\"a\":\"1\",\"b\":\"2\"},\"list\":[1,2,3],\"copy\":{\"a\":\"1\",\"b\":\"2\"}}");
        assertThat(apply(doc, "[{\"op\":\"test\",\"path\":\"/list/0\",\"value\":1.0},{\"op\":\"add\",\"path\":\"/list/-\",\"value\":4},"
                + "{\"op\":\"add\",\"path\":\"/list/0\",\"value\":0},{\"op\":\"remove\",\"path\":\"/list/1\"}]"))
                .isEqualTo("{\"data\":{\"a\":\"1\",\"b\":\"2\"},\"list\":[0,2,3,4]}");
    }

    @Test
    @DisplayName("pointers unescape ~1 to / and then ~0 to ~")
    void escaping() throws Exception {
        String doc = "{\"data\":{\"a/b\":\"1\",\"c~d\":\"2\",\"~1\":\"3\"}}";
        assertThat(apply(doc, "[{\"op\":\"remove\",\"path\":\"/data/a~1b\"},{\"op\":\"remove\",\"path\":\"/data/c~0d\"},"
                + "{\"op\":\"replace\",\"path\":\"/data/~01\",\"value\":\"x\"}]")).isEqualTo("{\"data\":{\"~1\":\"x\"}}");
    }

    @Test
    @DisplayName("an operation that does not apply is a 422, and nothing of the patch applies")
    void failures() {
        String doc = "{\"data\":{\"k\":\"v\"},\"list\":[1]}";
        assertThat(failure(doc, "[{\"op\":\"test\",\"path\":\"/data/k\",\"value\":\"WRONG\"}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"remove\",\"path\":\"/data/missing\"}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"replace\",\"path\":\"/data/missing\",\"value\":1}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"add\",\"path\":\"/nope/x\",\"value\":1}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"add\",\"path\":\"/list/5\",\"value\":1}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"jump\",\"path\":\"/data\"}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"path\":\"/data\"}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"add\",\"value\":1}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"move\",\"path\":\"/x\"}]")).isEqualTo(422);
        assertThat(failure(doc, "[{\"op\":\"add\",\"path\":\"data\",\"value\":1}]")).isEqualTo(422);
    }

    @Test
    @DisplayName("a body that is not a list of operations is a 400 in Go's words; over 10,000 operations a 413")
    void malformed() {
        assertThatThrownBy(() -> apply("{}", "{\"op\":\"add\"}")).isInstanceOfSatisfying(StatusException.class, e ->
                assertThat(e.status().message()).isEqualTo("error decoding patch: json: cannot unmarshal object into Go value "
                        + "of type []handlers.jsonPatchOp"));
        assertThatThrownBy(() -> apply("{}", "[1]")).isInstanceOfSatisfying(StatusException.class, e ->
                assertThat(e.status().code()).isEqualTo(400));
        assertThatThrownBy(() -> apply("{}", "[{\"op\":1}]")).isInstanceOfSatisfying(StatusException.class, e ->
                assertThat(e.status().message()).isEqualTo("error decoding patch: json: cannot unmarshal number into Go struct "
                        + "field jsonPatchOp.op of type string"));
        assertThatThrownBy(() -> apply("{}", "[{\"op\":")).isInstanceOfSatisfying(StatusException.class, e ->
                assertThat(e.status().message()).isEqualTo("error decoding patch: unexpected end of JSON input"));
        String many = "[" + "{\"op\":\"test\",\"path\":\"/a\",\"value\":null},".repeat(10_001).replaceAll(",$", "") + "]";
        assertThatThrownBy(() -> apply("{}", many)).isInstanceOfSatisfying(StatusException.class, e -> {
            assertThat(e.status().code()).isEqualTo(413);
            assertThat(e.status().message()).isEqualTo("Request entity too large: The allowed maximum operations in a JSON "
                    + "patch is 10000, got 10001");
        });
    }
}
