package io.rvlab.exercises.ch02;

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
import java.util.List;
import java.util.concurrent.ExecutionException;

/**
 * Reference answer to exercise 2.6: a paged list is one snapshot.
 *
 * <p>The revision of the first page travels in the token, and every later page is a read of
 * etcd's history at that revision, so writes between pages never show. "More" comes from etcd
 * ({@code more} in the range response), not from a full page: a page that is exactly full may be
 * the last one.
 */
public final class ListPages {

    private ListPages() {
    }

    public record Page(String resourceVersion, List<ObjectNode> items, String continueToken) {
    }

    public static Page list(KV kv, String keyPrefix, long limit, String continueToken) {
        String startKey = keyPrefix;
        long revision = 0; // 0: the latest, to etcd
        if (!continueToken.isEmpty()) {
            ContinueTokens.Position position = ContinueTokens.decode(continueToken, keyPrefix);
            startKey = position.startKey();
            revision = Math.max(position.resourceVersion(), 0); // -1: continue at the latest revision
        }

        GetOption.Builder options = GetOption.builder()
                .withRange(OptionsUtil.prefixEndOf(utf8(keyPrefix)))
                .withRevision(revision);
        if (limit > 0) {
            options.withLimit(limit);
        }
        GetResponse response = read(kv, startKey, options.build());

        // A page read at the token's revision reports that revision; a first page (or a -1
        // continuation) reports the revision etcd read at, from the header.
        long pageRevision = revision > 0 ? revision : response.getHeader().getRevision();
        List<KeyValue> kvs = response.getKvs();
        List<ObjectNode> items = kvs.stream().map(ObjectReader::toObject).toList();
        String next = "";
        if (limit > 0 && response.isMore() && !kvs.isEmpty()) {
            String lastKey = kvs.get(kvs.size() - 1).getKey().toString(StandardCharsets.UTF_8);
            next = ContinueTokens.encode(lastKey, keyPrefix, pageRevision);
        }
        return new Page(Long.toString(pageRevision), items, next);
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
