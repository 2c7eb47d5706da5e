package io.rvlab.ch03.registry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ImagePullPolicyTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "nginx, Always",                                   // no tag, no digest: latest
            "nginx:latest, Always",
            "docker.io/library/nginx:latest, Always",
            "localhost:5000/team/app, Always",                 // the :5000 is the registry's port, not a tag
            "example.invalid/img:1, IfNotPresent",            // golden h.1
            "nginx:1.25, IfNotPresent",
            "nginx:Latest, IfNotPresent",                      // tags are case-sensitive
            "nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, IfNotPresent",
            "nginx:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, Always",
            "Nginx, IfNotPresent",                             // not a valid reference: no tag at all
            "'', IfNotPresent",
            "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef, IfNotPresent",
            "Registry.Example/app, Always"                     // an upper-case first part is a registry host
    })
    void defaultFor(String image, String policy) {
        assertThat(ImagePullPolicy.defaultFor(image)).isEqualTo(policy);
    }
}
