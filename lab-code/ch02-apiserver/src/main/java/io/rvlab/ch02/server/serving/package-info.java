/**
 * What the HTTPS server serves with. Read {@link SecureServing} first, which gathers the rest and
 * sets the HTTP server's TLS and ALPN;
 * then {@link ServingCertificates} (the course's CA and serving certificate, made with {@link
 * Keytool}), {@link ServingCertKey} and {@link AlternateNames}; then {@link AdminKubeconfig} and
 * {@link PrivateFiles}, what a learner's kubectl uses.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/apiserver pkg/server/options/serving.go</td>
 *       <td>{@link SecureServing}, {@link ServingCertKey}</td></tr>
 *   <tr><td>k8s.io/apiserver pkg/server/secure_serving.go</td>
 *       <td>{@link SecureServing#configure}</td></tr>
 *   <tr><td>kubernetes cmd/kubeadm/app/util/kubeconfig/kubeconfig.go</td>
 *       <td>{@link AdminKubeconfig}</td></tr>
 * </table>
 */
package io.rvlab.ch02.server.serving;
