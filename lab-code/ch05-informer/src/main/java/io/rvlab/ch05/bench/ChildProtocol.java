package io.rvlab.ch05.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * How the benchmark's child JVMs talk to the parent: each message one stdout line,
 * {@code @bench <kind> <JSON object>}; anything else on stdout is ignored, stderr goes to a log file.
 */
final class ChildProtocol {

    static final String PREFIX = "@bench ";
    static final ObjectMapper JSON = new ObjectMapper();

    /** A message from a child. */
    record Message(String kind, ObjectNode body) {
    }

    private ChildProtocol() {
    }

    static ObjectNode body() {
        return JSON.createObjectNode();
    }

    /** Sends one message to the parent. */
    static void send(String kind, ObjectNode body) {
        try {
            String line = PREFIX + kind + " " + JSON.writeValueAsString(body);
            synchronized (System.out) {
                System.out.println(line);
                System.out.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The message in {@code line}, or null when the line is not one. */
    static Message parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return null;
        }
        String rest = line.substring(PREFIX.length());
        int space = rest.indexOf(' ');
        if (space < 0) {
            return null;
        }
        try {
            return new Message(rest.substring(0, space), (ObjectNode) JSON.readTree(rest.substring(space + 1)));
        } catch (IOException | ClassCastException e) {
            return null;
        }
    }
}
