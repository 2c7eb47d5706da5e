package io.rvlab.support.etcd;

import io.etcd.jetcd.Client;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension that hands tests a real etcd. Declare it with
 * {@code @ExtendWith(EtcdExtension.class)} and take any of these as parameters of a test method,
 * a lifecycle method or the constructor:
 * <ul>
 *   <li>{@link Client}: a connected jetcd client;</li>
 *   <li>{@link Etcd}: the handle (endpoints, a second client, what it is);</li>
 *   <li>{@link KeyPrefix}: a prefix unique to this test, for isolation on a shared etcd.</li>
 * </ul>
 * Classes annotated {@link FreshEtcd} get an etcd of their own, stopped after the class; the
 * others share one per JVM.
 */
public final class EtcdExtension implements ParameterResolver, AfterAllCallback {

    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(EtcdExtension.class);

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Client.class || type == Etcd.class || type == KeyPrefix.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        if (type == KeyPrefix.class) {
            String owner = context.getRequiredTestClass().getSimpleName()
                    + context.getTestMethod().map(m -> "/" + m.getName()).orElse("");
            return KeyPrefix.unique(owner);
        }
        Etcd etcd = etcdFor(context);
        return type == Client.class ? etcd.client() : etcd;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Etcd fresh = classStore(context).remove("fresh", Etcd.class);
        if (fresh != null) {
            fresh.close();
        }
    }

    private static Etcd etcdFor(ExtensionContext context) {
        Class<?> testClass = context.getRequiredTestClass();
        if (!testClass.isAnnotationPresent(FreshEtcd.class)) {
            return Etcd.shared();
        }
        return classStore(context).getOrComputeIfAbsent("fresh", k -> Etcd.start(), Etcd.class);
    }

    /** The store of the class-level context, so a fresh etcd lives exactly as long as its class. */
    private static ExtensionContext.Store classStore(ExtensionContext context) {
        ExtensionContext c = context;
        while (c.getTestMethod().isPresent() && c.getParent().isPresent()) {
            c = c.getParent().get();
        }
        return c.getStore(NS);
    }
}
