package io.rvlab.ch01;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.Watch;
import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.options.WatchOption;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Finds where etcd's history begins after a compaction.
 *
 * <p>A read at a compacted revision fails without saying how far history was cut. A watch that
 * starts at a compacted revision is more talkative: etcd cancels it and puts the compaction
 * revision in the response ({@code compact_revision}), which jetcd hands over as a
 * {@link CompactedException}. So the probe starts a watch at the revision that failed and reads
 * that number. It is the same signal a Kubernetes watch turns into "410 Gone" (chapter 4).
 */
public final class CompactionProbe {

    private CompactionProbe() {
    }

    // tag::probe[]
    /** The compaction revision if {@code revision} is older than it; empty if etcd does not say. */
    public static OptionalLong compactRevision(Client client, long revision) {
        CompletableFuture<Long> answer = new CompletableFuture<>();
        WatchOption from = WatchOption.builder().withRevision(revision).build();
        Watch.Listener listener = Watch.listener(
                response -> { }, // events mean the revision was not compacted after all
                error -> {
                    if (error instanceof CompactedException compacted) {
                        answer.complete(compacted.getCompactedRevision());
                    }
                });
        Watch watch = client.getWatchClient();
        try (Watch.Watcher watcher = watch.watch(Bytes.bytes("/"), from, listener)) {
            return OptionalLong.of(answer.get(5, TimeUnit.SECONDS));
        } catch (TimeoutException | ExecutionException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }
    // end::probe[]
}
