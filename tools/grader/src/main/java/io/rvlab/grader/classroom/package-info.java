/**
 * Grading a class: the instructor's side of the grader.
 *
 * <p>Reading map. {@link io.rvlab.grader.classroom.Roster} says who is in the class, by names the
 * instructor controls. {@link io.rvlab.grader.classroom.Collect} brings each student's work into a
 * git copy of its own. {@link io.rvlab.grader.classroom.Submission} chooses the one commit graded
 * (HEAD, or the last before a deadline), exports it, and notes what the working tree held beyond it
 * and which grading files the student changed. {@link io.rvlab.grader.classroom.GradingJob} grades
 * one student's chapter in a grader JVM of its own, with the course's tests and a time limit.
 * {@link io.rvlab.grader.classroom.ClassGrade} runs the jobs, several at once, and merges the table
 * ({@link io.rvlab.grader.ClassResults}).
 */
package io.rvlab.grader.classroom;
