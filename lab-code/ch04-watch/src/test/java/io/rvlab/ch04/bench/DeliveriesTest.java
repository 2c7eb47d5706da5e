package io.rvlab.ch04.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Deliveries: what the watchers received, counted against the writer's acknowledgements")
class DeliveriesTest {

    private static final long MS = 1_000_000;
    private static final long FROM = 1_000 * MS;
    private static final long TO = 2_000 * MS;

    @Test
    @DisplayName("latency runs from the moment the write was sent to the event's arrival, even when the event beat the answer")
    void latencyFromSend() {
        AckLog acks = new AckLog();
        acks.acknowledged(10, FROM + 95 * MS, FROM + 100 * MS);
        acks.acknowledged(11, FROM + 190 * MS, FROM + 200 * MS);
        DeliveryLog watcher = new DeliveryLog();
        watcher.received(10, FROM + 130 * MS); // 35 ms after it was sent
        watcher.received(11, FROM + 199 * MS); // before the writer had its answer: 9 ms after it was sent

        Deliveries d = Deliveries.count(List.of(watcher), acks, FROM, TO, 2);

        assertThat(d.maxMicros()).isEqualTo(35_000);
        assertThat((double) d.percentileMicros(50)).isCloseTo(9_000, org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(d.missing()).isZero();
        assertThat(d.delivered()).isEqualTo(2);
    }

    @Test
    @DisplayName("a watcher that never got a write's event counts it missing; warm-up writes count for nothing")
    void missingAndWarmUp() {
        AckLog acks = new AckLog();
        acks.acknowledged(5, FROM - 10 * MS - MS, FROM - 10 * MS); // warm-up
        acks.acknowledged(6, FROM + 10 * MS - MS, FROM + 10 * MS);
        acks.acknowledged(7, FROM + 20 * MS - MS, FROM + 20 * MS);
        DeliveryLog all = new DeliveryLog();
        all.received(5, FROM - 5 * MS);
        all.received(6, FROM + 11 * MS);
        all.received(7, FROM + 21 * MS);
        DeliveryLog behind = new DeliveryLog();
        behind.received(5, FROM - 5 * MS);
        behind.received(6, FROM + 12 * MS);

        Deliveries d = Deliveries.count(List.of(all, behind), acks, FROM, TO, 2);

        assertThat(d.expected()).isEqualTo(4);
        assertThat(d.missing()).isEqualTo(1);
        assertThat(d.delivered()).isEqualTo(3);
    }

    @Test
    @DisplayName("an event that arrives after the window still counts for latency, not for the rate")
    void lateEvent() {
        AckLog acks = new AckLog();
        acks.acknowledged(8, TO - MS - MS, TO - MS);
        DeliveryLog watcher = new DeliveryLog();
        watcher.received(8, TO + 499 * MS);

        Deliveries d = Deliveries.count(List.of(watcher), acks, FROM, TO, 1);

        assertThat(d.delivered()).isZero();
        assertThat(d.missing()).isZero();
        assertThat(d.maxMicros()).isEqualTo(501_000);
    }

    @Test
    @DisplayName("a watcher whose watch ended is reported with its reason")
    void failedWatcher() {
        DeliveryLog watcher = new DeliveryLog();
        watcher.failed("ERROR event: too old resource version");
        Deliveries d = Deliveries.count(List.of(watcher, new DeliveryLog()), new AckLog(), FROM, TO, 0);
        assertThat(d.failedWatchers()).isEqualTo(1);
        assertThat(d.firstError()).contains("too old");
    }

}
