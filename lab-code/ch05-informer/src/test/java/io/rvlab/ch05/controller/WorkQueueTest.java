package io.rvlab.ch05.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** client-go's workqueue semantics: dedup, one worker per item, dirty items requeued, per-item backoff. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
@DisplayName("WorkQueue: each key once, never to two workers, requeued if changed while processing, backed off per item")
class WorkQueueTest {

    @Test
    @DisplayName("a key added many times before a worker takes it is handed out once; keys come out in the order first added")
    void dedup() throws InterruptedException {
        WorkQueue<String> queue = new WorkQueue<>();
        queue.add("a");
        queue.add("b");
        queue.add("a");
        queue.add("a");

        assertThat(queue.len()).isEqualTo(2);
        assertThat(queue.get()).isEqualTo("a");
        assertThat(queue.get()).isEqualTo("b");
        assertThat(queue.len()).isZero();
    }

    @Test
    @DisplayName("a key added while a worker processes it is not handed to another worker, but queued again when the first is done")
    void dirtyWhileProcessing() throws InterruptedException {
        WorkQueue<String> queue = new WorkQueue<>();
        queue.add("a");
        String held = queue.get();

        queue.add("a");
        queue.add("a");
        assertThat(queue.len()).as("not available while processing").isZero();
        assertThat(queue.isIdle()).isFalse();

        queue.done(held);
        assertThat(queue.len()).as("requeued once, at done").isEqualTo(1);
        assertThat(queue.get()).isEqualTo("a");
        queue.done("a");
        assertThat(queue.isIdle()).isTrue();
    }

    @Test
    @DisplayName("after shutDown, adds are ignored, the queued keys are drained, then get returns null")
    void shutDown() throws InterruptedException {
        WorkQueue<String> queue = new WorkQueue<>();
        queue.add("a");
        queue.shutDown();
        queue.add("b");

        assertThat(queue.get()).isEqualTo("a");
        assertThat(queue.get()).isNull();
    }

    @Test
    @DisplayName("shutDown wakes a worker blocked in get")
    void shutDownWakesWorkers() throws Exception {
        WorkQueue<String> queue = new WorkQueue<>();
        List<String> got = new ArrayList<>();
        Thread worker = new Thread(() -> {
            try {
                got.add(String.valueOf(queue.get()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        queue.shutDown();
        worker.join();
        assertThat(got).containsExactly("null");
    }

    @Test
    @DisplayName("client-go's default per-item backoff: 5 ms doubling per failure up to 1000 s, each key counted apart, forget resets it")
    void itemBackoff() {
        ItemExponentialFailureRateLimiter<String> limiter = ItemExponentialFailureRateLimiter.clientGo();

        assertThat(limiter.when("a")).isEqualTo(Duration.ofMillis(5));
        assertThat(limiter.when("a")).isEqualTo(Duration.ofMillis(10));
        assertThat(limiter.when("a")).isEqualTo(Duration.ofMillis(20));
        assertThat(limiter.when("b")).as("another key starts afresh").isEqualTo(Duration.ofMillis(5));
        assertThat(limiter.numRequeues("a")).isEqualTo(3);
        for (int i = 0; i < 100; i++) {
            limiter.when("a");
        }
        assertThat(limiter.when("a")).as("capped").isEqualTo(Duration.ofSeconds(1000));

        limiter.forget("a");
        assertThat(limiter.numRequeues("a")).isZero();
        assertThat(limiter.when("a")).isEqualTo(Duration.ofMillis(5));
    }

    @Test
    @DisplayName("addRateLimited hands the key out again after its backoff; forget resets the count")
    void addRateLimited() throws InterruptedException {
        WorkQueue<String> queue = new WorkQueue<>();
        queue.add("a");
        String a = queue.get();
        queue.addRateLimited(a);
        queue.done(a);
        assertThat(queue.numRequeues("a")).isEqualTo(1);

        assertThat(queue.get()).as("back after 5 ms").isEqualTo("a");
        queue.forget("a");
        queue.done("a");
        assertThat(queue.numRequeues("a")).isZero();
        assertThat(queue.isIdle()).isTrue();
        queue.shutDown();
    }

    // tag::work-queue-test[]
    @Test
    @DisplayName("8 workers and 4 producers hammering 10 keys: no key is ever held by two workers, and every last add is processed after it")
    void concurrentWorkers() throws Exception {
        WorkQueue<String> queue = new WorkQueue<>();
        Set<String> held = ConcurrentHashMap.newKeySet();
        Map<String, AtomicInteger> lastAdded = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> lastSeen = new ConcurrentHashMap<>();
        AtomicInteger overlaps = new AtomicInteger();
        List<Thread> workers = new ArrayList<>();
        for (int w = 0; w < 8; w++) {
            Thread worker = new Thread(() -> {
                try {
                    for (String key; (key = queue.get()) != null; ) {
                        if (!held.add(key)) {
                            overlaps.incrementAndGet();
                        }
                        // what a reconcile reads: the latest "state" of the key
                        lastSeen.computeIfAbsent(key, k -> new AtomicInteger())
                                .accumulateAndGet(lastAdded.get(key).get(), Math::max);
                        Thread.onSpinWait();
                        held.remove(key);
                        queue.done(key);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            worker.start();
            workers.add(worker);
        }
        List<Thread> producers = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            Thread producer = new Thread(() -> {
                for (int i = 1; i <= 2_000; i++) {
                    String key = "key-" + (i % 10);
                    lastAdded.computeIfAbsent(key, k -> new AtomicInteger()).accumulateAndGet(i, Math::max);
                    queue.add(key); // after the state change, as an informer's handler does
                }
            });
            producer.start();
            producers.add(producer);
        }
        for (Thread producer : producers) {
            producer.join();
        }
        while (!queue.isIdle()) {
            Thread.sleep(5);
        }
        queue.shutDown();
        for (Thread worker : workers) {
            worker.join();
        }

        assertThat(overlaps.get()).as("a key held by two workers at once").isZero();
        for (String key : lastAdded.keySet()) {
            assertThat(lastSeen.get(key).get()).as("the last state of %s was processed", key)
                    .isEqualTo(lastAdded.get(key).get());
        }
    }
    // end::work-queue-test[]
}
