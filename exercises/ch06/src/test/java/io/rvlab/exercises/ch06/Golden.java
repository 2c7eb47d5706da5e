package io.rvlab.exercises.ch06;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The fieldsV1 objects a real kube-apiserver 1.26.1 wrote, exactly as it wrote them, read from the
 * recorded transcripts in {@code conformance/golden/} (a1: a plain POST of a ConfigMap, g1: server-side
 * apply, h1: a Deployment and its /status).
 */
final class Golden {

    static final List<String> TRANSCRIPTS = List.of(
            "a1-create-get-configmap-vs-etcd.txt", "g1-server-side-apply.txt", "h1-deployment-generation.txt");

    private Golden() {
    }

    /** The distinct fieldsV1 texts of the transcripts, in the order they first appear. */
    static List<String> fieldsV1Texts() {
        Set<String> found = new LinkedHashSet<>();
        for (String name : TRANSCRIPTS) {
            String transcript = read(directory().resolve(name));
            for (String line : transcript.split("\n")) {
                if (!line.startsWith("{")) {
                    continue;
                }
                JsonNode body;
                try {
                    body = Stage.JSON.readTree(line);
                } catch (IOException e) {
                    continue;   // not a JSON body line
                }
                List<JsonNode> objects = new ArrayList<>();
                objects.add(body);
                body.path("items").forEach(objects::add);
                for (JsonNode object : objects) {
                    for (JsonNode entry : object.path("metadata").path("managedFields")) {
                        String text = entry.path("fieldsV1").toString();
                        // Jackson writes compact JSON as Go does for these keys; make sure these are the server's own bytes.
                        if (!transcript.contains("\"fieldsV1\":" + text)) {
                            throw new IllegalStateException("not verbatim in " + name + ": " + text);
                        }
                        found.add(text);
                    }
                }
            }
        }
        if (found.isEmpty()) {
            throw new IllegalStateException("no fieldsV1 found in " + directory());
        }
        return List.copyOf(found);
    }

    /** conformance/golden of this checkout, found from the working directory upwards. */
    static Path directory() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path golden = dir.resolve("conformance").resolve("golden");
            if (Files.isDirectory(golden)) {
                return golden;
            }
        }
        throw new IllegalStateException("conformance/golden not found above " + Path.of("").toAbsolutePath());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
