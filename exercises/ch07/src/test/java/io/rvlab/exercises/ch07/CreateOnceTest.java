package io.rvlab.exercises.ch07;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.etcd.jetcd.ByteSequence;
import io.etcd.jetcd.Client;
import io.etcd.jetcd.KV;
import io.etcd.jetcd.KeyValue;
import io.etcd.jetcd.Txn;
import io.etcd.jetcd.kv.GetResponse;
import io.rvlab.exercises.ch07.CreateOnce.Outcome;
import io.rvlab.support.etcd.EtcdCluster;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Grading tests for exercise 7.2 (a create that is safe to retry): creates on a real three-member etcd
 * cluster, with the key free, taken by another writer, or already holding this create's own object (an
 * earlier attempt was applied and its answer lost); then through a member frozen after the client connected (it
 * never answers, or answers only after a while); a stream of creates while the leader is killed; last, what the
 * create leaves waiting on a member that never answers, and how soon it tries again, seen through the member's own
 * KV, each call noted and still sent to etcd.
 */
@Timeout(180)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@DisplayName("7.2 A create that is safe to retry after a leader change")
class CreateOnceTest {

    private static final Duration DEADLINE = Duration.ofSeconds(30);
    /** The shortest pause before a retry that attemptsAreSpaced accepts: client-go's DefaultBackoff's first step. */
    private static final long MIN_PAUSE_MILLIS = 10;

    /** Keys of this run only: an external cluster keeps the last run's. */
    private static final String RUN = UUID.randomUUID().toString().substring(0, 8);

    private static EtcdCluster cluster;
    private static Client leader;

    @BeforeAll
    static void start() {
        cluster = EtcdCluster.start(3);
        leader = cluster.clientOf(cluster.awaitLeader(Duration.ofSeconds(30)));
    }

    @AfterAll
    static void stop() {
        if (leader != null) {
            leader.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    @Order(1)
    @DisplayName("a free key: 201 Created, the object stored once")
    void freeKey() throws Exception {
        ByteSequence key = key("free");
        ByteSequence mine = object("mine");
        assertThat(CreateOnce.create(leader.getKVClient(), key, mine, DEADLINE)).as("create of a free key").isEqualTo(Outcome.CREATED);
        KeyValue stored = stored(key);
        assertThat(stored).as("the key after a create that answered Created").isNotNull();
        assertThat(text(stored.getValue())).as("the stored object").isEqualTo(text(mine));
        assertThat(stored.getVersion()).as("the key's version (1 = written once since it was created)").isEqualTo(1);
    }

    @Test
    @Order(2)
    @DisplayName("a key holding another writer's object: 409 AlreadyExists, and their object left as it was")
    void someoneElsesObject() throws Exception {
        ByteSequence key = key("taken");
        ByteSequence theirs = object("theirs");
        long theirRevision = leader.getKVClient().put(key, theirs).get(10, TimeUnit.SECONDS).getHeader().getRevision();
        Outcome outcome = CreateOnce.create(leader.getKVClient(), key, object("mine"), DEADLINE);
        assertThat(outcome).as("create where another writer's object already is").isEqualTo(Outcome.ALREADY_EXISTS);
        KeyValue stored = stored(key);
        assertThat(text(stored.getValue())).as("the other writer's object after your create").isEqualTo(text(theirs));
        assertThat(stored.getModRevision()).as("the key's mod revision: your create must not write over it").isEqualTo(theirRevision);
    }

    @Test
    @Order(3)
    @DisplayName("a key already holding this create's own object (an earlier attempt applied, its answer lost): 201 Created, not written again")
    void ownObjectFromALostAnswer() throws Exception {
        ByteSequence key = key("lost-answer");
        ByteSequence mine = object("mine");
        // The first attempt of this very create reached etcd; only its answer never came back.
        long applied = leader.getKVClient().put(key, mine).get(10, TimeUnit.SECONDS).getHeader().getRevision();
        Outcome outcome = CreateOnce.create(leader.getKVClient(), key, mine, DEADLINE);
        assertThat(outcome).as("the retry of a create whose first attempt was applied but not answered: the object stored"
                + " is this create's own (same uid), so the create succeeded; 409 here would tell the client its write failed")
                .isEqualTo(Outcome.CREATED);
        KeyValue stored = stored(key);
        assertThat(stored.getModRevision()).as("the key's mod revision: the object was stored at revision %d and must not be"
                + " written a second time", applied).isEqualTo(applied);
    }

    @Test
    @Order(4)
    @DisplayName("a member that never answers: each attempt gives up after ATTEMPT, and the create after its deadline")
    void aMemberThatNeverAnswers() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external etcd cluster cannot be frozen by the course");
        int frozen = (cluster.leader() + 1) % cluster.size();
        Duration deadline = Duration.ofSeconds(3);
        long allowed = deadline.plus(CreateOnce.ATTEMPT).toSeconds() + 5;
        ByteSequence key = key("never-answered");
        try (Client onlyThatMember = cluster.clientOf(frozen)) {
            // Connected first, then frozen: the connection stays open and a call on it waits for an answer that
            // never comes, as one to a member that hangs or to a leader that died mid-call (no error, only silence).
            onlyThatMember.getKVClient().get(key).get(20, TimeUnit.SECONDS);
            cluster.freezeMember(frozen);
            try {
                java.util.concurrent.CompletableFuture<Outcome> answer = new java.util.concurrent.CompletableFuture<>();
                Thread caller = new Thread(() -> {
                    try {
                        answer.complete(CreateOnce.create(onlyThatMember.getKVClient(), key, object("mine"), deadline));
                    } catch (Throwable e) {
                        answer.completeExceptionally(e);
                    }
                }, "create-through-a-frozen-member");
                caller.setDaemon(true);
                caller.start();
                Outcome outcome;
                try {
                    outcome = answer.get(allowed, TimeUnit.SECONDS);
                } catch (java.util.concurrent.TimeoutException hanging) {
                    caller.interrupt();
                    throw new AssertionError("a create through a member that never answers, with a deadline of "
                            + deadline.toSeconds() + " s, was still waiting after " + allowed + " s: an attempt must stop"
                            + " waiting after CreateOnce.ATTEMPT (" + CreateOnce.ATTEMPT.toSeconds() + " s), and the create"
                            + " must give up (throw) once its deadline has passed");
                } catch (java.util.concurrent.ExecutionException gaveUp) {
                    if (gaveUp.getCause() instanceof UnsupportedOperationException todo) {
                        throw todo; // the skeleton, as it is
                    }
                    return; // gave up in time: the outcome is unknown, and the caller is told so
                }
                throw new AssertionError("a create through a member that never answered said " + outcome
                        + ": nothing came back from etcd, so the outcome is unknown and the create must throw");
            } finally {
                cluster.thawMember(frozen);
            }
        }
    }

    @Test
    @Order(5)
    @DisplayName("a member silent for a while: the create outlasts it, and its object is stored once")
    void aMemberSilentForAWhile() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external etcd cluster cannot be frozen by the course");
        int frozen = (cluster.leader() + 1) % cluster.size();
        ByteSequence key = key("silent-for-a-while");
        ByteSequence mine = object("mine");
        long silence = CreateOnce.ATTEMPT.toMillis() + 1500;
        try (Client onlyThatMember = cluster.clientOf(frozen)) {
            onlyThatMember.getKVClient().get(key).get(20, TimeUnit.SECONDS); // connected, then frozen
            cluster.freezeMember(frozen);
            java.util.concurrent.CompletableFuture<Outcome> answer = new java.util.concurrent.CompletableFuture<>();
            Thread caller = new Thread(() -> {
                try {
                    answer.complete(CreateOnce.create(onlyThatMember.getKVClient(), key, mine, DEADLINE));
                } catch (Throwable e) {
                    answer.completeExceptionally(e);
                }
            }, "create-through-a-silent-member");
            caller.setDaemon(true);
            caller.start();
            try {
                Thread.sleep(silence); // longer than one attempt may wait: the first attempt's answer is lost
            } finally {
                cluster.thawMember(frozen);
            }
            Outcome outcome;
            try {
                outcome = answer.get(DEADLINE.toSeconds() + 10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException gaveUp) {
                if (gaveUp.getCause() instanceof UnsupportedOperationException todo) {
                    throw todo; // the skeleton, as it is
                }
                throw new AssertionError("a create through a member that was silent for " + silence + " ms, with a deadline of "
                        + DEADLINE.toSeconds() + " s, gave up: " + gaveUp.getCause() + "; an attempt that got no answer in"
                        + " time has an unknown outcome, not a failed one, and the create must keep trying until its"
                        + " deadline", gaveUp.getCause());
            }
            assertThat(outcome).as("a create through a member silent for %d ms, then answering again", silence)
                    .isEqualTo(Outcome.CREATED);
            KeyValue stored = stored(key);
            assertThat(stored).as("the key after a create that answered Created").isNotNull();
            assertThat(text(stored.getValue())).as("the stored object").isEqualTo(text(mine));
            assertThat(stored.getVersion()).as("the key's version (1 = written once; more = the lost attempt and the retry"
                    + " both wrote)").isEqualTo(1);
        }
    }

    @Test
    @Order(9) // last: the attempts' tests need every member alive
    @DisplayName("the leader killed during a stream of creates: every create answers, none lost, none applied twice, none over another's object")
    void leaderKilledDuringAStream() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external etcd cluster cannot be killed by the course");
                int count = 60;
        List<ByteSequence> keys = new ArrayList<>();
        List<ByteSequence> mine = new ArrayList<>();
        List<ByteSequence> theirs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            keys.add(key("stream-" + i));
            mine.add(object("mine-" + i));
            ByteSequence other = i % 3 == 2 ? object("theirs-" + i) : null;
            theirs.add(other);
            if (other != null) {
                leader.getKVClient().put(keys.get(i), other).get(10, TimeUnit.SECONDS);
            }
        }
        int killed = cluster.leader();
        Outcome[] outcomes = new Outcome[count];
        Throwable[] failures = new Throwable[count];
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(count / 3);
        try (Client anyMember = cluster.newClient()) {
            // Three writers at once, so that the kill lands while creates are in flight, not between them.
            List<Thread> writers = new ArrayList<>();
            for (int w = 0; w < 3; w++) {
                int first = w;
                Thread writer = new Thread(() -> {
                    for (int i = first; i < count; i += 3) {
                        try {
                            outcomes[i] = CreateOnce.create(anyMember.getKVClient(), keys.get(i), mine.get(i), DEADLINE);
                        } catch (Throwable e) {
                            failures[i] = e;
                        }
                        started.countDown();
                    }
                }, "writer-" + w);
                writer.start();
                writers.add(writer);
            }
            started.await(60, TimeUnit.SECONDS);
            cluster.killMember(killed); // mid-stream: writes in flight to it lose their answers
            for (Thread writer : writers) {
                writer.join(TimeUnit.SECONDS.toMillis(150));
            }
        }
        for (int i = 0; i < count; i++) {
            if (failures[i] != null) {
                throw new AssertionError("create #" + i + " (the leader killed after about " + count / 3 + " creates) gave up: "
                        + failures[i], failures[i]);
            }
            assertThat(outcomes[i]).as("create #%d (the leader killed after about %d creates) never answered", i, count / 3)
                    .isNotNull();
        }
        try (Client survivor = cluster.clientOf((killed + 1) % cluster.size())) {
            for (int i = 0; i < count; i++) {
                GetResponse got = survivor.getKVClient().get(keys.get(i)).get(20, TimeUnit.SECONDS);
                KeyValue stored = got.getKvs().isEmpty() ? null : got.getKvs().get(0);
                String what = "create #" + i + " (the leader killed after about " + count / 3 + " creates)";
                assertThat(stored).as("%s answered %s but its key is empty", what, outcomes[i]).isNotNull();
                if (theirs.get(i) != null) {
                    assertThat(outcomes[i]).as("%s over another writer's object", what).isEqualTo(Outcome.ALREADY_EXISTS);
                    assertThat(text(stored.getValue())).as("%s: the other writer's object after it", what).isEqualTo(text(theirs.get(i)));
                } else {
                    assertThat(outcomes[i]).as("%s of a free key: the key now holds this create's own object", what)
                            .isEqualTo(Outcome.CREATED);
                    assertThat(text(stored.getValue())).as("%s: the stored object", what).isEqualTo(text(mine.get(i)));
                }
                assertThat(stored.getVersion()).as("%s: the key's version (1 = written once; more = a write applied twice or"
                        + " written over)", what).isEqualTo(1);
            }
        }
    }

    /**
     * An attempt given up on is called off. kube-apiserver's calls to etcd carry the request's context, and its
     * deadline cancels the gRPC call (go.etcd.io/etcd/client/v3: every call takes a context); a call left running
     * against a member that never answers holds its stream, and the next attempt adds another.
     */
    @Test
    @Order(6)
    @DisplayName("a member that never answers: the calls of the attempts given up on are called off, not left waiting")
    void abandonedAttemptsAreCalledOff() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external etcd cluster cannot be frozen by the course");
        RecordedCalls calls = createThroughAFrozenMember("called-off", Duration.ofSeconds(3));
        List<Long> waiting = calls.stillWaiting();
        assertThat(waiting).as("the create made %d call(s) to the frozen member and gave up, leaving the call(s) sent at"
                + " %s ms (from the create's start) still waiting for an answer (see ./course hint 7.2)", calls.count(),
                waiting).isEmpty();
    }

    /**
     * The pause before each retry: etcd's own Go client waits 25 ms (with jitter) before it retries a call
     * (go.etcd.io/etcd/client/v3/options.go, defaultBackoffWaitBetween), client-go's retries 10 ms and more
     * (k8s.io/client-go/util/retry/util.go). A member that never answered one attempt is no readier a moment later.
     */
    @Test
    @Order(7)
    @DisplayName("a member that never answers: the attempts are spaced, not sent the moment the last one was given up")
    void attemptsAreSpaced() throws Exception {
        assumeTrue(cluster.canInjectFaults(), "an external etcd cluster cannot be frozen by the course");
        RecordedCalls calls = createThroughAFrozenMember("spaced", Duration.ofSeconds(5));
        List<Long> gaps = calls.gapsMillis(CreateOnce.ATTEMPT);
        assertThat(gaps).as("calls the create made to the frozen member: %d", calls.count()).isNotEmpty();
        for (int i = 0; i < gaps.size(); i++) {
            assertThat(gaps.get(i)).as("attempt #%d began %d ms after attempt #%d was given up (the gaps, in ms: %s;"
                    + " see ./course hint 7.2)", i + 2, gaps.get(i), i + 1, gaps).isGreaterThanOrEqualTo(MIN_PAUSE_MILLIS);
        }
    }

    /** A create through a member frozen after the client connected, until it gives up; what it asked of etcd. */
    private static RecordedCalls createThroughAFrozenMember(String name, Duration deadline) throws Exception {
        int frozen = (cluster.leader() + 1) % cluster.size();
        ByteSequence key = key(name);
        long allowed = deadline.plus(CreateOnce.ATTEMPT).toSeconds() + 5;
        try (Client onlyThatMember = cluster.clientOf(frozen)) {
            onlyThatMember.getKVClient().get(key).get(20, TimeUnit.SECONDS); // connected, then frozen
            RecordedCalls calls = new RecordedCalls(onlyThatMember.getKVClient());
            cluster.freezeMember(frozen);
            try {
                java.util.concurrent.CompletableFuture<Outcome> answer = new java.util.concurrent.CompletableFuture<>();
                Thread caller = new Thread(() -> {
                    try {
                        answer.complete(CreateOnce.create(calls.kv(), key, object("mine"), deadline));
                    } catch (Throwable e) {
                        answer.completeExceptionally(e);
                    }
                }, "create-through-a-frozen-member");
                caller.setDaemon(true);
                caller.start();
                try {
                    Outcome outcome = answer.get(allowed, TimeUnit.SECONDS);
                    throw new AssertionError("a create through a member that never answered said " + outcome
                            + " (see ./course hint 7.2)");
                } catch (java.util.concurrent.TimeoutException hanging) {
                    caller.interrupt();
                    throw new AssertionError("a create through a member that never answers, with a deadline of "
                            + deadline.toSeconds() + " s, was still waiting after " + allowed + " s (see ./course hint 7.2)");
                } catch (java.util.concurrent.ExecutionException gaveUp) {
                    if (gaveUp.getCause() instanceof UnsupportedOperationException todo) {
                        throw todo; // the skeleton, as it is
                    }
                }
                Thread.sleep(200); // what the create does to its calls as it gives up, done by now
                return calls.snapshot();
            } finally {
                cluster.thawMember(frozen);
            }
        }
    }

    /**
     * The member's own KV, every call still sent to etcd as it is, with each call noted: when it was sent and when
     * its future was done (answered, failed, or called off), in ms from the first call.
     */
    private static final class RecordedCalls {
        private final KV kv;
        private final List<long[]> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        private final List<java.util.concurrent.CompletableFuture<?>> futures =
                java.util.Collections.synchronizedList(new ArrayList<>());
        private List<long[]> frozenCalls;
        private List<Boolean> frozenDone;

        RecordedCalls(KV real) {
            this.kv = (KV) java.lang.reflect.Proxy.newProxyInstance(KV.class.getClassLoader(), new Class<?>[] {KV.class},
                    (proxy, method, args) -> noted(invoke(real, method, args)));
        }

        KV kv() {
            return kv;
        }

        private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
            try {
                return method.invoke(target, args);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
            }
        }

        private Object noted(Object result) {
            if (result instanceof Txn txn) {
                return java.lang.reflect.Proxy.newProxyInstance(Txn.class.getClassLoader(), new Class<?>[] {Txn.class},
                        (proxy, method, args) -> {
                            Object next = invoke(txn, method, args);
                            return next instanceof Txn ? proxy : noted(next);
                        });
            }
            if (result instanceof java.util.concurrent.CompletableFuture<?> future) {
                long[] call = {System.nanoTime(), -1};
                calls.add(call);
                futures.add(future);
                future.whenComplete((r, e) -> call[1] = System.nanoTime());
            }
            return result;
        }

        RecordedCalls snapshot() {
            frozenCalls = new ArrayList<>();
            frozenDone = new ArrayList<>();
            synchronized (calls) {
                for (int i = 0; i < calls.size(); i++) {
                    frozenCalls.add(calls.get(i).clone());
                    frozenDone.add(futures.get(i).isDone());
                }
            }
            return this;
        }

        int count() {
            return frozenCalls.size();
        }

        /** When each call still waiting for an answer was sent, in ms from the first call. */
        List<Long> stillWaiting() {
            List<Long> waiting = new ArrayList<>();
            for (int i = 0; i < frozenCalls.size(); i++) {
                if (!frozenDone.get(i)) {
                    waiting.add(TimeUnit.NANOSECONDS.toMillis(frozenCalls.get(i)[0] - frozenCalls.get(0)[0]));
                }
            }
            return waiting;
        }

        /**
         * For each call after the first: ms from the moment the call before it was done (or, if it was never called
         * off, from when its attempt's time was up) to the moment this one was sent.
         */
        List<Long> gapsMillis(Duration attempt) {
            List<Long> gaps = new ArrayList<>();
            for (int i = 1; i < frozenCalls.size(); i++) {
                long[] previous = frozenCalls.get(i - 1);
                long givenUp = previous[1] >= 0 && previous[1] <= frozenCalls.get(i)[0] ? previous[1]
                        : previous[0] + attempt.toNanos();
                gaps.add(TimeUnit.NANOSECONDS.toMillis(frozenCalls.get(i)[0] - givenUp));
            }
            return gaps;
        }
    }

    private static KeyValue stored(ByteSequence key) throws Exception {
        GetResponse got = leader.getKVClient().get(key).get(10, TimeUnit.SECONDS);
        return got.getKvs().isEmpty() ? null : got.getKvs().get(0);
    }

    private static ByteSequence key(String name) {
        return ByteSequence.from("/registry/configmaps/lab-" + RUN + "/" + name, StandardCharsets.UTF_8);
    }

    /** A ConfigMap's bytes, unique to one create as its uid is. */
    private static ByteSequence object(String name) {
        return ByteSequence.from("{\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"" + name + "\",\"uid\":\""
                + UUID.randomUUID() + "\"}}", StandardCharsets.UTF_8);
    }

    private static String text(ByteSequence bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
