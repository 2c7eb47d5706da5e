package io.rvlab.ch03.bench;

import java.io.IOException;
import java.net.URI;

/**
 * How the benchmark's load generator sends one HTTP/1.1 request, on a kept-alive connection. Two
 * JDK clients can do it ({@link LoadClient}); the table names the one it used, because on a
 * machine where the clients share the cores with the server and etcd, the client's own CPU is part
 * of what the API server column measures.
 */
public interface HttpTransport {

    /** The status and body of an answer; any status is an answer, only I/O failures throw. */
    record Response(int status, byte[] body) {
    }

    /** Sends {@code body} (or none, if null) as JSON; asks for JSON back. */
    Response send(String method, URI uri, byte[] body) throws IOException, InterruptedException;
}
