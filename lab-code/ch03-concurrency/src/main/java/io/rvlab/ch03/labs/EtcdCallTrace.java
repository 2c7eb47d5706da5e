package io.rvlab.ch03.labs;

import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.ForwardingClientCall;
import io.grpc.ForwardingClientCallListener;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * Records every call a jetcd client makes to etcd's KV service (Range, Txn, Put, DeleteRange), with
 * etcd's answer, in the order the calls were made. A gRPC {@link ClientInterceptor}: installed on
 * the API server's own etcd client (see {@link LabApi}), it sees the requests the server's storage
 * really sends and the responses etcd really gives, so a diagram drawn from it shows the server's
 * etcd calls as they happened, not as the lab expects them. It changes nothing: every message is
 * passed on as it is.
 *
 * <p>A call is recorded when its request is sent and completed when etcd answers, before the
 * caller's future completes; so once a request to the API server has returned, every etcd call it
 * made is in the trace with its answer.
 */
public final class EtcdCallTrace implements ClientInterceptor {

    /** etcd's KV service, as gRPC names it (etcdserverpb.KV/Range and so on). */
    private static final String KV_SERVICE = "etcdserverpb.KV/";

    private final List<Recording> calls = new ArrayList<>();

    /** One call in flight or done; completed by gRPC's threads, read under the trace's lock. */
    private static final class Recording {
        private final String method;
        private Message request;
        private Message response;
        private String error;

        Recording(String method) {
            this.method = method;
        }

        EtcdCall call() {
            return new EtcdCall(method, request, response, error);
        }
    }

    // tag::trace[]
    @Override
    public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
        ClientCall<Q, A> call = next.newCall(method, options);
        String name = method.getFullMethodName();
        if (!name.startsWith(KV_SERVICE)) {
            return call; // watches, leases, status: not storage reads and writes
        }
        Recording recording = new Recording(name.substring(KV_SERVICE.length()));
        return new ForwardingClientCall.SimpleForwardingClientCall<>(call) {
            @Override
            public void start(Listener<A> listener, Metadata headers) {
                super.start(new ForwardingClientCallListener.SimpleForwardingClientCallListener<>(listener) {
                    @Override
                    public void onMessage(A message) {
                        synchronized (EtcdCallTrace.this) {
                            recording.response = (Message) message;
                        }
                        super.onMessage(message);
                    }

                    @Override
                    public void onClose(Status status, Metadata trailers) {
                        if (!status.isOk()) {
                            synchronized (EtcdCallTrace.this) {
                                recording.error = status.getCode() + ": " + status.getDescription();
                            }
                        }
                        super.onClose(status, trailers);
                    }
                }, headers);
            }

            @Override
            public void sendMessage(Q message) {
                synchronized (EtcdCallTrace.this) {
                    recording.request = (Message) message;
                    calls.add(recording);
                }
                super.sendMessage(message);
            }
        };
    }

    // end::trace[]

    /** The calls recorded since the last drain, oldest first; the trace starts empty again. */
    public synchronized List<EtcdCall> drain() {
        List<EtcdCall> done = calls.stream().map(Recording::call).toList();
        calls.clear();
        return done;
    }
}
