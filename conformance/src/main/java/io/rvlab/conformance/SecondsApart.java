package io.rvlab.conformance;

import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Response;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

// tag::seconds-apart[]
/**
 * Chapter 6: managedFields record each write's time in seconds, and kube-apiserver orders the entries
 * of one operation by that time before their manager's name (g.7: bob's entry of 21:17:16 before
 * alice's of 21:17:17; h.9: the /status entry before the newer main one). Where the recording's
 * {@code Date} moved to a later second between two requests, the replay waits until this machine's
 * clock has moved past the second of its previous answer, so that the two runs order the entries by
 * the same times.
 */
final class SecondsApart {

    /** The recorded Date second of the previous compared request, and this clock's second at its answer. */
    private OptionalLong previousRecordedSecond = OptionalLong.empty();
    private long lastAnswerSecond;

    /** Waits, if needed, before the exchange is sent; empty when no wait was needed. */
    Optional<String> before(Exchange exchange) {
        OptionalLong recorded = dateSecond(exchange.response());
        OptionalLong before = previousRecordedSecond;
        previousRecordedSecond = recorded;
        if (recorded.isEmpty() || before.isEmpty() || recorded.getAsLong() <= before.getAsLong() || lastAnswerSecond == 0) {
            return Optional.empty();
        }
        long started = System.nanoTime();
        while (Instant.now().getEpochSecond() <= lastAnswerSecond) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }
        return Optional.of(String.format(Locale.ROOT, "sent in a later second than the previous request (waited %.2f s), "
                + "as recorded (Date %d s later there): managedFields times in seconds order the entries",
                (System.nanoTime() - started) / 1e9, recorded.getAsLong() - before.getAsLong()));
    }

    /** Notes the second in which this server answered. */
    void answered() {
        lastAnswerSecond = Instant.now().getEpochSecond();
    }

    /** The second of a recorded response's {@code Date} header (RFC 1123). */
    private static OptionalLong dateSecond(Response response) {
        try {
            return response.header("Date").map(date -> OptionalLong.of(ZonedDateTime.parse(date,
                    DateTimeFormatter.RFC_1123_DATE_TIME).toEpochSecond())).orElse(OptionalLong.empty());
        } catch (DateTimeParseException e) {
            return OptionalLong.empty();
        }
    }
}
// end::seconds-apart[]
