package io.rvlab.ch05.cache;

import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch04.client.ExpiredException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * The kinds of error a {@link Reflector}'s decisions rest on: client-go's helpers in
 * tools/cache/reflector.go ({@code isExpiredError}, {@code isTooLargeResourceVersionError},
 * {@code isWatchErrorRetriable}) over k8s.io/apimachinery pkg/api/errors, by reason and cause.
 */
public final class ReflectorErrors {

    private ReflectorErrors() {
    }

    // tag::error-kinds[]
    /** client-go's isExpiredError: reason Expired, or a bare 410 Gone. */
    public static boolean isExpired(Throwable e) {
        return e instanceof ExpiredException
                || e instanceof StatusException s && (s.status().code() == 410 || "Expired".equals(s.status().reason()));
    }

    /** client-go's isTooLargeResourceVersionError: the ResourceVersionTooLarge cause, or its message. */
    public static boolean isTooLargeResourceVersion(Throwable e) {
        if (!(e instanceof StatusException s)) {
            return false;
        }
        boolean cause = s.status().details() != null && s.status().details().causes().stream()
                .anyMatch(c -> "ResourceVersionTooLarge".equals(c.reason()));
        return cause || "Timeout".equals(s.status().reason())
                && String.valueOf(s.status().message()).contains("Too large resource version");
    }

    /**
     * A watch that could not be opened for a passing reason, worth retrying as a watch: 429, or the
     * connection refused (the server is restarting). client-go's isWatchErrorRetriable; any other
     * failure ends ListAndWatch, and the next round lists again.
     */
    public static boolean isRetriableWatchStart(Throwable e) {
        if (e instanceof StatusException s) {
            return s.status().code() == 429;
        }
        return e instanceof java.net.ConnectException;
    }
    // end::error-kinds[]

    public static String describe(Throwable e) {
        if (e instanceof StatusException s) {
            return s.status().code() + " " + s.status().reason() + ": " + s.status().message();
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /** Whether a watch started at {@code startedNanos} ({@link System#nanoTime()}) ended within a second. */
    static boolean lastedUnderASecond(long startedNanos) {
        return System.nanoTime() - startedNanos < TimeUnit.SECONDS.toNanos(1);
    }

    /** client-go's errorVeryShortWatch, for a watch that ended within a second with no event. */
    static VeryShortWatchException veryShortWatch(String reflectorName) {
        return new VeryShortWatchException("very short watch: " + reflectorName
                + ": Unexpected watch close - watch lasted less than a second and no items received");
    }

    /** A watch closed within a second with no event: something is wrong, relist (client-go's errorVeryShortWatch). */
    static final class VeryShortWatchException extends IOException {
        VeryShortWatchException(String message) {
            super(message);
        }
    }
}
