/**
 * Wire imitation of chapter 3: {@code openapi}, the OpenAPI documents and type schemas kubectl
 * downloads before it creates or replaces from a file.
 */
package io.rvlab.ch03.wire;
