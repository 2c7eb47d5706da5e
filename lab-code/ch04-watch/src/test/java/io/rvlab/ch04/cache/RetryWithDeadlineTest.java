package io.rvlab.ch04.cache;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.common.exception.EtcdExceptionFactory;
import io.grpc.Status;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** When a broken etcd watch may be opened again in place, and when the cache must relist. */
@DisplayName("RetryWithDeadline: re-watch while etcd is unavailable, for 30 s")
class RetryWithDeadlineTest {

    private static final long SECOND = Duration.ofSeconds(1).toNanos();
    private static final Throwable NO_LEADER = EtcdExceptionFactory.toEtcdException(
            Status.UNAVAILABLE.withDescription("etcdserver: no leader"));
    private static final Throwable CONNECTION_LOST = EtcdExceptionFactory.toEtcdException(
            Status.UNAVAILABLE.withDescription("Network closed for unknown reason"));

    private final RetryWithDeadline retry = new RetryWithDeadline(Duration.ofSeconds(30));

    @Test
    @DisplayName("etcd unavailable: re-watch, again and again, until the streak is 30 s old; then relist")
    void unavailableIsRetriedUntilTheDeadline() {
        long start = 1_000 * SECOND;
        assertThat(retry.shouldRetry(NO_LEADER, start)).isTrue();
        assertThat(retry.shouldRetry(CONNECTION_LOST, start + 10 * SECOND)).isTrue();
        assertThat(retry.shouldRetry(NO_LEADER, start + 30 * SECOND)).isTrue();
        assertThat(retry.shouldRetry(NO_LEADER, start + 31 * SECOND)).as("31 s into the streak").isFalse();
    }

    @Test
    @DisplayName("a quiet minute ends a streak: the next outage gets its own 30 s")
    void quietMinuteStartsAFreshStreak() {
        long start = 1_000 * SECOND;
        assertThat(retry.shouldRetry(NO_LEADER, start)).isTrue();
        assertThat(retry.shouldRetry(NO_LEADER, start + 20 * SECOND)).isTrue();
        assertThat(retry.shouldRetry(NO_LEADER, start + 90 * SECOND)).as("after 70 s without an error").isTrue();
    }

    @Test
    @DisplayName("after a relist, the next outage gets its own 30 s")
    void relistStartsAFreshStreak() {
        long start = 1_000 * SECOND;
        assertThat(retry.shouldRetry(NO_LEADER, start)).isTrue();
        assertThat(retry.shouldRetry(NO_LEADER, start + 31 * SECOND)).as("gave up: the cache relists").isFalse();
        retry.reset();
        assertThat(retry.shouldRetry(NO_LEADER, start + 40 * SECOND)).as("a new outage, 9 s after the last error").isTrue();
    }

    @Test
    @DisplayName("a compacted start revision, or any error but 'unavailable', means relist at once")
    void otherErrorsRelist() {
        assertThat(retry.shouldRetry(EtcdExceptionFactory.newCompactedException(42), SECOND)).isFalse();
        assertThat(retry.shouldRetry(EtcdExceptionFactory.toEtcdException(Status.INTERNAL.withDescription("boom")), SECOND))
                .isFalse();
        assertThat(retry.shouldRetry(new IllegalStateException("an event the cache cannot apply"), SECOND)).isFalse();
    }
}
