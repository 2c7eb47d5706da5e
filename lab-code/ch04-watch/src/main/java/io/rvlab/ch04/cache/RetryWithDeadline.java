package io.rvlab.ch04.cache;

import io.etcd.jetcd.common.exception.CompactedException;
import io.etcd.jetcd.common.exception.ErrorCode;
import io.etcd.jetcd.common.exception.EtcdException;
import io.grpc.Status;
import java.time.Duration;

/**
 * Whether a broken etcd watch may simply be opened again, from the revision after the last one the
 * cache holds, keeping its state and its watchers; or whether the cache must give up, end its
 * watchers and relist. The idea of client-go's {@code RetryWithDeadline}, which kube-apiserver's
 * cacher gives its reflector ({@code MaxInternalErrorRetryDuration} of 30 s, kubernetes#111387): an
 * etcd that is unreachable or has no leader loses no data, the stream only stopped, so for a while
 * a re-watch is all it takes, and reads at resourceVersion "0" go on being answered from the cache.
 *
 * <p>A streak of such errors starts with the first one and lasts while they keep coming; once it is
 * older than the deadline, the cache relists. Any other error (a compacted start revision, an event
 * the cache cannot apply) means the stream cannot be picked up where it stopped: relist at once.
 *
 * <p>Not thread-safe on its own: the cache calls it under its lock.
 */
final class RetryWithDeadline {

    private final Duration deadline;
    private final Duration resetAfter; // a quiet minute ends a streak (client-go's minResetPeriod)
    private boolean inStreak;
    private long firstError; // System.nanoTime() of the streak's first error
    private long lastError;

    RetryWithDeadline(Duration deadline) {
        this.deadline = deadline;
        this.resetAfter = Duration.ofMinutes(1);
    }

    /** Records {@code error} and says whether the watch may be opened again in place. */
    boolean shouldRetry(Throwable error, long now) {
        if (!isUnavailable(error)) {
            return false;
        }
        if (!inStreak || now - lastError > resetAfter.toNanos()) {
            inStreak = true;
            firstError = now;
        }
        lastError = now;
        return now - firstError <= deadline.toNanos();
    }

    /** A relist succeeded: the next outage gets its own deadline (client-go makes a new one per ListAndWatch). */
    void reset() {
        inStreak = false;
    }

    /** etcd unreachable, or without a leader ("etcdserver: no leader" is UNAVAILABLE too). */
    private static boolean isUnavailable(Throwable error) {
        if (error instanceof CompactedException) {
            return false;
        }
        if (error instanceof EtcdException etcdError) { // jetcd's wrapping of gRPC's status
            return etcdError.getErrorCode() == ErrorCode.UNAVAILABLE;
        }
        return Status.fromThrowable(error).getCode() == Status.Code.UNAVAILABLE;
    }
}
