package io.rvlab.ch03.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch03.api.RetryOnConflict;
import io.rvlab.ch03.support.Http.Response;
import io.rvlab.ch03.support.ServerOnEtcd;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Optimistic concurrency under load: 64 writers increment one counter over HTTP, each increment a
 * read-modify-write with the resourceVersion it read, retried on 409 with RetryOnConflict. No
 * increment may be lost or counted twice: the final count is exactly the number of PUTs the server
 * acknowledged, and the acknowledged values are 1, 2, ..., N, each once.
 */
@DisplayName("64 concurrent writers with RetryOnConflict: no lost or doubled increment")
class ConcurrentIncrementTest extends ServerOnEtcd {

    private static final int WRITERS = 64;
    private static final int INCREMENTS_EACH = 4;
    /** Many attempts, little sleep: under 64-way contention the default five steps would often give up. */
    private static final RetryOnConflict.Backoff PATIENT = new RetryOnConflict.Backoff(500, Duration.ofMillis(2), 1.0, 1.0);

    ConcurrentIncrementTest(Client client) {
        super(client);
    }

    // tag::increment[]
    /** One increment: read, add one, write back with the resourceVersion read; a 409 is thrown to retry. */
    private long increment(String path) {
        Response read = http.send("GET", path, null, null);
        assertThat(read.code()).as(read.body()).isEqualTo(200);
        long next = Long.parseLong(read.json().path("data").path("count").asText()) + 1;
        Response written = http.json("PUT", path, "{\"metadata\":{\"name\":\"counter\",\"resourceVersion\":\"" + read.rv()
                + "\"},\"data\":{\"count\":\"" + next + "\"}}");
        if (written.code() == 409) {
            throw Status.failure(409, written.json().path("reason").asText(), written.json().path("message").asText(), null)
                    .exception();
        }
        assertThat(written.code()).as(written.body()).isEqualTo(200);
        return next;
    }
    // end::increment[]

    @Test
    @DisplayName("the final count equals the acknowledged increments, and each acknowledged value appears once")
    void noLostUpdates() throws Exception {
        String ns = http.namespace("counter");
        String path = "/api/v1/namespaces/" + ns + "/configmaps/counter";
        assertThat(http.json("POST", "/api/v1/namespaces/" + ns + "/configmaps",
                "{\"metadata\":{\"name\":\"counter\"},\"data\":{\"count\":\"0\"}}").code()).isEqualTo(201);

        ConcurrentLinkedQueue<Long> acknowledged = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<RuntimeException> gaveUp = new ConcurrentLinkedQueue<>();
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                done.add(writers.submit(() -> {
                    go.await();
                    for (int i = 0; i < INCREMENTS_EACH; i++) {
                        try {
                            acknowledged.add(RetryOnConflict.run(PATIENT, () -> increment(path)));
                        } catch (RuntimeException e) {
                            if (!RetryOnConflict.isConflict(e)) {
                                throw e;
                            }
                            gaveUp.add(e); // out of attempts: this increment was never acknowledged
                        }
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> writer : done) {
                writer.get();
            }
        } finally {
            writers.shutdownNow();
        }

        long count = Long.parseLong(http.send("GET", path, null, null).json().path("data").path("count").asText());
        assertThat(acknowledged.size() + gaveUp.size()).isEqualTo(WRITERS * INCREMENTS_EACH);
        assertThat(count).isEqualTo(acknowledged.size());
        Set<Long> values = new TreeSet<>(acknowledged);
        assertThat(values).hasSize(acknowledged.size()).first().isEqualTo(1L);
        assertThat(values).last().isEqualTo(count);
    }
}
