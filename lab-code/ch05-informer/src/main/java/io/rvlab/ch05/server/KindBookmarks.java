package io.rvlab.ch05.server;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.registry.ResourceType;
import java.lang.reflect.Method;

/**
 * Chapter 4's per-kind empty BOOKMARK object ({@code io.rvlab.ch04.cache.Bookmarks}), which is
 * package-private there. TEMPORARY: read through reflection until chapter 4 makes
 * {@code Bookmarks.object(ResourceType, long)} public; then this class becomes a direct call.
 */
final class KindBookmarks {

    private static final Method OBJECT;

    static {
        try {
            OBJECT = Class.forName("io.rvlab.ch04.cache.Bookmarks").getDeclaredMethod("object", ResourceType.class, long.class);
            OBJECT.setAccessible(true);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private KindBookmarks() {
    }

    static ObjectNode object(ResourceType type, long resourceVersion) {
        try {
            return (ObjectNode) OBJECT.invoke(null, type, resourceVersion);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
