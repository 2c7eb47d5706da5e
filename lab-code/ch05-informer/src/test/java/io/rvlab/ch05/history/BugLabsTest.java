package io.rvlab.ch05.history;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.ch05.cache.Reflector;
import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The relist bug labs on their stage ({@link ReplicaScenario}: two API servers on one etcd, a 410, a
 * relist that lands on the replica whose cache has stalled): each bug is caught by the checker, and
 * client-go's reflector on the same stage is clean.
 */
@ExtendWith(EtcdExtension.class)
@DisplayName("Bug labs: the history checker catches each reflector bug, and passes client-go's")
class BugLabsTest {

    private final Client etcd;

    BugLabsTest(Client etcd) {
        this.etcd = etcd;
    }

    // tag::bug-labs[]
    @Test
    @Timeout(90)
    @DisplayName("client-go's reflector: relist at the last synced rv, 504 from the stalled replica, then \"\": every check holds")
    void clientGoIsClean() throws Exception {
        ReplicaScenario.Result result = scenario(Duration.ofSeconds(30)).run(ReplicaScenario.options(), UnaryOperator.identity(), null);

        assertThat(result.report().ok()).as("%s%s", result.report(), result.history().tail(40)).isTrue();
        assertThat(result.history().entries()).as("the relist met the stalled replica's 504, then listed at \"\"")
                .anySatisfy(e -> assertThat(e.code()).isEqualTo(504))
                .anySatisfy(e -> assertThat(e.kind() + " " + e.resourceVersion()).isEqualTo("LIST_ASKED "));
    }

    @Test
    @Timeout(90)
    @DisplayName("RelistFromCache (#83520): a relist at \"0\" answered by the stalled replica takes the store back in time")
    void relistFromCacheTravelsBackInTime() throws Exception {
        ReplicaScenario.Result result = scenario(Duration.ofSeconds(5))
                .run(ReplicaScenario.options().withRelist(new RelistFromCache()), UnaryOperator.identity(), null);

        assertThat(result.report().has(Check.TIME_TRAVEL)).as("%s", result.report()).isTrue();
    }

    @Test
    @Timeout(90)
    @DisplayName("TooLargeLoop (#91073, #107133): asking again for a resourceVersion the replica called too large is a list storm")
    void tooLargeLoopIsAListStorm() throws Exception {
        ReplicaScenario.Result result = scenario(Duration.ofSeconds(5))
                .run(ReplicaScenario.options().withRelist(new TooLargeLoop()), UnaryOperator.identity(), null);

        assertThat(result.report().has(Check.LIST_LOOP)).as("%s", result.report()).isTrue();
        assertThat(result.report().has(Check.FINAL_STATE)).as("%s", result.report()).isTrue();
    }

    @Test
    @Timeout(90)
    @DisplayName("GiveUpOn410 (fabric8io/kubernetes-client #1961): a reflector that stops at a 410 never relists, and its store stays behind")
    void giveUpOn410IsCaught() throws Exception {
        GiveUpOn410[] bug = new GiveUpOn410[1];
        ReplicaScenario.Result result;
        try {
            result = scenario(Duration.ofSeconds(5)).run(ReplicaScenario.options(), lw -> bug[0] = new GiveUpOn410(lw),
                    new io.rvlab.ch05.cache.ReflectorListener() {
                        @Override
                        public void watchEnded(String reason) {
                            bug[0].watchEnded(reason);
                        }

                        @Override
                        public void event(io.rvlab.ch04.watch.WatchEvent event, String lastSync) {
                            bug[0].event(event, lastSync);
                        }
                    });
        } finally {
            if (bug[0] != null) {
                bug[0].close();
            }
        }

        assertThat(bug[0].gaveUp()).isTrue();
        assertThat(result.report().has(Check.GAVE_UP)).as("%s", result.report()).isTrue();
        assertThat(result.report().has(Check.FINAL_STATE)).as("%s", result.report()).isTrue();
    }
    // end::bug-labs[]

    private ReplicaScenario scenario(Duration converge) {
        return new ReplicaScenario(etcd, converge).narrating(line -> System.out.println("[replicas] " + line));
    }

}
