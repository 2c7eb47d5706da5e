package io.rvlab.exercises.ch05;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch05.history.ReplicaScenario;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 5.1 (the relist decision): the decision table, then the decision in a
 * real reflector on the bug labs' stage ({@link ReplicaScenario}: the relist after a 410 lands on an API
 * server whose watch cache has stalled), judged by the informer history checker.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(90)
@DisplayName("5.1 the relist decision")
class RelistDecisionTest {

    private final RelistDecision decision = new RelistDecision();

    @Test
    @DisplayName("the very first list is at \"0\": any cached state will do, there is nothing to go back from")
    void firstListAtZero() {
        assertThat(decision.listResourceVersion("", false)).isEqualTo("0");
    }

    @Test
    @DisplayName("a relist asks for the last synced resourceVersion: not older than what the store has")
    void relistAtLastSync() {
        assertThat(decision.listResourceVersion("1234", false)).isEqualTo("1234");
        assertThat(decision.listResourceVersion("7", false)).isEqualTo("7");
    }

    @Test
    @DisplayName("once that resourceVersion is unavailable (410, too large), the relist is at \"\": a consistent read")
    void unavailableMeansConsistent() {
        assertThat(decision.listResourceVersion("1234", true)).isEqualTo("");
        assertThat(decision.listResourceVersion("", true)).as("also before any sync").isEqualTo("");
    }

    // tag::grading[]
    @Test
    @DisplayName("in a real reflector, after a 410 and a relist on a replica that is behind: no time travel, no loop, store == etcd")
    void checkerHoldsOnTheReplicaStage(Client etcd) throws Exception {
        decision.listResourceVersion("", false); // a skeleton fails here, at once, with its TODO
        ReplicaScenario.Result result = new ReplicaScenario(etcd, Duration.ofSeconds(20))
                .narrating(line -> System.out.println("[5.1] " + line))
                .run(ReplicaScenario.options().withRelist(decision), UnaryOperator.identity(), null);

        assertThat(result.report().ok()).as("the history checker: %s", result.report()).isTrue();
    }
    // end::grading[]
}
