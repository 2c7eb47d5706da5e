package io.rvlab.ch03.controller;

/**
 * What one pass of a polling controller saw and did.
 *
 * @param number the pass, from 1
 * @param seenResourceVersion the resourceVersion of the Deployment the pass read
 * @param generation its metadata.generation
 * @param seenObservedGeneration its status.observedGeneration (0 if none)
 * @param reconciled whether the controller decided there was work to do
 * @param wrote whether it wrote status (a write the server carried out: the resourceVersion moved)
 * @param resourceVersionAfter the resourceVersion after the pass (the seen one if nothing was written)
 */
public record Pass(int number, long seenResourceVersion, long generation, long seenObservedGeneration,
        boolean reconciled, boolean wrote, long resourceVersionAfter) {
}
