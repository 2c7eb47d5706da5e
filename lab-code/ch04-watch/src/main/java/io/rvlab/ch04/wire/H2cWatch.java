package io.rvlab.ch04.wire;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http2.DefaultHttp2Headers;
import io.netty.handler.codec.http2.DefaultHttp2HeadersDecoder;
import io.netty.handler.codec.http2.DefaultHttp2HeadersEncoder;
import io.netty.handler.codec.http2.Http2Exception;
import io.netty.handler.codec.http2.Http2Headers;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One watch request over HTTP/2 in clear text ("h2c", with prior knowledge: RFC 9113 section 3.3),
 * written and read frame by frame on a plain socket. kubectl speaks the same protocol to a real
 * cluster, inside TLS. There is no chunked encoding here: the answer is a HEADERS frame, then the
 * body in DATA frames on the request's stream, one per event the server flushes; flow control
 * (WINDOW_UPDATE) is the client's part. Header blocks are HPACK-compressed (RFC 7541); Netty's
 * HPACK coder does that part, the framing is written out here.
 */
public final class H2cWatch implements AutoCloseable {

    private static final byte[] PREFACE = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final int STREAM = 1; // a client's first stream
    private static final Map<Integer, String> TYPES = Map.of(0, "DATA", 1, "HEADERS", 3, "RST_STREAM",
            4, "SETTINGS", 6, "PING", 7, "GOAWAY", 8, "WINDOW_UPDATE", 9, "CONTINUATION");
    static final int END_STREAM = 0x1;
    static final int ACK = 0x1;
    static final int END_HEADERS = 0x4;
    static final int PADDED = 0x8;
    static final int PRIORITY = 0x20;

    /** One frame as it crossed the wire; {@code headers} is the decoded block of a HEADERS frame. */
    public record Frame(String type, int flags, int stream, byte[] payload, Http2Headers headers) {

        public String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        public boolean endStream() {
            return (type.equals("DATA") || type.equals("HEADERS")) && (flags & END_STREAM) != 0;
        }

        /** "DATA stream 1, 245 bytes" or "HEADERS stream 1, END_HEADERS: :status 200, ...": the frame's header and what it says. */
        public String summary() {
            StringBuilder s = new StringBuilder(type).append(" stream ").append(stream);
            if (headers == null) { // a header block's size depends on HPACK's coding of its values (a date, say)
                s.append(", ").append(payload.length).append(" bytes");
            }
            List<String> flagNames = new ArrayList<>();
            if (type.equals("SETTINGS") || type.equals("PING")) {
                if ((flags & ACK) != 0) {
                    flagNames.add("ACK");
                }
            } else {
                if ((flags & END_STREAM) != 0) {
                    flagNames.add("END_STREAM");
                }
                if ((flags & END_HEADERS) != 0 && type.equals("HEADERS")) {
                    flagNames.add("END_HEADERS");
                }
            }
            if (!flagNames.isEmpty()) {
                s.append(", ").append(String.join("|", flagNames));
            }
            if (headers != null) {
                List<String> fields = new ArrayList<>();
                headers.forEach(h -> fields.add(h.getKey() + " " + h.getValue()));
                s.append(": ").append(String.join(", ", fields));
            }
            return s.toString();
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final DefaultHttp2HeadersDecoder hpack = new DefaultHttp2HeadersDecoder(true);

    private H2cWatch(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Opens the connection (preface, SETTINGS) and sends {@code GET pathAndQuery} as stream 1. */
    public static H2cWatch open(URI server, String pathAndQuery) throws IOException {
        Socket socket = new Socket(server.getHost(), server.getPort());
        H2cWatch watch = new H2cWatch(socket);
        try {
            watch.out.write(PREFACE);
            watch.frame(4, 0, 0, new byte[0]); // our SETTINGS: the defaults
            Http2Headers request = new DefaultHttp2Headers().method("GET").scheme("http")
                    .authority(server.getHost() + ":" + server.getPort()).path(pathAndQuery)
                    .add("accept", "application/json");
            watch.frame(1, END_HEADERS | END_STREAM, STREAM, encode(request)); // a GET has no body
            watch.out.flush();
            return watch;
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /**
     * The next frame, waiting up to {@code wait}; null if none came in time. The connection's chores
     * are done on the way: the server's SETTINGS and PINGs are acknowledged, and each DATA frame's
     * bytes are given back to both flow-control windows, so the server may go on sending.
     */
    public Frame next(Duration wait) throws IOException {
        socket.setSoTimeout((int) Math.max(1, wait.toMillis()));
        int length;
        try {
            length = readLength();
        } catch (SocketTimeoutException e) {
            return null;
        }
        socket.setSoTimeout(10_000); // the rest of the frame follows at once
        int type = in.readUnsignedByte();
        int flags = in.readUnsignedByte();
        int stream = in.readInt() & 0x7fffffff;
        byte[] payload = in.readNBytes(length);
        if (payload.length < length) {
            throw new EOFException("the connection ended inside a frame");
        }
        Http2Headers headers = null;
        switch (type) {
            case 0 -> {
                payload = unpadded(payload, flags);
                if (length > 0) {
                    windowUpdate(0, length);
                    windowUpdate(stream, length);
                }
            }
            case 1 -> {
                payload = headerBlock(payload, flags);
                headers = decode(stream, payload);
            }
            case 4 -> {
                if ((flags & ACK) == 0) {
                    frame(4, ACK, 0, new byte[0]);
                }
            }
            case 6 -> {
                if ((flags & ACK) == 0) {
                    frame(6, ACK, 0, payload);
                }
            }
            default -> { }
        }
        out.flush();
        return new Frame(TYPES.getOrDefault(type, "type " + type), flags, stream, payload, headers);
    }

    private int readLength() throws IOException {
        int b1 = in.read();
        if (b1 < 0) {
            throw new EOFException("the server closed the connection");
        }
        return (b1 << 16) | (in.readUnsignedByte() << 8) | in.readUnsignedByte();
    }

    private static byte[] unpadded(byte[] payload, int flags) {
        if ((flags & PADDED) == 0) {
            return payload;
        }
        int pad = payload[0] & 0xff;
        byte[] data = new byte[payload.length - 1 - pad];
        System.arraycopy(payload, 1, data, 0, data.length);
        return data;
    }

    private static byte[] headerBlock(byte[] payload, int flags) {
        int start = 0;
        int end = payload.length;
        if ((flags & PADDED) != 0) {
            start = 1;
            end -= payload[0] & 0xff;
        }
        if ((flags & PRIORITY) != 0) {
            start += 5;
        }
        byte[] block = new byte[end - start];
        System.arraycopy(payload, start, block, 0, block.length);
        return block;
    }

    private void windowUpdate(int stream, int increment) throws IOException {
        frame(8, 0, stream, ByteBuffer.allocate(4).putInt(increment).array());
    }

    // tag::frame[]
    /** The 9-byte frame header (length, type, flags, stream) and the payload (RFC 9113 section 4.1). */
    private void frame(int type, int flags, int stream, byte[] payload) throws IOException {
        ByteArrayOutputStream frame = new ByteArrayOutputStream(9 + payload.length);
        frame.write(payload.length >>> 16);
        frame.write(payload.length >>> 8);
        frame.write(payload.length);
        frame.write(type);
        frame.write(flags);
        frame.writeBytes(ByteBuffer.allocate(4).putInt(stream).array());
        frame.writeBytes(payload);
        out.write(frame.toByteArray());
    }
    // end::frame[]

    private static byte[] encode(Http2Headers headers) {
        ByteBuf block = Unpooled.buffer();
        try {
            new DefaultHttp2HeadersEncoder().encodeHeaders(STREAM, headers, block);
            return ByteBufUtil.getBytes(block);
        } catch (Http2Exception e) {
            throw new IllegalArgumentException("cannot encode the request headers: " + e.getMessage(), e);
        } finally {
            block.release();
        }
    }

    private Http2Headers decode(int stream, byte[] block) throws IOException {
        ByteBuf buffer = Unpooled.wrappedBuffer(block);
        try {
            return hpack.decodeHeaders(stream, buffer);
        } catch (Http2Exception e) {
            throw new IOException("the server's header block did not decode: " + e.getMessage(), e);
        } finally {
            buffer.release();
        }
    }

    /** Drops the connection; the server ends the watch. */
    @Override
    public void close() throws IOException {
        socket.close();
    }
}
