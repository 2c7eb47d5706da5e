import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Serves the built docs site (docs-site/target/site) on the loopback interface only, for
 * {@code ./course site --serve}. A file server and nothing more: GET and HEAD of files under the
 * site folder, a folder answered by its index.html, anything outside the folder refused.
 * Run as a source file (Java 11+): {@code java tools/site/ServeSite.java <site-dir> <port>}.
 * (JDK 18 and later ship {@code jwebserver}, which does the same; the course targets Java 17.)
 */
public class ServeSite {
    private static final Map<String, String> TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"), Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"), Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"), Map.entry("jpg", "image/jpeg"), Map.entry("gif", "image/gif"),
            Map.entry("txt", "text/plain; charset=utf-8"), Map.entry("json", "application/json"),
            Map.entry("ico", "image/x-icon"));

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: java tools/site/ServeSite.java <site-dir> <port>");
            System.exit(2);
        }
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        int port = Integer.parseInt(args[1]);
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                serve(root, exchange);
            }
        });
        server.start();
        System.out.println("Serving " + root + " on http://127.0.0.1:" + server.getAddress().getPort()
                + "/ (loopback only). Ctrl-C stops.");
    }

    private static void serve(Path root, HttpExchange exchange) throws IOException {
        String method = exchange.getRequestMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            send(exchange, 405, "text/plain; charset=utf-8", "method not allowed\n".getBytes(), method);
            return;
        }
        String path = URI.create(exchange.getRequestURI().getRawPath()).getPath();
        Path file = root.resolve(path.replaceFirst("^/+", "")).normalize();
        if (!file.startsWith(root)) {
            send(exchange, 403, "text/plain; charset=utf-8", "forbidden\n".getBytes(), method);
            return;
        }
        if (Files.isDirectory(file)) {
            if (!path.endsWith("/")) { // so that relative links in the index resolve against the folder
                exchange.getResponseHeaders().add("Location", path + "/");
                send(exchange, 301, "text/plain; charset=utf-8", new byte[0], method);
                return;
            }
            file = file.resolve("index.html");
        }
        if (!Files.isRegularFile(file)) {
            send(exchange, 404, "text/plain; charset=utf-8", ("not found: " + path + "\n").getBytes(), method);
            return;
        }
        String name = file.getFileName().toString();
        String ext = name.contains(".") ? name.substring(name.lastIndexOf('.') + 1).toLowerCase() : "";
        send(exchange, 200, TYPES.getOrDefault(ext, "application/octet-stream"), Files.readAllBytes(file), method);
    }

    private static void send(HttpExchange exchange, int code, String type, byte[] body, String method) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        boolean head = method.equals("HEAD");
        exchange.sendResponseHeaders(code, head || body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }
}
