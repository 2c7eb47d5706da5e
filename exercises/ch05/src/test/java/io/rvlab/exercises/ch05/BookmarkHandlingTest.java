package io.rvlab.exercises.ch05;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.Client;
import io.rvlab.ch02.registry.ResourceTypes;
import io.rvlab.ch03.client.ConfigMapClient;
import io.rvlab.ch04.cache.WatchCache;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch04.watch.WatchEvent.Type;
import io.rvlab.ch05.cache.SharedInformer;
import io.rvlab.ch05.client.ResourceListerWatcher;
import io.rvlab.ch05.client.RestConfig;
import io.rvlab.ch05.history.EtcdState;
import io.rvlab.ch05.history.InformerChecker;
import io.rvlab.ch05.history.InformerHistory;
import io.rvlab.ch05.history.Partition;
import io.rvlab.support.etcd.EtcdExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Grading tests for exercise 5.2 (bookmark handling): the rules event by event, then a real informer
 * whose namespace stays quiet while another one is busy (more changes than the API server's watch
 * cache window holds): only bookmarks keep its resume point inside the window, so after its
 * connection is cut it must resume without a relist.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(90)
@DisplayName("5.2 bookmark handling")
class BookmarkHandlingTest {

    private final BookmarkHandling policy = new BookmarkHandling();

    @Test
    @DisplayName("ADDED, MODIFIED and DELETED move the resume point to their resourceVersion")
    void eventsAreProgress() {
        assertThat(policy.resumePointAfter("10", event(Type.ADDED, "11"), false)).isEqualTo("11");
        assertThat(policy.resumePointAfter("11", event(Type.MODIFIED, "15"), false)).isEqualTo("15");
        assertThat(policy.resumePointAfter("15", event(Type.DELETED, "16"), false)).isEqualTo("16");
    }

    @Test
    @DisplayName("a BOOKMARK moves it too, also far past the last event (other collections moved etcd on)")
    void bookmarkIsProgress() {
        assertThat(policy.resumePointAfter("16", event(Type.BOOKMARK, "480"), false)).isEqualTo("480");
    }

    @Test
    @DisplayName("the initial ADDED events of a watch from \"\" or \"0\" are not progress")
    void initialAddedIsNotProgress() {
        assertThat(policy.resumePointAfter("0", event(Type.ADDED, "42"), true)).isEqualTo("0");
        assertThat(policy.resumePointAfter("", event(Type.ADDED, "7"), true)).isEqualTo("");
    }

    // tag::grading[]
    @Test
    @DisplayName("a quiet informer follows the bookmarks, and resumes after a cut without a relist; store == etcd")
    void quietInformerResumesWithoutRelist(Client etcd) throws Exception {
        policy.resumePointAfter("1", event(Type.BOOKMARK, "2"), false); // a skeleton fails here, at once
        try (Stage stage = new Stage(etcd, WatchCache.Options.DEFAULT.withCapacity(5)
                .withBookmarkFrequency(Duration.ofMillis(200)))) {
            String quiet = stage.namespace("quiet");
            ConfigMapClient mine = stage.configMaps(quiet);
            mine.create(Stage.configMap("a", Map.of()));
            mine.create(Stage.configMap("b", Map.of()));
            ConfigMapClient busy = stage.configMaps(stage.namespace("busy"));

            InformerHistory history = new InformerHistory();
            Partition network = new Partition(new ResourceListerWatcher(RestConfig.forUrl(stage.server.url()), mine.collection()));
            try (SharedInformer informer = new SharedInformer("quiet", history.recording(network),
                    Stage.reflectorOptions().withEvents(policy), Map.of())) {
                informer.addEventHandler(history).addListener(history).start();
                assertThat(Stage.await(informer::hasSynced)).as("synced").isTrue();

                long last = 0;
                for (int i = 0; i < 12; i++) { // more than the window of 5, all in another namespace
                    last = Stage.rv(busy.create(Stage.configMap("noise-" + i, Map.of())));
                }
                long busyLast = last;
                assertThat(Stage.await(() -> Long.parseLong(informer.reflector().lastSyncResourceVersion()) >= busyLast))
                        .as("the resume point follows the bookmarks past the other namespace's writes (now %s, etcd at %d)",
                                informer.reflector().lastSyncResourceVersion(), busyLast)
                        .isTrue();

                network.cut();
                assertThat(Stage.await(network::holding)).isTrue();
                network.heal();
                long written = Stage.rv(mine.patch("a", "{\"data\":{\"k\":\"after\"}}"));
                assertThat(Stage.await(() -> informer.indexer().getByKey(quiet + "/a")
                        .map(o -> Stage.rv(o) >= written).orElse(false))).as("the write after the cut arrived").isTrue();

                EtcdState truth = EtcdState.read(etcd, ResourceTypes.CONFIGMAPS.prefix(quiet));
                Stage.await(() -> Stage.sameAs(history.handlerView().values(), truth));
                InformerChecker.Report report = Stage.checker(truth).check(history, informer.indexer().list());
                assertThat(report.ok()).as("the history checker: %s", report).isTrue();
                assertThat(informer.reflector().lists()).as("LISTs: the first one only, the resume needed none").isEqualTo(1);
            }
        }
    }
    // end::grading[]

    private static WatchEvent event(Type type, String resourceVersion) {
        ObjectNode object = JsonNodeFactory.instance.objectNode().put("kind", "ConfigMap").put("apiVersion", "v1");
        object.putObject("metadata").put("name", "x").put("namespace", "lab").put("resourceVersion", resourceVersion);
        return new WatchEvent(type, object);
    }
}
