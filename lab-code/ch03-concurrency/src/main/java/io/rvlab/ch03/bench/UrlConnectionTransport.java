package io.rvlab.ch03.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URI;

/**
 * {@link HttpTransport} over the JDK's older {@link HttpURLConnection}: blocking, one connection per
 * thread at a time, kept alive in the JDK's connection cache once its answer has been read to the
 * end. It does less work per request than {@code java.net.http} (no selector thread, no async
 * hand-offs), so it leaves more of the shared cores to the server being measured. Chapter 4's watch
 * benchmark writes through it too.
 */
public final class UrlConnectionTransport implements HttpTransport {

    static {
        // The keep-alive cache keeps 5 idle connections per server by default; the benchmark runs up to
        // hundreds of client threads, and every connection it closed would be a new TCP handshake.
        if (System.getProperty("http.maxConnections") == null) {
            System.setProperty("http.maxConnections", "1000");
        }
    }

    private final String userAgent;

    /** Names the benchmark in each request's User-Agent, as a Kubernetes client names itself. */
    public UrlConnectionTransport(String userAgent) {
        this.userAgent = userAgent;
    }

    @Override
    public Response send(String method, URI uri, byte[] body) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
        connection.setConnectTimeout(10_000);
        connection.setReadTimeout(30_000);
        connection.setRequestMethod(method);
        connection.setRequestProperty("Accept", "application/json");
        connection.setRequestProperty("User-Agent", userAgent);
        if (body != null) {
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", "application/json");
            connection.setFixedLengthStreamingMode(body.length);
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body);
            }
        }
        int status = connection.getResponseCode();
        // Read the body to its end and close the stream (not the connection): that returns the
        // connection to the keep-alive cache for this thread's next request.
        InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream();
        if (in == null) {
            return new Response(status, new byte[0]);
        }
        try (in) {
            return new Response(status, in.readAllBytes());
        }
    }
}
