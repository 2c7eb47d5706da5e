package io.rvlab.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpServer;
import io.rvlab.support.net.FreePorts;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The published site, checked as a reader meets it: every page exists, every listing names its source
 * file, every link and image resolves inside the site, nothing is fetched from elsewhere, and every page
 * renders in a real browser (headless Chromium) without a single failed request.
 */
class SiteCheckTest {

    private static final Pattern LINK = Pattern.compile("(href|src)=\"([^\"]*)\"");
    private static final Pattern ID = Pattern.compile("\\sid=\"([^\"]+)\"");
    /** A listing, its optional title, and the language of its code. */
    private static final Pattern LISTING = Pattern.compile(
            "<div class=\"listingblock\">\\s*(<div class=\"title\">[^<]*</div>)?\\s*<div class=\"content\">\\s*<pre[^>]*>(?:<code data-lang=\"([^\"]+)\">)?");
    /** Commands for the reader to type may stand alone; code and output must name where they come from. */
    private static final Set<String> UNTITLED_ALLOWED = Set.of("shell", "console", "bash");

    private static Path site;
    private static List<Path> pages;

    @BeforeAll
    static void findSite() throws IOException {
        site = Path.of(System.getProperty("rvlab.site.dir", "target/site")).toAbsolutePath();
        assertThat(site.resolve("index.html")).as("the landing page").exists();
        try (Stream<Path> files = Files.walk(site)) {
            pages = files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
        }
    }

    @Test
    void theLandingPageAndEveryChapterArePublished() throws IOException {
        Path chapters = Path.of(System.getProperty("rvlab.root", "..")).resolve("chapters");
        List<Path> expected = new ArrayList<>(List.of(site.resolve("index.html")));
        try (Stream<Path> dirs = Files.list(chapters)) {
            dirs.filter(dir -> Files.exists(dir.resolve("chapter.adoc")))
                    .forEach(dir -> expected.add(site.resolve("chapters/" + dir.getFileName() + "/chapter.html")));
        }
        assertThat(expected).as("chapters found").hasSizeGreaterThan(1);
        assertThat(pages).containsAll(expected);
    }

    @Test
    void noPageShowsAnUnresolvedIncludeOrAttribute() throws IOException {
        for (Path page : pages) {
            String html = Files.readString(page);
            assertThat(html).as(site.relativize(page).toString())
                    .doesNotContain("Unresolved directive")
                    .doesNotContain("{rvlab-root}");
        }
    }

    @Test
    void everyListingIsCaptionedWithItsSource() throws IOException {
        for (Path page : pages) {
            Matcher listing = LISTING.matcher(Files.readString(page));
            while (listing.find()) {
                String language = listing.group(2) == null ? "plain" : listing.group(2);
                if (!UNTITLED_ALLOWED.contains(language)) {
                    assertThat(listing.group(1))
                            .as("a %s listing in %s has no title naming its source file", language, site.relativize(page))
                            .isNotNull();
                }
            }
        }
    }

    @Test
    void everyLocalLinkAndImageResolvesAndNothingIsFetchedFromElsewhere() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            Matcher link = LINK.matcher(Files.readString(page));
            while (link.find()) {
                String attribute = link.group(1);
                String target = link.group(2).replace("&amp;", "&");
                if (target.startsWith("http://") || target.startsWith("https://") || target.startsWith("//")) {
                    if (attribute.equals("src") || isStylesheetLink(target)) {
                        broken.add(site.relativize(page) + ": fetches " + target + " from elsewhere");
                    }
                    continue;
                }
                if (target.startsWith("mailto:") || target.startsWith("data:")) {
                    continue;
                }
                problem(page, target).ifPresent(p -> broken.add(site.relativize(page) + ": " + p));
            }
        }
        assertThat(broken).as("broken links, images or external fetches").isEmpty();
    }

    @Test
    void everyPageRendersInHeadlessChromiumWithNoFailedRequest() throws Exception {
        Optional<String> chromium = Stream.of(System.getProperty("rvlab.chromium"), "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
                .filter(p -> p != null && Files.isExecutable(Path.of(p)))
                .findFirst();
        assumeTrue(chromium.isPresent(),
                "Browser check skipped: no Chromium found. ./course test installs Debian's chromium; or set -Drvlab.chromium=/path/to/chrome");

        Map<String, Integer> failed = new ConcurrentHashMap<>();
        HttpServer server = serve(site, failed);
        try {
            String base = "http://127.0.0.1:" + server.getAddress().getPort() + "/";
            Path out = site.getParent().resolve("site-check");
            Files.createDirectories(out);
            for (Path page : pages) {
                String url = base + site.relativize(page).toString().replace('\\', '/');
                String dom = run(chromium.get(), out, "--dump-dom", url);
                assertThat(dom).as("the DOM Chromium rendered for " + url).contains("<body").contains("</html>");
            }
            Path screenshot = out.resolve("landing.png");
            run(chromium.get(), out, "--screenshot=" + screenshot, "--window-size=1280,1600", base + "index.html");
            assertThat(screenshot).as("a screenshot of the landing page").exists().isNotEmptyFile();
            System.out.println("[site-check] " + pages.size() + " pages rendered; landing page screenshot: " + screenshot);
        } finally {
            server.stop(0);
        }
        assertThat(failed).as("requests the pages made that the site could not answer").isEmpty();
    }

    private static boolean isStylesheetLink(String target) {
        return target.endsWith(".css") || target.contains("fonts.googleapis");
    }

    /** Why a local link from {@code page} does not resolve, if it does not. */
    private static Optional<String> problem(Path page, String target) throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String fragment = hash < 0 ? "" : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(URLDecoder.decode(file, StandardCharsets.UTF_8)).normalize();
        if (!resolved.startsWith(site)) {
            return Optional.of(target + " points outside the site");
        }
        if (!Files.isRegularFile(resolved)) {
            return Optional.of(target + " does not exist");
        }
        if (!fragment.isEmpty() && resolved.toString().endsWith(".html")) {
            Set<String> ids = new HashSet<>();
            Matcher id = ID.matcher(Files.readString(resolved));
            while (id.find()) {
                ids.add(id.group(1));
            }
            if (!ids.contains(fragment)) {
                return Optional.of(target + ": no element with id " + fragment);
            }
        }
        return Optional.empty();
    }

    /** A static file server on loopback that remembers every request it could not answer. */
    private static HttpServer serve(Path root, Map<String, Integer> failed) throws IOException {
        // Not a port the kernel picks: a leaked etcd container's NAT rule may hold it (FreePorts says why).
        HttpServer server = FreePorts.jdkHttpServer();
        server.createContext("/", exchange -> {
            String path = URLDecoder.decode(exchange.getRequestURI().getPath(), StandardCharsets.UTF_8);
            Path file = root.resolve(path.substring(1)).normalize();
            if (path.equals("/favicon.ico")) {
                exchange.sendResponseHeaders(204, -1);
            } else if (!file.startsWith(root) || !Files.isRegularFile(file)) {
                failed.put(path, 404);
                exchange.sendResponseHeaders(404, -1);
            } else {
                byte[] body = Files.readAllBytes(file);
                exchange.getResponseHeaders().set("Content-Type", contentType(file));
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
            exchange.close();
        });
        server.start();
        return server;
    }

    private static String contentType(Path file) {
        String name = file.toString();
        if (name.endsWith(".html")) return "text/html; charset=utf-8";
        if (name.endsWith(".css")) return "text/css";
        if (name.endsWith(".svg")) return "image/svg+xml";
        if (name.endsWith(".png")) return "image/png";
        return "application/octet-stream";
    }

    /** Runs headless Chromium with the flags this sandbox needs, returns its standard output. */
    private static String run(String chromium, Path work, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--hide-scrollbars"));
        Path profile = Files.createTempDirectory("rvlab-chromium-");
        command.add("--user-data-dir=" + profile);
        command.addAll(List.of(args));
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.appendTo(work.resolve("chromium.log").toFile()))
                    .start();
            byte[] stdout = process.getInputStream().readAllBytes();
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("Chromium finished in time").isTrue();
            assertThat(process.exitValue()).as("Chromium's exit code for " + String.join(" ", args)).isZero();
            return new String(stdout, StandardCharsets.UTF_8);
        } finally {
            deleteRecursively(profile);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
