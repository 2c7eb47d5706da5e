package io.rvlab.ch01;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * jetcd answers every call with a {@link CompletableFuture}. The course waits for each answer in
 * turn, because the order of writes is exactly what the revisions record, and unwraps the
 * {@link ExecutionException} so callers see etcd's own error.
 */
public final class Await {

    /** Generous for a 2-core laptop running etcd in a container; a healthy etcd answers in milliseconds. */
    static final long TIMEOUT_SECONDS = 30;

    private Await() {
    }

    public static <T> T result(CompletableFuture<T> future) {
        try {
            return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException runtime ? runtime : new IllegalStateException(cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for etcd", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException("etcd did not answer within " + TIMEOUT_SECONDS + " s", e);
        }
    }
}
