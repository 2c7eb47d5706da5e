/**
 * Wire imitation: code that makes this server's bytes match kube-apiserver's, kept apart from the
 * concepts. {@code gojson}: Go's JSON encoder, its syntax errors and ObjectMeta's field order;
 * {@code protobuf}: the protobuf request bodies kubectl sends; {@code table}: server-side printing
 * for {@code kubectl get}; {@code discovery}: the documents kubectl reads first. None of it is
 * needed to understand resourceVersion; all of it is needed for real clients to talk to the
 * server.
 */
package io.rvlab.ch02.wire;
