package io.rvlab.support.etcd;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.op.Cmp;
import io.etcd.jetcd.op.CmpTarget;
import io.etcd.jetcd.op.Op;
import io.etcd.jetcd.options.GetOption;
import io.etcd.jetcd.options.PutOption;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How the grading tests set etcd up and check what the learner's code did: plain jetcd calls, straight
 * to etcd, the way {@code etcdctl} would. The code being graded is never used here, so a test's
 * expectations never depend on it.
 */
public final class Direct {

    private final KV kv;

    public Direct(Client client) {
        this(client.getKVClient());
    }

    public Direct(KV kv) {
        this.kv = kv;
    }

    /** {@code etcdctl put key value}; returns the revision of that write. */
    public long put(String key, String value) {
        return await(kv.put(utf8(key), utf8(value))).getHeader().getRevision();
    }

    /**
     * {@code etcdctl txn}: put only if the key's mod_revision is still {@code expected}; returns the
     * revision of the write, or -1 if the key had changed (nothing written).
     */
    public long putIfUnchanged(String key, String value, long expected) {
        var txn = await(kv.txn()
                .If(new Cmp(utf8(key), Cmp.Op.EQUAL, CmpTarget.modRevision(expected)))
                .Then(Op.put(utf8(key), utf8(value), PutOption.DEFAULT))
                .commit());
        return txn.isSucceeded() ? txn.getHeader().getRevision() : -1;
    }

    /** {@code etcdctl del key}; returns the revision of the delete. */
    public long delete(String key) {
        return await(kv.delete(utf8(key))).getHeader().getRevision();
    }

    /** The key as etcd holds it now ({@code etcdctl get key -w json}), or empty if it does not exist. */
    public Optional<KeyValue> get(String key) {
        List<KeyValue> kvs = await(kv.get(utf8(key))).getKvs();
        return kvs.isEmpty() ? Optional.empty() : Optional.of(kvs.get(0));
    }

    /** The key as etcd holds it now; fails the test if the key is missing. */
    public KeyValue existing(String key) {
        return get(key).orElseThrow(() -> new AssertionError("expected key " + key + " to exist in etcd, but it does not"));
    }

    /** The key's current value; fails the test if the key is missing. */
    public String value(String key) {
        return text(existing(key).getValue());
    }

    /** The key's current mod_revision; fails the test if the key is missing. */
    public long modRevision(String key) {
        return existing(key).getModRevision();
    }

    /** Every key under a prefix, in key order, as etcd holds them now ({@code etcdctl get --prefix}). */
    public List<KeyValue> getPrefix(String prefix) {
        return await(kv.get(utf8(prefix), GetOption.builder().isPrefix(true).build())).getKvs();
    }

    /** Every key under a prefix as it was at {@code revision} ({@code etcdctl get --prefix --rev=R}). */
    public List<KeyValue> getPrefixAt(String prefix, long revision) {
        return await(kv.get(utf8(prefix), GetOption.builder().isPrefix(true).withRevision(revision).build())).getKvs();
    }

    /** The store's current revision, from the header of a read ({@code etcdctl endpoint status}). */
    public long currentRevision() {
        return await(kv.get(utf8("/rvlab-test/any-key"))).getHeader().getRevision();
    }

    /** Whether etcd itself refuses to read at {@code revision} (proves a compaction really happened). */
    public boolean readFailsAt(String key, long revision) {
        try {
            kv.get(utf8(key), GetOption.builder().withRevision(revision).build()).get(30, TimeUnit.SECONDS);
            return false;
        } catch (Exception e) {
            return true;
        }
    }

    /**
     * How many watchers {@code etcd} serves now, from its own {@code /metrics} endpoint
     * ({@code etcd_debugging_mvcc_watcher_total}): a watch the code forgot to close is still counted there.
     */
    public static long watchers(Etcd etcd) {
        String endpoint = etcd.endpoints().split(",")[0];
        try {
            java.net.http.HttpResponse<String> metrics = java.net.http.HttpClient.newHttpClient().send(
                    java.net.http.HttpRequest.newBuilder(java.net.URI.create(endpoint + "/metrics"))
                            .timeout(java.time.Duration.ofSeconds(10)).build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            return metrics.body().lines()
                    .filter(line -> line.startsWith("etcd_debugging_mvcc_watcher_total "))
                    .mapToLong(line -> (long) Double.parseDouble(line.substring(line.indexOf(' ') + 1).trim()))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("etcd's /metrics has no etcd_debugging_mvcc_watcher_total"));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException("cannot read " + endpoint + "/metrics", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading etcd's /metrics", e);
        }
    }

    /** {@code etcdctl compaction revision}: forget every version older than {@code revision}. */
    public void compact(long revision) {
        await(kv.compact(revision));
    }

    public static ByteSequence utf8(String s) {
        return ByteSequence.from(s, StandardCharsets.UTF_8);
    }

    public static String text(ByteSequence bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    public static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("direct etcd call failed: " + e, e);
        }
    }
}
