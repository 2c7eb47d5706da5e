package io.rvlab.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The fields kube-apiserver fills into an object that the client did not send: its per-kind
 * defaulting (apps/v1 {@code SetDefaults_Deployment} and the pod template's defaults), and the
 * {@code creationTimestamp: null} Go writes for the template's empty metadata. rvlab's servers fill
 * in none of them. The comparator sets these fields aside when kube-apiserver's answer has them and
 * rvlab's does not, and reports that as one {@link Difference.Aspect#DEFAULTS} difference, so that
 * the rest of the object (generation, replicas, image, status) is still compared field by field.
 * Where rvlab's answer has them too (a client sent them, as golden h.9's PUT does), they are compared.
 */
final class Defaulting {

    /** Paths from the object's root; {@code []} stands for every element of a list. */
    private static final Map<String, List<String>> BY_KIND = Map.of("Deployment", List.of(
            "spec.strategy",
            "spec.revisionHistoryLimit",
            "spec.progressDeadlineSeconds",
            "spec.template.metadata.creationTimestamp",
            "spec.template.spec.restartPolicy",
            "spec.template.spec.terminationGracePeriodSeconds",
            "spec.template.spec.dnsPolicy",
            "spec.template.spec.securityContext",
            "spec.template.spec.schedulerName",
            "spec.template.spec.containers[].resources",
            "spec.template.spec.containers[].terminationMessagePath",
            "spec.template.spec.containers[].terminationMessagePolicy",
            "spec.template.spec.containers[].imagePullPolicy"));

    private Defaulting() {
    }

    /**
     * Removes from {@code golden} the defaulted fields that {@code ours} lacks.
     *
     * @param kind the object's kind (the list's item kind for list items)
     * @return the paths removed, in the order above
     */
    static List<String> setAside(String kind, ObjectNode golden, JsonNode ours) {
        List<String> removed = new ArrayList<>();
        for (String path : BY_KIND.getOrDefault(kind, List.of())) {
            setAside(path.split("\\."), 0, golden, ours, "", removed);
        }
        return removed;
    }

    private static void setAside(String[] steps, int at, JsonNode golden, JsonNode ours, String where, List<String> removed) {
        boolean every = steps[at].endsWith("[]");
        String field = every ? steps[at].substring(0, steps[at].length() - 2) : steps[at];
        if (!(golden instanceof ObjectNode object) || !object.has(field)) {
            return;
        }
        JsonNode ourField = ours == null ? null : ours.get(field);
        String here = where.isEmpty() ? field : where + "." + field;
        if (at == steps.length - 1 && !every) {
            if (ourField == null) {
                object.remove(field);
                removed.add(here);
            }
            return;
        }
        if (every) {
            JsonNode elements = object.get(field);
            for (int i = 0; i < elements.size(); i++) {
                JsonNode ourElement = ourField == null ? null : ourField.get(i);
                setAside(steps, at + 1, elements.get(i), ourElement, here + "[" + i + "]", removed);
            }
        } else {
            setAside(steps, at + 1, object.get(field), ourField, here, removed);
        }
    }
}
