package io.rvlab.exercises.ch02;

import io.rvlab.support.etcd.Direct;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.etcd.jetcd.Client;
import io.etcd.jetcd.KeyValue;
import io.rvlab.support.etcd.EtcdExtension;
import io.rvlab.support.etcd.KeyPrefix;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Grading tests for exercise 2.2 (the keys of the registry): the keys Kubernetes really uses, a
 * catalogue of names that must never become keys, and range reads in a real etcd that prove a
 * prefix holds exactly what it should.
 */
@ExtendWith(EtcdExtension.class)
@Timeout(60)
@DisplayName("2.2 build registry keys only from valid names")
class RegistryKeysTest {

    private static final RegistryKeys REGISTRY = new RegistryKeys(RegistryKeys.DEFAULT_ROOT);

    @Test
    @DisplayName("the keys kube-apiserver uses (GOLD a1: /registry/configmaps/lab/cm-a)")
    void realKeys() {
        assertThat(REGISTRY.objectKey("configmaps", "lab", "cm-a"))
                .as("a namespaced object: /registry/<resource>/<namespace>/<name>")
                .isEqualTo("/registry/configmaps/lab/cm-a");
        assertThat(REGISTRY.objectKey("configmaps", "kube-system", "kube-root-ca.crt"))
                .as("names may contain dots")
                .isEqualTo("/registry/configmaps/kube-system/kube-root-ca.crt");
        assertThat(REGISTRY.clusterObjectKey("namespaces", "lab"))
                .as("a cluster-scoped object: /registry/<resource>/<name>")
                .isEqualTo("/registry/namespaces/lab");
        assertThat(REGISTRY.namespacePrefix("configmaps", "lab"))
                .as("the prefix that lists namespace lab (etcdctl get --prefix)")
                .isEqualTo("/registry/configmaps/lab/");
        assertThat(REGISTRY.resourcePrefix("configmaps"))
                .as("the prefix that lists every namespace")
                .isEqualTo("/registry/configmaps/");
    }

    @Test
    @DisplayName("the root is the one given (kube-apiserver --etcd-prefix)")
    void otherRoot() {
        RegistryKeys custom = new RegistryKeys("/tenant-7/k8s");

        assertThat(custom.objectKey("configmaps", "lab", "cm-a")).isEqualTo("/tenant-7/k8s/configmaps/lab/cm-a");
        assertThat(custom.clusterObjectKey("namespaces", "lab")).isEqualTo("/tenant-7/k8s/namespaces/lab");
        assertThat(custom.namespacePrefix("configmaps", "lab")).isEqualTo("/tenant-7/k8s/configmaps/lab/");
        assertThat(custom.resourcePrefix("configmaps")).isEqualTo("/tenant-7/k8s/configmaps/");
    }

    @Test
    @DisplayName("valid names, up to the longest, become keys inside their own prefix")
    void validNames() {
        List<String> names = List.of("a", "0", "cm-a", "a.b", "a--b", "1.2.3", "kube-root-ca.crt",
                "x".repeat(253), "a".repeat(63) + "." + "b".repeat(63));
        List<String> namespaces = List.of("a", "lab", "kube-system", "0-0", "n".repeat(63));
        for (String namespace : namespaces) {
            String prefix = REGISTRY.namespacePrefix("configmaps", namespace);
            for (String name : names) {
                String key = REGISTRY.objectKey("configmaps", namespace, name);
                assertThat(key)
                        .as("the key of %s/%s must be its namespace prefix followed by the name, nothing else", namespace, name)
                        .isEqualTo(prefix + name);
            }
        }
        for (String name : names) {
            assertThat(REGISTRY.clusterObjectKey("namespaces", name)).isEqualTo(REGISTRY.resourcePrefix("namespaces") + name);
        }
    }

    /** Names that are not DNS-1123 subdomains, most of them chosen to escape a prefix or to look valid. */
    static Stream<String> badNames() {
        return Stream.of(
                "", ".", "..", "a/b", "/a", "a/", "../secrets/x", "lab/../../secrets/x",
                "%2F", "a%2Fb", "..%2F..%2Fsecrets",
                "a\u0000b", "\u0000", "a\n", "\na", "a\tb", "a b", " a", "a ",
                "\u0430", // Cyrillic 'а', looks like 'a'
                "c\u043c-a", // "cм-a" with a Cyrillic 'м'
                "\uff41", // full-width 'ａ'
                "\u212a", // Kelvin sign 'K': lower-cases to ASCII 'k'
                "\u00e4", "A", "Cm-a", "a_b", "a:b", "*", "a?b", "a#b",
                "a.", ".a", "-a", "a-", "a..b", "a.-b", "a-.b",
                "x".repeat(254));
    }

    @ParameterizedTest(name = "name \"{0}\"")
    @MethodSource("badNameCases")
    @DisplayName("names that are not DNS-1123 subdomains are refused")
    void badNamesRefused(String shown, String name) {
        assertRefused(() -> REGISTRY.objectKey("configmaps", "lab", name), "objectKey(\"configmaps\", \"lab\", name)", name);
        assertRefused(() -> REGISTRY.clusterObjectKey("namespaces", name), "clusterObjectKey(\"namespaces\", name)", name);
    }

    @ParameterizedTest(name = "namespace \"{0}\"")
    @MethodSource("badNamespaceCases")
    @DisplayName("namespaces that are not DNS-1123 labels are refused")
    void badNamespacesRefused(String shown, String namespace) {
        assertRefused(() -> REGISTRY.objectKey("configmaps", namespace, "cm-a"), "objectKey(\"configmaps\", namespace, \"cm-a\")", namespace);
        assertRefused(() -> REGISTRY.namespacePrefix("configmaps", namespace), "namespacePrefix(\"configmaps\", namespace)", namespace);
    }

    static Stream<Arguments> badNameCases() {
        return badNames().map(name -> Arguments.of(printable(name), name));
    }

    static Stream<Arguments> badNamespaceCases() {
        // A namespace is a label: no dots, at most 63 characters, on top of every bad name.
        return Stream.concat(badNames(), Stream.of("a.b", "kube-root-ca.crt", "n".repeat(64)))
                .map(namespace -> Arguments.of(printable(namespace), namespace));
    }

    @Test
    @DisplayName("resources must be labels too")
    void badResources() {
        for (String resource : new String[] {"", "ConfigMaps", "config/maps", "..", "configmaps/", "config maps", "a.b"}) {
            assertRefused(() -> REGISTRY.resourcePrefix(resource), "resourcePrefix(resource)", resource);
            assertRefused(() -> REGISTRY.objectKey(resource, "lab", "cm-a"), "objectKey(resource, \"lab\", \"cm-a\")", resource);
        }
    }

    @Test
    @DisplayName("in etcd: namespace a's prefix never returns namespace ab's keys")
    void namespacePrefixInEtcd(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String root = prefix.key("registry");
        RegistryKeys keys = new RegistryKeys(root);
        // Written by the test itself, not with your code: the keys kube-apiserver would write.
        List<String> inA = List.of(root + "/configmaps/a/x", root + "/configmaps/a/y.z");
        List<String> elsewhere = List.of(root + "/configmaps/ab/x", root + "/configmaps/a-b/x",
                root + "/configmaps/a.b/x", root + "/configmapsx/a/x", root + "/secrets/a/x");
        Stream.concat(inA.stream(), elsewhere.stream()).forEach(key -> etcd.put(key, "{}"));

        String yourPrefix = keys.namespacePrefix("configmaps", "a");

        assertThat(keysOf(etcd.getPrefix(yourPrefix)))
                .as("etcdctl get --prefix '%s' should return exactly namespace a's configmaps: a prefix without"
                        + " its closing '/' also matches namespaces ab, a-b and a.b", yourPrefix)
                .containsExactlyElementsOf(inA);
        for (String key : inA) {
            String name = key.substring(key.lastIndexOf('/') + 1);
            assertThat(keys.objectKey("configmaps", "a", name)).isEqualTo(key);
            assertThat(etcd.get(keys.objectKey("configmaps", "a", name))).as("key %s in etcd", key).isPresent();
        }
    }

    @Test
    @DisplayName("in etcd: a resource's prefix never returns another resource's keys")
    void resourcePrefixInEtcd(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String root = prefix.key("registry");
        RegistryKeys keys = new RegistryKeys(root);
        List<String> configMaps = List.of(root + "/configmaps/a/x", root + "/configmaps/ab/y");
        List<String> namespaces = List.of(root + "/namespaces/a", root + "/namespaces/ab");
        List<String> others = List.of(root + "/configmapsx/a/x", root + "/configmaps-old/a/x", root + "/namespacesx/a");
        Stream.of(configMaps, namespaces, others).flatMap(List::stream).forEach(key -> etcd.put(key, "{}"));

        assertThat(keysOf(etcd.getPrefix(keys.resourcePrefix("configmaps"))))
                .as("every configmap in every namespace, and nothing of configmapsx or configmaps-old")
                .containsExactlyElementsOf(configMaps);
        assertThat(keysOf(etcd.getPrefix(keys.resourcePrefix("namespaces"))))
                .as("every namespace object, and nothing of namespacesx")
                .containsExactlyElementsOf(namespaces);
        assertThat(etcd.get(keys.clusterObjectKey("namespaces", "a")))
                .as("the cluster-scoped key of namespace a should be %s", root + "/namespaces/a")
                .isPresent();
    }

    @Test
    @DisplayName("custom resources have their group in the key (/registry/stable.example.com/crontabs/default/...)")
    void customResourceKeys() {
        assertThat(REGISTRY.customObjectKey("stable.example.com", "crontabs", "default", "my-new-cron-object"))
                .as("a namespaced custom object: /registry/<group>/<resource>/<namespace>/<name>")
                .isEqualTo("/registry/stable.example.com/crontabs/default/my-new-cron-object");
        assertThat(REGISTRY.customResourcePrefix("stable.example.com", "crontabs"))
                .as("the prefix that lists every CronTab in every namespace")
                .isEqualTo("/registry/stable.example.com/crontabs/");
        assertThat(REGISTRY.customObjectKey("cert-manager.io", "certificates", "kube-system", "a.b"))
                .isEqualTo("/registry/cert-manager.io/certificates/kube-system/a.b");
        String longest = "g".repeat(63) + "." + "h".repeat(63) + "." + "i".repeat(63) + "." + "j".repeat(61);
        assertThat(new RegistryKeys("/tenant-7/k8s").customResourcePrefix(longest, "widgets"))
                .as("a group of 253 characters, under another root")
                .isEqualTo("/tenant-7/k8s/" + longest + "/widgets/");
    }

    @Test
    @DisplayName("a group without a dot is refused: /registry/configmaps/lab/ is namespace lab's ConfigMaps")
    void groupsNeedADot() {
        for (String group : new String[] {"configmaps", "secrets", "example", "a-b"}) {
            assertRefused(() -> REGISTRY.customResourcePrefix(group, "lab"), "customResourcePrefix(group, \"lab\")", group);
            assertRefused(() -> REGISTRY.customObjectKey(group, "lab", "x", "y"), "customObjectKey(group, \"lab\", \"x\", \"y\")", group);
        }
    }

    @Test
    @DisplayName("groups, and a custom object's other parts, follow the name rules")
    void badCustomParts() {
        for (String group : new String[] {"", ".", "..", "a..b", ".example.com", "example.com.", "Example.com",
                "stable.example.com/", "a/b.c", "../x.y", "ex ample.com", "\u0430.com", "e_x.com", "x".repeat(250) + ".com"}) {
            assertRefused(() -> REGISTRY.customResourcePrefix(group, "crontabs"), "customResourcePrefix(group, \"crontabs\")", group);
        }
        for (String resource : new String[] {"", "CronTabs", "cron/tabs", "..", "cron.tabs"}) {
            assertRefused(() -> REGISTRY.customResourcePrefix("stable.example.com", resource),
                    "customResourcePrefix(\"stable.example.com\", resource)", resource);
        }
        assertRefused(() -> REGISTRY.customObjectKey("stable.example.com", "crontabs", "a.b", "x"),
                "customObjectKey(\"stable.example.com\", \"crontabs\", namespace, \"x\")", "a.b");
        assertRefused(() -> REGISTRY.customObjectKey("stable.example.com", "crontabs", "default", "../x"),
                "customObjectKey(\"stable.example.com\", \"crontabs\", \"default\", name)", "../x");
    }

    @Test
    @DisplayName("in etcd: a custom resource's prefix returns its objects only")
    void customPrefixInEtcd(Client client, KeyPrefix prefix) {
        Direct etcd = new Direct(client);
        String root = prefix.key("registry");
        RegistryKeys keys = new RegistryKeys(root);
        List<String> crontabs = List.of(root + "/stable.example.com/crontabs/default/a", root + "/stable.example.com/crontabs/prod/b");
        List<String> others = List.of(root + "/stable.example.com/crontabsx/default/a", root + "/stable.example.com.evil/crontabs/default/a",
                root + "/crontabs/default/a", root + "/example.com/crontabs/default/a", root + "/stable.example.com/widgets/default/a");
        Stream.concat(crontabs.stream(), others.stream()).forEach(key -> etcd.put(key, "{}"));

        String yourPrefix = keys.customResourcePrefix("stable.example.com", "crontabs");
        assertThat(keysOf(etcd.getPrefix(yourPrefix)))
                .as("etcdctl get --prefix '%s' should return every CronTab of stable.example.com and nothing else", yourPrefix)
                .containsExactlyElementsOf(crontabs);
        assertThat(etcd.get(keys.customObjectKey("stable.example.com", "crontabs", "prod", "b")))
                .as("the key of CronTab prod/b should be %s", crontabs.get(1)).isPresent();
    }

    private static List<String> keysOf(List<KeyValue> kvs) {
        return kvs.stream().map(kv -> Direct.text(kv.getKey())).toList();
    }

    private static void assertRefused(Runnable call, String what, String value) {
        Throwable thrown = catchThrowable(call::run);
        assertThat(thrown)
                .as("%s with \"%s\" must throw IllegalArgumentException: that value could break out of its place"
                        + " in the key space, or is simply not a valid Kubernetes name", what, printable(value))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(thrown.getMessage())
                .as("the message should contain the value refused, so the user can see what was wrong")
                .contains(value);
    }

    private static String printable(String value) {
        StringBuilder out = new StringBuilder();
        value.codePoints().forEach(c -> out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", c) : Character.toString(c)));
        return out.length() > 80 ? out.substring(0, 20) + "... (" + value.length() + " characters)" : out.toString();
    }
}
