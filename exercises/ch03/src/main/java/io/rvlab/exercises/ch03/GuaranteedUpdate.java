package io.rvlab.exercises.ch03;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.etcd.jetcd.KV;
import io.rvlab.ch02.storage.RegistryKey;
import io.rvlab.ch03.storage.Preconditions;
import io.rvlab.ch03.storage.UpdateFunction;

/**
 * <b>Exercise 3.1 (capstone): GuaranteedUpdate, inside chapter 3's API server.</b>
 *
 * <p>Every PUT and PATCH kube-apiserver serves ends in one storage function, {@code
 * GuaranteedUpdate}. The request's own logic (the resourceVersion check of a PUT, applying a patch,
 * the server-owned fields, validation) is the {@code tryUpdate} it is given; storage's job is to
 * store what {@code tryUpdate} computes from the object as it is stored, and to make sure that
 * "as it is stored" is still true at the moment of the write. Several requests, on several API
 * servers, update the same object at the same time; etcd is the only thing they share.
 *
 * <p>This method replaces chapter 3's own for every PUT and PATCH of the server (see
 * {@code capstone/YourStorage}). It is judged through that server: HTTP clients racing GET-then-PUT,
 * {@code kubectl replace} of a stale copy, {@code kubectl patch} while another writer is busy, and
 * writes slipped in by the tests at the worst possible moment. Run it yourself with
 * {@code ./course serve --exercise 3.1} and point kubectl at it. It also goes one step beyond the
 * chapter's update, as kube-apiserver's does: it can start from no object at all
 * ({@code ignoreNotFound}, the create of a PUT to a missing name); the tests call it directly for that.
 *
 * <p>Given, for you to use: {@link io.rvlab.exercises.ch03.StoredObjects} (this package: how the
 * server keeps an object in etcd, and its resourceVersion), chapter 3's
 * {@link io.rvlab.ch03.storage.Preconditions} and {@link io.rvlab.ch03.storage.UpdateFunction}, and
 * the exceptions named below; talk to etcd through the {@code KV} you are given, nothing else (the
 * tests race you through it). Chapter 3's own update ({@code EtcdUpdatableStorage.guaranteedUpdate},
 * which {@code UpdatingRegistryStore} and {@code YourStorage} call) is the answer to compare with
 * once you pass, not a helper: a grading test checks that your class does not call it.
 */
public final class GuaranteedUpdate {

    private GuaranteedUpdate() {
    }

    // tag::signature[]
    /**
     * Stores {@code tryUpdate(current object)} under {@code key}, such that no write by anyone else
     * is ever overwritten: what is written was computed from the object as etcd holds it at the
     * moment of the write, or, where there is none, from the fact that there is none.
     *
     * <ul>
     *   <li>Someone else writing the object first is never an error for the caller: the update
     *       then applies to the newer object, as often as it takes. (A client that sent a stale
     *       resourceVersion gets its 409 from {@code tryUpdate}, not from here.)</li>
     *   <li>{@code preconditions} hold for the very object {@code tryUpdate} was given;
     *       otherwise {@link Preconditions#check} throws, and that reaches the caller.</li>
     *   <li>Whatever {@code tryUpdate} throws reaches the caller unchanged, and nothing is
     *       written. {@code tryUpdate} may run several times; it may change the object it is
     *       given.</li>
     *   <li>When the object to store is what is stored already (the same bytes in etcd), nothing is
     *       written: etcd's revision does not move and the object keeps its resourceVersion (GOLD
     *       c1.4: an identical PUT answers 200 with the same resourceVersion).</li>
     *   <li>With {@code ignoreNotFound}, a missing object is not an error but a starting point, as
     *       in kube-apiserver (its registry always asks for it, and lets {@code tryUpdate} decide
     *       whether a PUT may create): {@code tryUpdate} is given an empty object (no fields at all,
     *       so no resourceVersion) and what it returns is created, also when the object disappears
     *       while you update it. A create is no blind write either: an object someone else created
     *       meanwhile is updated, never replaced.</li>
     * </ul>
     *
     * @param kv etcd
     * @param objects how an object is kept in etcd (given: decode, encode, the resourceVersion)
     * @param key where the object is stored ({@link RegistryKey#path()})
     * @param ignoreNotFound whether a missing object is handed to {@code tryUpdate} as an empty one
     *     instead of being a 404 (chapter 3's server passes false; the tests also call with true)
     * @param preconditions what the object must still be (its uid, its resourceVersion; maybe none)
     * @param tryUpdate computes the object to store from the object as stored, with its resourceVersion
     * @return the object as stored after the call, carrying its resourceVersion: the revision of your
     *     write, or, when nothing had to be written, the one it already had
     * @throws io.rvlab.ch02.storage.KeyNotFoundException (for {@code key.path()}) if there is no object and
     *     {@code ignoreNotFound} is false, also when it is deleted while you update it: such an update never
     *     brings an object back (404)
     * @throws io.rvlab.ch03.storage.PreconditionFailedException if a precondition does not hold (409)
     * @throws IllegalStateException if the calling thread is interrupted while waiting for etcd, with the
     *     thread's interrupt flag still set (a request's thread is stopped that way; the interrupt must not be lost)
     */
    public static ObjectNode update(KV kv, StoredObjects objects, RegistryKey key, boolean ignoreNotFound,
            Preconditions preconditions, UpdateFunction tryUpdate) {
        throw new UnsupportedOperationException("TODO exercise 3.1");
    }
    // end::signature[]
}
