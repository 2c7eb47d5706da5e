package io.rvlab.ch02.server;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * The server's request log, one line per request: method, URI, then the status and the time it took,
 * or "stream" for an answer that goes on (a watch), when it starts. kube-apiserver logs the same line
 * per request at higher verbosity (k8s.io/apiserver pkg/server/httplog httplog.go); here it is what
 * {@code ./course serve} prints, so the terminal shows what kubectl sent. Off until given a stream.
 */
final class RequestLog {

    private volatile PrintStream out;

    /** Logs to {@code out} from now on; null: logs nothing. */
    void logTo(PrintStream out) {
        this.out = out;
    }

    /** A request the authentication filter refused. */
    void unauthorized(String requestLine) {
        PrintStream log = out;
        if (log != null) {
            log.printf("%s -> 401 (no valid bearer token)%n", requestLine);
        }
    }

    /** A request whose answer is a stream that has taken the response over. */
    void stream(String requestLine) {
        PrintStream log = out;
        if (log != null) {
            log.printf("%s -> stream%n", requestLine);
        }
    }

    /** A request answered with {@code code}, {@code startedNanos} ({@link System#nanoTime()}) after it arrived. */
    void answered(String requestLine, int code, long startedNanos) {
        PrintStream log = out;
        if (log != null) {
            log.printf("%s -> %d (%d ms)%n", requestLine, code,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos));
        }
    }
}
