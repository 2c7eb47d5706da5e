package io.rvlab.exercises.ch01;

import io.etcd.jetcd.KV;
import io.etcd.jetcd.kv.GetResponse;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The real etcd KV client, seen from outside: every call goes to etcd unchanged, but the test can
 * count the reads the learner's code makes, or act at the very moment one of those reads has been
 * answered (the point where another Kubernetes client could write). Nothing here imitates etcd.
 */
final class ObservedKv {

    private ObservedKv() {
    }

    /** {@code real}, counting every {@code get} in {@code reads}. */
    static KV countingReads(KV real, AtomicInteger reads) {
        return wrap(real, reads, null);
    }

    /**
     * {@code real}, counting every request the caller starts (get, put, delete, txn, compact) in
     * {@code requests}: each one is a round trip to etcd.
     */
    static KV countingRequests(KV real, AtomicInteger requests) {
        InvocationHandler handler = (proxy, method, args) -> {
            if (method.getDeclaringClass() != Object.class && !method.getName().equals("close")) {
                requests.incrementAndGet();
            }
            try {
                return method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (KV) Proxy.newProxyInstance(KV.class.getClassLoader(), new Class<?>[] {KV.class}, handler);
    }

    /**
     * {@code real}, but each {@code get} is answered first and then {@code afterRead} runs before the
     * caller sees the answer: a write made there lands between the caller's read and whatever it
     * does next, deterministically.
     */
    static KV writeAfterEachRead(KV real, Runnable afterRead) {
        return wrap(real, new AtomicInteger(), afterRead);
    }

    private static KV wrap(KV real, AtomicInteger reads, Runnable afterRead) {
        InvocationHandler handler = (proxy, method, args) -> {
            Object result;
            try {
                result = method.invoke(real, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            if (!method.getName().equals("get")) {
                return result;
            }
            reads.incrementAndGet();
            if (afterRead == null) {
                return result;
            }
            @SuppressWarnings("unchecked")
            CompletableFuture<GetResponse> answer = (CompletableFuture<GetResponse>) result;
            GetResponse response;
            try {
                response = answer.get(30, TimeUnit.SECONDS);
            } catch (Exception e) {
                return answer; // a failed read: hand the failure over untouched
            }
            afterRead.run();
            return CompletableFuture.completedFuture(response);
        };
        return (KV) Proxy.newProxyInstance(KV.class.getClassLoader(), new Class<?>[] {KV.class}, handler);
    }
}
