package io.rvlab.ch06.managedfields;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.registry.ResourceType;

/**
 * The checks on an applied config before anything else (k8s.io/apimachinery
 * pkg/util/managedfields/internal/versioncheck.go, and the version check of structuredmerge.go).
 */
final class VersionCheck {

    private VersionCheck() {
    }

    /**
     * The checks on an applied config: its apiVersion must be this resource's ("Incorrect version
     * specified in apply patch", kube 1.26's structured merge manager), its kind too ("invalid object
     * type", kube's versionCheckManager; 1.26 had no such check), and it may not carry managedFields.
     */
    static void checkConfig(ResourceType type, ObjectNode config) {
        String groupVersion = type.groupVersion();
        String apiVersion = text(config.get("apiVersion"));
        if (!apiVersion.equals(groupVersion)) {
            throw Status.badRequest("Incorrect version specified in apply patch. Specified patch version: "
                    + apiVersion + ", expected: " + groupVersion).exception();
        }
        String kind = text(config.get("kind"));
        if (!kind.equals(type.kind())) {
            throw Status.badRequest("invalid object type: " + type.group() + "/" + type.version() + ", Kind=" + kind)
                    .exception();
        }
        JsonNode managedFields = config.path("metadata").get("managedFields");
        if (managedFields != null && !managedFields.isNull()) {
            throw Status.badRequest("metadata.managedFields must be nil").exception();
        }
    }

    private static String text(JsonNode node) {
        return node == null || !node.isTextual() ? "" : node.textValue();
    }
}
