package io.rvlab.ch03.bench;

import java.util.Arrays;

/**
 * Which JDK HTTP client the benchmark's load generator drives the API server with. The default is
 * the one that burned less of this JVM's CPU per attempt when both were run on the same machine
 * ({@code ./course bench update --http urlconnection} against {@code --http jdk}: the table states
 * the CPU per attempt); the typed {@code ApiClient} of the chapter stays on {@code java.net.http}.
 */
public enum LoadClient {

    /** {@link java.net.HttpURLConnection}, kept alive: the default, the cheaper of the two per request. */
    URL_CONNECTION("urlconnection", "HttpURLConnection"),
    /** {@link java.net.http.HttpClient}, HTTP/1.1 with keep-alive. */
    JAVA_NET_HTTP("jdk", "java.net.http");

    public static final LoadClient DEFAULT = URL_CONNECTION;

    private final String option;
    private final String label;

    LoadClient(String option, String label) {
        this.option = option;
        this.label = label;
    }

    /** The value of {@code --http} that picks it. */
    public String option() {
        return option;
    }

    /** Its name in the table: the JDK class or package. */
    public String label() {
        return label;
    }

    HttpTransport transport() {
        return this == URL_CONNECTION ? new UrlConnectionTransport("rvlab-bench/1.0") : new JavaNetHttpTransport();
    }

    /** @throws IllegalArgumentException naming the choices */
    public static LoadClient fromOption(String option) {
        return Arrays.stream(values()).filter(c -> c.option.equals(option)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("--http: urlconnection or jdk"));
    }
}
