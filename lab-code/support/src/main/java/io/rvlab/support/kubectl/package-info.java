/**
 * Real kubectl as a judge: {@link io.rvlab.support.kubectl.Kubectl} runs the installed binary against one
 * of the course's servers with a kubeconfig, cache and HOME of its own; where kubectl is not installed it
 * is absent, and the tests that need it skip.
 */
package io.rvlab.support.kubectl;
