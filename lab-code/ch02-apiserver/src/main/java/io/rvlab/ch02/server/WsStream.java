package io.rvlab.ch02.server;

import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * WebSocket requests as kube-apiserver recognizes them (k8s.io/apimachinery pkg/util/httpstream/wsstream
 * conn.go). A watch may be asked for over a WebSocket, as browsers and some clients do; the server must
 * tell such a request apart before it reads a body (a handshake has none), before it authenticates (a
 * browser cannot set the Authorization header and sends its token as a subprotocol), and when it
 * answers (the watch's events then go out as WebSocket messages).
 */
public final class WsStream {

    /** wsstream's connectionUpgradeRegex: "upgrade" as one of the Connection header's comma-separated tokens. */
    private static final Pattern CONNECTION_UPGRADE = Pattern.compile("(^|.*,\\s*)upgrade($|\\s*,)");

    private WsStream() {
    }

    /**
     * wsstream's IsWebSocketRequest: {@code Upgrade: websocket} (any case), with {@code Connection}
     * naming upgrade. {@code header} looks a request header up by name (null or "" when absent).
     */
    public static boolean isWebSocketRequest(Function<String, String> header) {
        if (!"websocket".equalsIgnoreCase(header.apply("Upgrade"))) {
            return false;
        }
        String connection = header.apply("Connection");
        return connection != null && CONNECTION_UPGRADE.matcher(connection.toLowerCase(Locale.ROOT)).find();
    }
}
