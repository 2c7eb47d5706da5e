package io.rvlab.ch02.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Keys: registry keys from validated names only")
class KeysTest {

    /** Strings that try to leave their place in the key space, or are not names at all. */
    static final List<String> NASTY = List.of(
            "", ".", "..", "/", "a/b", "../secrets", "..%2F", "%2e%2e", "a\u0000b", "\u0000", "a\nb", " a", "a ",
            "A", "Ab", "a_b", "a..b", ".a", "a.", "-a", "a-", "a/../../b", "configmaps/default/x", "*", "a*",
            "\u00e9", "a\u200bb", "\ud83d\ude00", "a\\b", "a%b", "a?b", "a#b", "a:b", "x".repeat(254));

    @Test
    @DisplayName("namespaced and cluster-scoped object keys, and collection prefixes, have kube-apiserver's layout")
    void layout() {
        assertThat(Keys.object("configmaps", "lab", "cm-a").path()).isEqualTo("/registry/configmaps/lab/cm-a");
        assertThat(Keys.clusterObject("namespaces", "lab").path()).isEqualTo("/registry/namespaces/lab");
        assertThat(Keys.collection("configmaps", "lab").path()).isEqualTo("/registry/configmaps/lab/");
        assertThat(Keys.all("configmaps").path()).isEqualTo("/registry/configmaps/");
        assertThat(Keys.object("deployments", "a1", "web.v2").path()).isEqualTo("/registry/deployments/a1/web.v2");
    }

    @Test
    @DisplayName("a collection prefix ends in '/', so namespace dev never includes dev2, and its range end is the next key after it")
    void prefixes() {
        RegistryPrefix dev = Keys.collection("configmaps", "dev");
        assertThat(dev.contains(Keys.object("configmaps", "dev", "x").path())).isTrue();
        assertThat(dev.contains(Keys.object("configmaps", "dev2", "x").path())).isFalse();
        assertThat(dev.rangeEnd()).isEqualTo("/registry/configmaps/dev0");
        assertThat(Keys.all("configmaps").rangeEnd()).isEqualTo("/registry/configmaps0");
    }

    @Test
    @DisplayName("every nasty name, namespace or resource is refused before a key is built")
    void nastyInputsNeverBecomeKeys() {
        for (String nasty : NASTY) {
            assertThatThrownBy(() -> Keys.object("configmaps", "lab", nasty)).as("name %s", nasty)
                    .isInstanceOf(InvalidKeyException.class);
            assertThatThrownBy(() -> Keys.clusterObject("namespaces", nasty)).as("name %s", nasty)
                    .isInstanceOf(InvalidKeyException.class);
            assertThatThrownBy(() -> Keys.object("configmaps", nasty, "x")).as("namespace %s", nasty)
                    .isInstanceOf(InvalidKeyException.class);
            assertThatThrownBy(() -> Keys.collection("configmaps", nasty)).as("namespace %s", nasty)
                    .isInstanceOf(InvalidKeyException.class);
            assertThatThrownBy(() -> Keys.all(nasty)).as("resource %s", nasty).isInstanceOf(InvalidKeyException.class);
        }
        assertThatThrownBy(() -> Keys.object("configmaps", "lab", null)).isInstanceOf(InvalidKeyException.class);
    }

    @Test
    @DisplayName("the refusal carries Kubernetes' own DNS-1123 messages")
    void messages() {
        assertThatThrownBy(() -> Keys.object("configmaps", "lab", "Bad_Name"))
                .hasMessageContaining("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters");
        assertThatThrownBy(() -> Keys.object("configmaps", "x".repeat(64), "a"))
                .hasMessageContaining("must be no more than 63 characters");
    }

    @Test
    @DisplayName("property: for 20,000 random strings, a key is built only if the parts are DNS names, and then it has exactly the expected segments")
    void randomStringsNeverEscape() {
        Random random = new Random(42);
        String alphabet = "abz09-./\\%_A\u0000 \n\u00e9*";
        List<String> built = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(8);
            for (int j = 0; j < length; j++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String candidate = text.toString();
            RegistryKey key;
            try {
                key = Keys.object("configmaps", "ns", candidate);
            } catch (InvalidKeyException e) {
                assertThat(DnsNames.isSubdomain(candidate)).as(candidate).isFalse();
                continue;
            }
            assertThat(DnsNames.isSubdomain(candidate)).as(candidate).isTrue();
            assertThat(key.path()).startsWith("/registry/configmaps/ns/");
            assertThat(key.path().substring("/registry/configmaps/ns/".length())).isEqualTo(candidate)
                    .doesNotContain("/").doesNotContain("\u0000").isNotIn(".", "..");
            assertThat(key.path().split("/", -1)).hasSize(5);
            built.add(candidate);
        }
        assertThat(built).as("some random strings were valid names").isNotEmpty();
    }

    @Test
    @DisplayName("the longest valid name (253 characters) is accepted; 254 is not")
    void lengths() {
        String label = "a".repeat(63);
        String name = String.join(".", label, label, label, "a".repeat(61));
        assertThat(name).hasSize(253);
        assertThat(Keys.object("configmaps", "ns", name).name()).isEqualTo(name);
        assertThatThrownBy(() -> Keys.object("configmaps", "ns", name + "a")).isInstanceOf(InvalidKeyException.class);
        assertThat(Keys.collection("configmaps", "n".repeat(63)).namespace()).hasSize(63);
    }
}
