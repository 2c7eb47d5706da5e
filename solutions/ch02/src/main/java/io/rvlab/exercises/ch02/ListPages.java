package io.rvlab.exercises.ch02;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;
import io.etcd.jetcd.common.exception.EtcdExceptionFactory;
import io.etcd.jetcd.kv.GetResponse;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.OptionsUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 2.6: a paged list is one snapshot, and its limit counts the objects
 * the client asked for.
 *
 * <p>The revision of the first page travels in the token, and every later read is a read of
 * etcd's history at that revision, so writes between pages never show. With a label selector the
 * page's limit counts matching objects, as in kube-apiserver's etcd3 {@code store.GetList}: the
 * server keeps reading the range, at the revision of its first read and with a growing batch, until
 * the page is full or etcd has nothing more. "More" comes from what is left in etcd after the last
 * key returned, never from a full page: the next page may be the last, and may even be empty.
 */
public final class ListPages {

    /** kube-apiserver's cap on one etcd read while it fills a filtered page ({@code maxLimit}). */
    private static final long MAX_BATCH = 10_000;

    private ListPages() {
    }

    public record Page(String resourceVersion, List<ObjectNode> items, String continueToken) {
    }

    public static Page list(KV kv, String keyPrefix, Map<String, String> labelSelector, long limit,
            String continueToken) {
        String startKey = keyPrefix;
        long revision = 0; // 0: the latest, to etcd
        if (!continueToken.isEmpty()) {
            ContinueTokens.Position position = ContinueTokens.decode(continueToken, keyPrefix);
            startKey = position.startKey();
            revision = Math.max(position.resourceVersion(), 0); // -1: continue at the latest revision
        }
        boolean paging = limit > 0;
        long batch = limit;

        List<ObjectNode> items = new ArrayList<>();
        String lastKey = null;
        boolean more;
        while (true) {
            GetOption.Builder options = GetOption.builder()
                    .withRange(OptionsUtil.prefixEndOf(utf8(keyPrefix)))
                    .withRevision(revision);
            if (paging) {
                options.withLimit(batch);
            }
            GetResponse response = read(kv, startKey, options.build());
            if (revision == 0) {
                // A first page (or a -1 continuation) is read at the latest revision; every further
                // read, on this page or the next ones, is at that same revision.
                revision = response.getHeader().getRevision();
            }
            more = response.isMore();
            for (KeyValue keyValue : response.getKvs()) {
                if (paging && items.size() >= limit) {
                    more = true; // a key after the last item returned: the page is full before it
                    break;
                }
                lastKey = keyValue.getKey().toString(StandardCharsets.UTF_8);
                ObjectNode object = ObjectReader.toObject(keyValue);
                if (matches(object, labelSelector)) {
                    items.add(object);
                }
            }
            if (!more || !paging || items.size() >= limit) {
                break;
            }
            // The selector dropped objects: read on after the last key seen, with a bigger batch.
            batch = Math.min(batch * 2, Math.max(MAX_BATCH, limit));
            startKey = lastKey + "\u0000";
        }

        String next = "";
        if (paging && more && lastKey != null) {
            next = ContinueTokens.encode(lastKey, keyPrefix, revision);
        }
        return new Page(Long.toString(revision), items, next);
    }

    /** An equality-based selector ({@code matchLabels}): every pair must be among the object's labels. */
    private static boolean matches(ObjectNode object, Map<String, String> labelSelector) {
        JsonNode labels = object.path("metadata").path("labels");
        for (Map.Entry<String, String> required : labelSelector.entrySet()) {
            JsonNode value = labels.get(required.getKey());
            if (value == null || !value.isTextual() || !value.asText().equals(required.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static GetResponse read(KV kv, String startKey, GetOption options) {
        try {
            return kv.get(utf8(startKey), options).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while listing from " + startKey, e);
        } catch (ExecutionException e) {
            EtcdException error = EtcdExceptionFactory.toEtcdException(e.getCause());
            if (error.getErrorCode() == ErrorCode.OUT_OF_RANGE && String.valueOf(error.getMessage()).contains("compacted")) {
                throw new ResourceExpiredException(ResourceExpiredException.CONTINUE_TOO_OLD, error);
            }
            throw error;
        }
    }

    private static ByteSequence utf8(String text) {
        return ByteSequence.from(text, StandardCharsets.UTF_8);
    }
}
