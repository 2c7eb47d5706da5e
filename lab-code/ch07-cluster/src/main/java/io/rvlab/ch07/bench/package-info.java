/**
 * Chapter 7's benchmark, {@code ./course bench members}: chapter 3's update benchmark run on one etcd
 * member and on three, with the ratios between them.
 */
package io.rvlab.ch07.bench;
