package io.rvlab.ch05.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ListOptions;
import io.rvlab.ch05.cache.WatchListOptions;
import io.rvlab.ch05.history.InformerChecker.Check;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The checker's rules on histories written by hand (the recorder's own methods, in the order a
 * reflector and its handlers would call them): what each broken promise looks like as a line.
 * The real histories, from real reflectors on real etcd, are in BugLabsTest and InformerFaultsTest.
 */
@DisplayName("InformerChecker: each rule, on a history written by hand")
class InformerCheckerTest {

    private static final EtcdState ETCD = new EtcdState(Map.of("lab/a", cm("a", 12, "v2")), 12);

    @Test
    @DisplayName("a clean history: list, watch, an update seen by the handler, store == etcd")
    void clean() {
        InformerHistory h = new InformerHistory();
        h.listed(ListOptions.resourceVersion("0"), "10", 1);
        h.onAdd(cm("a", 10, "v1"), true);
        h.watchStarted(WatchListOptions.watch("10", 300));
        h.event(new WatchEvent(WatchEvent.Type.MODIFIED, cm("a", 12, "v2")), "12");
        h.onUpdate(cm("a", 10, "v1"), cm("a", 12, "v2"));

        InformerChecker.Report report = new InformerChecker(ETCD).check(h, List.of(cm("a", 12, "v2")));
        assertThat(report.ok()).as("%s", report).isTrue();
    }

    @Test
    @DisplayName("a relist older than what was synced, and the older object it hands on, are TIME_TRAVEL")
    void timeTravel() {
        InformerHistory h = new InformerHistory();
        h.listed(ListOptions.resourceVersion("0"), "12", 1);
        h.onAdd(cm("a", 12, "v2"), true);
        h.watchStarted(WatchListOptions.watch("12", 300));
        h.watchEnded("410 Expired: too old resource version: 12 (15)");
        h.listed(ListOptions.resourceVersion("0"), "10", 1);
        h.onUpdate(cm("a", 12, "v2"), cm("a", 10, "v1"));
        h.watchStarted(WatchListOptions.watch("10", 300));

        InformerChecker.Report report = new InformerChecker(ETCD).check(h, List.of(cm("a", 10, "v1")));
        assertThat(report.violations()).extracting(InformerChecker.Violation::kind)
                .contains(Check.TIME_TRAVEL, Check.FINAL_STATE, Check.HANDLERS);
        assertThat(report.toString()).contains("TIME_TRAVEL at rv 10: a LIST");
    }

    @Test
    @DisplayName("a 410 with no relist after it is GAVE_UP")
    void gaveUp() {
        InformerHistory h = new InformerHistory();
        h.listed(ListOptions.resourceVersion("0"), "12", 1);
        h.onAdd(cm("a", 12, "v2"), true);
        h.watchStarted(WatchListOptions.watch("12", 300));
        h.watchEnded("410 Expired: too old resource version: 12 (15)");

        assertThat(new InformerChecker(ETCD).check(h, List.of(cm("a", 12, "v2"))).has(Check.GAVE_UP)).isTrue();
    }

    @Test
    @DisplayName("a resync followed by a LIST is RESYNC_LISTED; a resync re-delivering the same version is fine")
    void resync() {
        InformerHistory good = new InformerHistory();
        good.listed(ListOptions.resourceVersion("0"), "12", 1);
        good.onAdd(cm("a", 12, "v2"), true);
        good.watchStarted(WatchListOptions.watch("12", 300));
        good.resynced();
        good.onUpdate(cm("a", 12, "v2"), cm("a", 12, "v2"));
        assertThat(new InformerChecker(ETCD).check(good, List.of(cm("a", 12, "v2"))).ok()).isTrue();

        InformerHistory bad = new InformerHistory();
        bad.listed(ListOptions.resourceVersion("0"), "12", 1);
        bad.onAdd(cm("a", 12, "v2"), true);
        bad.watchStarted(WatchListOptions.watch("12", 300));
        bad.resynced();
        try {
            bad.recording(new io.rvlab.ch05.cache.ListerWatcher() {
                @Override
                public ObjectNode list(ListOptions options) {
                    ObjectNode list = JsonNodeFactory.instance.objectNode();
                    list.putObject("metadata").put("resourceVersion", "12");
                    list.putArray("items").add(cm("a", 12, "v2"));
                    return list;
                }

                @Override
                public io.rvlab.ch04.client.StreamWatcher watch(WatchListOptions options) {
                    throw new UnsupportedOperationException();
                }
            }).list(ListOptions.resourceVersion(""));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        assertThat(new InformerChecker(ETCD).check(bad, List.of(cm("a", 12, "v2"))).has(Check.RESYNC_LISTED)).isTrue();
    }

    private static ObjectNode cm(String name, long rv, String value) {
        ObjectNode cm = JsonNodeFactory.instance.objectNode().put("apiVersion", "v1").put("kind", "ConfigMap");
        cm.putObject("metadata").put("name", name).put("namespace", "lab").put("resourceVersion", Long.toString(rv));
        cm.putObject("data").put("k", value);
        return cm;
    }
}
