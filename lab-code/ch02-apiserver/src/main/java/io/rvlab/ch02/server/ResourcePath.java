package io.rvlab.ch02.server;

import java.util.List;
import java.util.Optional;

/**
 * Where a resource request points, parsed from the path after the group version:
 * <pre>
 *   configmaps                              every namespace's configmaps (GET lists, no create)
 *   namespaces/dev/configmaps               one namespace's configmaps
 *   namespaces/dev/configmaps/cm-a          one configmap
 *   namespaces/dev/deployments/web/status   a subresource
 *   namespaces                              a cluster-scoped collection
 *   namespaces/dev                          a cluster-scoped object
 * </pre>
 *
 * @param namespace the namespace from the path, or "" (cluster-scoped, or all namespaces)
 * @param resource the resource (plural)
 * @param name the object's name, or "" for a collection
 * @param subresource such as "status", or ""
 * @param namespacedPath whether the path went through {@code namespaces/<ns>/}
 */
public record ResourcePath(String namespace, String resource, String name, String subresource, boolean namespacedPath) {

    /** Parses the segments after {@code /api/v1} or {@code /apis/<group>/<version>}. */
    public static Optional<ResourcePath> parse(List<String> rest) {
        if (rest.size() >= 3 && rest.get(0).equals("namespaces")) {
            String namespace = rest.get(1);
            return switch (rest.size()) {
                case 3 -> Optional.of(new ResourcePath(namespace, rest.get(2), "", "", true));
                case 4 -> Optional.of(new ResourcePath(namespace, rest.get(2), rest.get(3), "", true));
                case 5 -> Optional.of(new ResourcePath(namespace, rest.get(2), rest.get(3), rest.get(4), true));
                default -> Optional.empty();
            };
        }
        return switch (rest.size()) {
            case 1 -> Optional.of(new ResourcePath("", rest.get(0), "", "", false));
            case 2 -> Optional.of(new ResourcePath("", rest.get(0), rest.get(1), "", false));
            case 3 -> Optional.of(new ResourcePath("", rest.get(0), rest.get(1), rest.get(2), false));
            default -> Optional.empty();
        };
    }

    public boolean isCollection() {
        return name.isEmpty();
    }
}
