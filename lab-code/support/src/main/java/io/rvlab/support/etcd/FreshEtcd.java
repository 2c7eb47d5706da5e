package io.rvlab.support.etcd;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a test class whose assertions depend on absolute revisions, or which compacts etcd: it
 * gets its own etcd (revision 1 at the start of the class) instead of the shared one.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface FreshEtcd {
}
