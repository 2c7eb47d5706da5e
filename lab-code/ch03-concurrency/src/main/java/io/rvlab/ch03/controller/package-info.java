/**
 * Two tiny controllers polling one Deployment. Read {@link NaiveStatusController} first, the one
 * not to write, then {@link ObservedGenerationController}, which reconciles only a spec it has not
 * answered. {@link DeploymentStatus} and {@link Pass} are their status and their log.
 *
 * <table>
 *   <caption>Upstream source file and the class here that plays its part</caption>
 *   <tr><th>Upstream file</th><th>Here</th></tr>
 *   <tr><td>kubernetes pkg/controller/deployment/sync.go (observedGeneration)</td>
 *       <td>{@link ObservedGenerationController}</td></tr>
 * </table>
 */
package io.rvlab.ch03.controller;
