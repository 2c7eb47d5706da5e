package io.rvlab.exercises.ch02;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.kv.TxnResponse;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 2.5: resourceVersion is mod_revision.
 *
 * <p>This is what apiserver's {@code APIObjectVersioner.UpdateObject} and {@code UpdateList} do:
 * the object's number comes from its own key, the list's from the read as a whole. Taking the
 * highest item's mod_revision for the list would be wrong twice: an empty list would have none,
 * and a watch started from it would replay every write since, to any other key, that the list
 * already reflects. {@code listEach} is this course's variation: several prefixes read in one etcd
 * txn, so that all of them are one snapshot with one resourceVersion.
 */
public final class ObjectReader {

    private ObjectReader() {
    }

    public record ObjectList(String resourceVersion, List<ObjectNode> items) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    public static ObjectNode toObject(KeyValue keyValue) {
        String key = keyValue.getKey().toString(StandardCharsets.UTF_8);
        JsonNode parsed;
        try {
            parsed = JSON.readTree(keyValue.getValue().getBytes());
        } catch (IOException e) {
            throw new IllegalStateException("the value of " + key + " is not JSON: " + e.getMessage(), e);
        }
        if (!(parsed instanceof ObjectNode object)) {
            throw new IllegalStateException("the value of " + key + " is not a JSON object");
        }
        object.withObjectProperty("metadata").put("resourceVersion", Long.toString(keyValue.getModRevision()));
        return object;
    }

    public static Optional<ObjectNode> get(KV kv, String key) {
        GetResponse response = await(kv.get(utf8(key)), key);
        return response.getKvs().stream().findFirst().map(ObjectReader::toObject);
    }

    public static ObjectList list(KV kv, String prefix) {
        GetResponse response = await(kv.get(utf8(prefix), GetOption.builder().isPrefix(true).build()), prefix);
        List<ObjectNode> items = response.getKvs().stream().map(ObjectReader::toObject).toList();
        return new ObjectList(Long.toString(response.getHeader().getRevision()), items);
    }

    public static Map<String, ObjectList> listEach(KV kv, List<String> prefixes) {
        // One txn: every range in it is read at the same revision of the store, the txn's own
        // (its header's); the ranges inside a txn response carry no header of their own.
        Op[] ranges = prefixes.stream()
                .map(prefix -> Op.get(utf8(prefix), GetOption.builder().isPrefix(true).build()))
                .toArray(Op[]::new);
        TxnResponse response = await(kv.txn().Then(ranges).commit(), String.join(", ", prefixes));
        String revision = Long.toString(response.getHeader().getRevision());
        List<GetResponse> reads = response.getGetResponses();
        Map<String, ObjectList> lists = new LinkedHashMap<>();
        for (int i = 0; i < prefixes.size(); i++) {
            List<ObjectNode> items = reads.get(i).getKvs().stream().map(ObjectReader::toObject).toList();
            lists.put(prefixes.get(i), new ObjectList(revision, items));
        }
        return lists;
    }

    private static ByteSequence utf8(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }

    private static <T> T await(CompletableFuture<T> future, String what) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading " + what, e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("reading " + what + " failed: " + e.getCause(), e.getCause());
        }
    }
}
