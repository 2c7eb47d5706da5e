package io.rvlab.conformance;

import static io.rvlab.conformance.ReplayJson.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.rvlab.conformance.Transcript.EtcdBlock;
import io.rvlab.conformance.Transcript.Entry;
import io.rvlab.conformance.Transcript.Exchange;
import io.rvlab.conformance.Transcript.Note;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the transcripts tell of the real run's revisions, told to the {@link RvTranslator}: notes
 * ("etcd header revision now: 85"), etcd blocks, every revision in a response or a recorded watch.
 * etcdctl's compactions are made here too.
 */
final class RevisionObserver {

    private static final Pattern NOTE_REVISION = Pattern.compile("revision[^:0-9;]*:\\s*(\\d+)");
    private static final Pattern ETCD_HEADER_REVISION = Pattern.compile("\"revision\":\\s*(\\d+)");
    /** Chapter 4's notes: "etcd revision before=270", "etcd revision at start 280", "(etcd revision 260)". */
    private static final Pattern WATCH_NOTE_REVISION = Pattern.compile(
            "etcd revision (?:at start |before=)(\\d+)|\\(etcd revision (\\d+)\\)");
    private static final Pattern WATCH_NOTE_AFTER = Pattern.compile("etcd revision before=\\d+ after=(\\d+)");

    private final RevisionSync sync;
    private final RvTranslator rv;

    RevisionObserver(RevisionSync sync) {
        this.sync = sync;
        this.rv = sync.rv();
    }

    /** Notes and etcd blocks tell which revisions the real run had reached; etcdctl's compactions are made here too. */
    void observe(Entry entry, boolean replaying) {
        if (entry instanceof Note note) {
            Matcher m = NOTE_REVISION.matcher(note.text());
            while (m.find()) {
                rv.observe(Long.parseLong(m.group(1)), null);
            }
            if (sync.followsWatches()) {
                observeWatchNote(note.text(), replaying);
            }
        } else if (entry instanceof EtcdBlock block && block.command().equals("compact")) {
            Matcher compacted = Transcript.COMPACTED.matcher(block.output());
            if (compacted.matches()) {
                rv.observe(Long.parseLong(compacted.group(1)), null); // etcd had reached it: one cannot compact the future
                sync.catchUp();
                sync.compact(rv.revision(Long.parseLong(compacted.group(1))).ours());
            }
        } else if (entry instanceof EtcdBlock block) {
            Matcher m = ETCD_HEADER_REVISION.matcher(block.output());
            while (m.find()) {
                rv.observe(Long.parseLong(m.group(1)), null);
            }
        }
    }

    /** Every revision in a golden response existed in the real run; a skipped write's is labelled as such. */
    void observe(Exchange exchange, Optional<String> laterChapter) {
        String what = laterChapter.map(chapter -> exchange.request().method() + " " + exchange.id() + ", " + chapter)
                .orElse(null);
        JsonNode body = json(exchange.response().body());
        if (body == null) {
            return;
        }
        List<JsonNode> objects = new ArrayList<>();
        objects.add(body);
        body.path("items").forEach(objects::add);
        for (JsonNode object : objects) {
            String text = object.path("metadata").path("resourceVersion").asText("");
            if (text.matches("[0-9]+") && !text.equals("0")) {
                rv.observe(Long.parseLong(text), object == body && body.has("items") ? null : what);
            }
        }
        RvTranslator.continueRevision(body.path("metadata").path("continue").asText(""))
                .filter(r -> r > 0).ifPresent(r -> rv.observe(r, null));
    }

    /** Chapter 4's notes: "etcd revision before=270 after=272", "etcd revision at start 280", "(PATCH cm-c -> RV 274)". */
    private void observeWatchNote(String note, boolean replaying) {
        Matcher m = WATCH_NOTE_REVISION.matcher(note);
        while (m.find()) {
            rv.observe(Long.parseLong(m.group(1) != null ? m.group(1) : m.group(2)), null);
        }
        Matcher after = WATCH_NOTE_AFTER.matcher(note);
        while (after.find()) {
            sync.afterNextExchange(Long.parseLong(after.group(1)));
        }
        Matcher update = RevealedHistory.NOTE_UPDATE.matcher(note);
        while (update.find()) {
            rv.observe(Long.parseLong(update.group(2)), null);
        }
        if (!replaying) { // when replaying, the watch after the note makes it at its time
            Matcher timed = RevealedHistory.NOTE_TIMED_CREATE.matcher(note);
            while (timed.find()) {
                rv.observe(Long.parseLong(timed.group(4)), null);
            }
        }
    }

    /** The revisions a watch showed existed; when it was not sent, so did the writes its notes describe. */
    void observeStream(Exchange watch, boolean notSent) {
        streamRevisions(watch).forEach(r -> rv.observe(r, null));
        if (notSent) {
            for (String note : watch.notes()) {
                Matcher timed = RevealedHistory.NOTE_TIMED_CREATE.matcher(note);
                while (timed.find()) {
                    rv.observe(Long.parseLong(timed.group(4)), null);
                }
            }
        }
    }

    /** Every revision a recorded stream shows: its events' objects and its bookmarks. */
    static List<Long> streamRevisions(Exchange watch) {
        List<Long> revisions = new ArrayList<>();
        for (RecordedStream.StreamEvent event : watch.stream().events()) {
            eventRevision(event.line()).ifPresent(revisions::add);
        }
        return revisions;
    }

    static OptionalLong eventRevision(String line) {
        JsonNode event = json(line);
        String text = event == null ? "" : event.path("object").path("metadata").path("resourceVersion").asText("");
        return text.matches("[1-9][0-9]*") ? OptionalLong.of(Long.parseLong(text)) : OptionalLong.empty();
    }
}
