package io.rvlab.ch01;

import static org.assertj.core.api.Assertions.assertThat;

import io.etcd.jetcd.Client;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.w3c.dom.Document;

@ExtendWith(EtcdExtension.class)
@DisplayName("The revision timeline")
class TimelineSvgTest {

    @Test
    @DisplayName("records, after each write, every key's numbers as they were right after it")
    void recordsStateAfterEachWrite(Client client, KeyPrefix prefix) {
        RevisionReader reader = new RevisionReader(client);
        RevisionWriter writer = new RevisionWriter(client);
        String a = prefix.key("a");
        String b = prefix.key("b");
        RevisionTimeline timeline = new RevisionTimeline("test", prefix.value(), List.of(a, b));

        long one = writer.put(a, "1");
        timeline.record(one, "put a=1", List.of(a), reader);
        long two = writer.put(b, "1");
        writer.put(a, "later"); // after the recorded write: must not show up in the second entry
        timeline.record(two, "put b=1", List.of(b), reader);

        List<RevisionTimeline.Entry> entries = timeline.entries();
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).keys().get(1).exists()).as("b did not exist yet").isFalse();
        assertThat(entries.get(1).keys().get(0).value()).contains("1");
        assertThat(entries.get(1).keys().get(1).createRevision()).isEqualTo(two);
        assertThat(entries.get(1).touches(b)).isTrue();
        assertThat(entries.get(1).touches(a)).isFalse();
        assertThat(timeline.table().get(0)).startsWith("revision").contains(String.valueOf(one), String.valueOf(two));
    }

    @Test
    @DisplayName("draws well-formed SVG with one cell per key per write, escaping what XML needs escaped")
    void wellFormedSvg(Client client, KeyPrefix prefix) throws Exception {
        RevisionReader reader = new RevisionReader(client);
        RevisionWriter writer = new RevisionWriter(client);
        String a = prefix.key("a");
        String b = prefix.key("b");
        RevisionTimeline timeline = new RevisionTimeline("<keys> & \"values\"", prefix.value(), List.of(a, b));
        long one = writer.put(a, "x<y&z");
        timeline.record(one, "put a", List.of(a), reader);
        long two = writer.delete(a);
        timeline.record(two, "delete a", List.of(a), reader);
        long three = writer.put(b, "'quoted'");
        timeline.record(three, "put b", List.of(b), reader);

        String svg = TimelineSvg.render(timeline);
        Document document = parse(svg);
        assertThat(document.getDocumentElement().getTagName()).isEqualTo("svg");
        // 2 keys x 3 writes cells + 4 legend swatches + the background
        assertThat(document.getElementsByTagName("rect").getLength()).isEqualTo(2 * 3 + 4 + 1);
        assertThat(svg).contains(">" + one + "<", ">" + two + "<", ">" + three + "<", "deleted", "absent");
        assertThat(TimelineSvg.render(timeline)).as("deterministic").isEqualTo(svg);
    }

    static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
