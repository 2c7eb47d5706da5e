package io.rvlab.support.etcd;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * Where the course finds its etcd, in this order of precedence:
 * a system property, an environment variable, then {@code .rvlab/etcd.properties}, which
 * {@code ./course setup} writes at the root of the checkout (so tests run from an IDE agree with
 * tests run by the launcher).
 *
 * <ul>
 *   <li>{@code rvlab.etcd.endpoints} / {@code RVLAB_ETCD_ENDPOINTS}: use this etcd (comma-separated
 *       client URLs) and start none.</li>
 *   <li>{@code rvlab.etcd.image} / {@code RVLAB_ETCD_IMAGE}: the container image to start.</li>
 *   <li>{@code rvlab.etcd.binary} / {@code RVLAB_ETCD_BINARY}: start etcd as a process from this binary
 *       instead of a container (the classroom grader's box, where no container engine is reachable).</li>
 * </ul>
 */
public record EtcdSettings(Optional<String> endpoints, String image, String source, Optional<String> binary) {

    /**
     * The official etcd image, for learners whose container engine can pull it. Written once, in
     * {@code etcd-image.properties} beside this class, which {@code ./course setup} reads too.
     */
    public static final String DEFAULT_IMAGE = defaultImage();

    public static EtcdSettings load() {
        Properties file = projectFile();
        Optional<String> endpoints = first("rvlab.etcd.endpoints", "RVLAB_ETCD_ENDPOINTS", file, "endpoints");
        Optional<String> image = first("rvlab.etcd.image", "RVLAB_ETCD_IMAGE", file, "image");
        Optional<String> binary = first("rvlab.etcd.binary", "RVLAB_ETCD_BINARY", file, "binary");
        String source = file.isEmpty() ? "defaults" : "defaults and .rvlab/etcd.properties";
        return new EtcdSettings(endpoints, image.orElse(DEFAULT_IMAGE), source, binary);
    }

    private static Optional<String> first(String property, String env, Properties file, String key) {
        for (String candidate : new String[] {System.getProperty(property), System.getenv(env), file.getProperty(key)}) {
            if (candidate != null && !candidate.isBlank()) {
                return Optional.of(candidate.trim());
            }
        }
        return Optional.empty();
    }

    private static String defaultImage() {
        Properties properties = new Properties();
        try (InputStream in = EtcdSettings.class.getResourceAsStream("etcd-image.properties")) {
            if (in == null) {
                throw new IllegalStateException("etcd-image.properties is missing from the class path of rvlab-support");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read etcd-image.properties: " + e.getMessage(), e);
        }
        return properties.getProperty("default.image").trim();
    }

    /** Reads .rvlab/etcd.properties from the checkout root, searching upwards from the working directory. */
    private static Properties projectFile() {
        Properties properties = new Properties();
        String root = System.getProperty("rvlab.root");
        Path dir = Path.of(root != null ? root : System.getProperty("user.dir")).toAbsolutePath();
        for (; dir != null; dir = dir.getParent()) {
            Path file = dir.resolve(".rvlab/etcd.properties");
            if (Files.isRegularFile(file)) {
                try (InputStream in = Files.newInputStream(file)) {
                    properties.load(in);
                } catch (IOException e) {
                    throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
                }
                break;
            }
        }
        return properties;
    }
}
