package io.rvlab.ch03.registry;

import io.rvlab.ch02.registry.ResourceType;
import io.rvlab.ch02.registry.ResourceTypes;
import java.util.ArrayList;
import java.util.List;

/**
 * The kinds chapter 3's server serves: chapter 2's three, and one custom resource, {@code
 * rvlab.io/v1} Foo, served the way kube-apiserver serves the objects of a CustomResourceDefinition
 * (its {@link CustomResourceStrategy}). Foo is here for the one rule no built-in kind of this server
 * has: a PUT must carry a resourceVersion.
 *
 * <p>Where Foo is simpler than a real custom resource: its body is decoded like a built-in kind's,
 * so a value of the wrong type is a 400 decode error (kube-apiserver's schema validation answers 422
 * Invalid), and it is written in the built-in field order, kind first (kube-apiserver writes a
 * custom resource's keys sorted, as Go encodes a map). Discovery, OpenAPI and kubectl's table
 * (NAME, AGE) are a custom resource's.
 */
public final class ServedTypes {

    // tag::foos[]
    /** Foos: namespaced, {@code spec.bar} and {@code spec.baz}, a status subresource. */
    public static final ResourceType FOOS = new ResourceType("rvlab.io", "v1", "foos", "foo", "Foo",
            true, true, List.of(), List.of(), new CustomResourceStrategy());
    // end::foos[]

    /** In discovery order: chapter 2's kinds, then Foo. */
    public static final List<ResourceType> ALL;

    static {
        List<ResourceType> all = new ArrayList<>(ResourceTypes.ALL);
        all.add(FOOS);
        ALL = List.copyOf(all);
    }

    private ServedTypes() {
    }
}
