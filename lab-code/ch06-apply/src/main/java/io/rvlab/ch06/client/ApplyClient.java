package io.rvlab.ch06.client;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rvlab.ch02.api.Status;
import io.rvlab.ch02.api.StatusException;
import io.rvlab.ch02.wire.gojson.GoJson;
import io.rvlab.ch03.client.AlreadyExistsException;
import io.rvlab.ch03.client.ApiClient;
import io.rvlab.ch03.client.ConflictException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

/**
 * A client for the writes of server-side apply, over {@code java.net.http}: an apply patch
 * ({@code application/apply-patch+yaml}) and the three writes that record an {@code Update} entry in
 * managedFields (POST, PUT and merge or strategic merge PATCH), each naming its field manager with
 * {@code ?fieldManager=}. Every write returns the object the server sent back.
 *
 * <p>Every request is sent by chapter 3's {@link ApiClient}, so the errors are chapter 3's: a 409 Conflict throws a {@link ConflictException} (whether the
 * resourceVersion was stale or an apply lost a field to another manager; {@link
 * #isFieldManagerConflict} tells which), a 409 AlreadyExists an {@link AlreadyExistsException}, any
 * other failure a {@link StatusException}; each carries the server's Status, causes included.
 *
 * <p>A {@link Listener} sees every request and answer: the labs print them as curl lines.
 */
public final class ApplyClient {

    /** {@code PATCH} with this content type is an apply (kube's {@code types.ApplyPatchType}). */
    public static final String APPLY_PATCH = "application/apply-patch+yaml";
    public static final String MERGE_PATCH = "application/merge-patch+json";
    public static final String STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";

    /** Sees each request before it is sent, and each answer (chapter 3's listener, under this client's name). */
    public interface Listener extends ApiClient.Listener {
    }

    /** Chapter 3's client, which sends every request and turns error answers into its exceptions. */
    private final ApiClient api;

    public ApplyClient(URI server) {
        this(new ApiClient(server).withUserAgent("rvlab-apply-client/1.0"));
    }

    private ApplyClient(ApiClient api) {
        this.api = api;
    }

    /** The same client, telling {@code listener} about every request. */
    public ApplyClient withListener(Listener listener) {
        return new ApplyClient(api.withListener(listener));
    }

    /**
     * The same client with another User-Agent: a write without a field manager is recorded under the
     * User-Agent's part before its first '/' (kube's managerOrUserAgent).
     */
    public ApplyClient withUserAgent(String userAgent) {
        return new ApplyClient(api.withUserAgent(userAgent));
    }

    // tag::apply[]
    /**
     * Server-side apply: {@code PATCH <collection>/<name>?fieldManager=M[&force=true]} with the
     * manager's whole intent as YAML (JSON is YAML too). Creates the object when it does not exist.
     */
    public ObjectNode apply(String collectionPath, String name, String yaml, String manager, boolean force) {
        String query = "?fieldManager=" + encode(manager) + (force ? "&force=true" : "");
        return api.send("PATCH", collectionPath + "/" + name + query, APPLY_PATCH, yaml);
    }
    // end::apply[]

    /** POST, recorded as an Update by {@code manager} (null: by the User-Agent). */
    public ObjectNode create(String collectionPath, ObjectNode object, String manager) {
        return api.send("POST", collectionPath + managerQuery(manager), "application/json", GoJson.compact(object));
    }

    /** PUT of the whole object, recorded as an Update by {@code manager} (null: by the User-Agent). */
    public ObjectNode update(String collectionPath, String name, ObjectNode object, String manager) {
        return api.send("PUT", collectionPath + "/" + name + managerQuery(manager), "application/json", GoJson.compact(object));
    }

    /** A JSON merge patch (RFC 7386), recorded as an Update by {@code manager} (null: by the User-Agent). */
    public ObjectNode mergePatch(String collectionPath, String name, String json, String manager) {
        return api.send("PATCH", collectionPath + "/" + name + managerQuery(manager), MERGE_PATCH, json);
    }

    /** A strategic merge patch (what kubectl's client-side apply sends), recorded as an Update by {@code manager}. */
    public ObjectNode strategicMergePatch(String collectionPath, String name, String json, String manager) {
        return api.send("PATCH", collectionPath + "/" + name + managerQuery(manager), STRATEGIC_MERGE_PATCH, json);
    }

    public ObjectNode get(String collectionPath, String name) {
        return api.send("GET", collectionPath + "/" + name, null, null);
    }

    /**
     * Whether a 409 is an apply that lost fields to other managers (causes of reason {@code
     * FieldManagerConflict}), rather than a stale resourceVersion: retrying cannot help the first,
     * only forcing or giving the fields up can.
     */
    public static boolean isFieldManagerConflict(StatusException error) {
        Status.Details details = error.status().details();
        return error.status().code() == 409 && details != null
                && details.causes().stream().anyMatch(c -> "FieldManagerConflict".equals(c.reason()));
    }

    private static String managerQuery(String manager) {
        return manager == null ? "" : "?fieldManager=" + encode(manager);
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
