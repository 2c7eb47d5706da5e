package io.rvlab.support.lab;

/**
 * A lab's HTTP request written as the curl command that sends it, against {@code $APISERVER} (so
 * no port appears and a transcript is the same on every run): a reader can paste it against
 * {@code ./course serve}.
 */
public final class CurlLine {

    /** Where the server is, in every printed command. */
    public static final String SERVER = "$APISERVER";

    private CurlLine() {
    }

    /** {@code $ curl -s [-X METHOD] [-H 'Content-Type: ...'] "$APISERVER/path" [-d 'body']}; nulls leave parts out. */
    public static String of(String method, String path, String contentType, String body) {
        StringBuilder line = new StringBuilder("$ curl -s");
        if (!"GET".equals(method)) {
            line.append(" -X ").append(method);
        }
        if (contentType != null) {
            line.append(" -H 'Content-Type: ").append(contentType).append("'");
        }
        line.append(" \"").append(SERVER).append(path).append("\"");
        if (body != null) {
            line.append(" -d '").append(body).append("'");
        }
        return line.toString();
    }
}
