/**
 * Controllers on informers. Read {@link Controller} first (events put keys into a
 * {@link WorkQueue}, workers reconcile them), then {@link Reconciler} and {@link LoopGuard}, then
 * the examples: {@link AnnotationController}, {@link DeploymentStatusController} and, the one not
 * to write, {@link NaiveLoopingController}. {@link RateLimiter} and
 * {@link ItemExponentialFailureRateLimiter} pace retries; {@link ControllerMain} is
 * {@code ./course controller}.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>k8s.io/client-go util/workqueue/queue.go</td><td>{@link WorkQueue}</td></tr>
 *   <tr><td>k8s.io/client-go util/workqueue/rate_limiting_queue.go</td>
 *       <td>{@link WorkQueue}, {@link RateLimiter}</td></tr>
 *   <tr><td>k8s.io/client-go util/workqueue/default_rate_limiters.go</td>
 *       <td>{@link ItemExponentialFailureRateLimiter}</td></tr>
 *   <tr><td>sigs.k8s.io/controller-runtime pkg/reconcile/reconcile.go</td><td>{@link Reconciler}</td></tr>
 * </table>
 */
package io.rvlab.ch05.controller;
