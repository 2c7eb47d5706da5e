/**
 * Talking to any API server. Read {@link RestConfig} first (where a server is and how to trust
 * it), then {@link Kubeconfig} and {@link Pem}, which fill it from a kubeconfig, then
 * {@link RestClient} and {@link ResourceListerWatcher}, the HTTP side of reads, writes, lists and
 * watches.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/client-go rest/config.go</td><td>{@link RestConfig}</td></tr>
 *   <tr><td>k8s.io/client-go tools/clientcmd/loader.go</td><td>{@link Kubeconfig}</td></tr>
 *   <tr><td>k8s.io/client-go tools/cache/listwatch.go</td><td>{@link ResourceListerWatcher}</td></tr>
 *   <tr><td>k8s.io/client-go rest/request.go</td><td>{@link RestClient}</td></tr>
 * </table>
 */
package io.rvlab.ch05.client;
