package io.rvlab.exercises.ch06;

/** Apply configs for Deployments, as JSON (valid YAML, so an apply body as it is). */
final class Deployments {

    private Deployments() {
    }

    /** A Deployment "web": one container "nginx" with two ports (keyed by containerPort and protocol), a finalizer. */
    static String web(String namespace, String image, int replicas) {
        return "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                + "\"metadata\":{\"name\":\"web\",\"namespace\":\"" + namespace + "\",\"labels\":{\"app\":\"web\"},"
                + "\"finalizers\":[\"example.com/keep\"]},"
                + "\"spec\":{\"replicas\":" + replicas + ",\"selector\":{\"matchLabels\":{\"app\":\"web\"}},"
                + "\"template\":{\"metadata\":{\"labels\":{\"app\":\"web\"}},\"spec\":{\"containers\":["
                + "{\"name\":\"nginx\",\"image\":\"" + image + "\",\"args\":[\"-g\",\"daemon off;\"],"
                + "\"ports\":[{\"containerPort\":80,\"protocol\":\"TCP\"},{\"containerPort\":53,\"protocol\":\"UDP\"}]}]}}}}";
    }
}
