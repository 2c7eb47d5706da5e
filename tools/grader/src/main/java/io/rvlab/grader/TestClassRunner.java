package io.rvlab.grader;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectNestedMethod;

import java.lang.reflect.Method;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs one grading test class in this JVM through the JUnit Platform Launcher, the same engine
 * Maven's Surefire drives, so "passes in the grader" means "passes under mvn test". In-process
 * rather than a Maven run per exercise: seconds instead of tens of seconds, and the shared etcd
 * the harness starts is reused by every exercise.
 */
final class TestClassRunner {

    private final Launcher launcher = LauncherFactory.create();

    RunResult run(String className) {
        return run(className, List.of());
    }

    /**
     * Runs only the named test methods of the class (its own or its {@code @Nested} classes'),
     * every one of them when {@code methods} is empty. A name no method has runs nothing, and the
     * result says which: a catalogue entry naming a test that was renamed must not pass unseen.
     */
    RunResult run(String className, List<String> methods) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        Class<?> testClass;
        try {
            testClass = Class.forName(className, false, loader != null ? loader : TestClassRunner.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return RunResult.nothingRan(Failure.withoutCause(simpleName(className),
                    "test class " + className + " is not on the class path (is the module built? is 'tests' in exercises.yaml right?)"));
        } catch (LinkageError e) {
            return RunResult.nothingRan(Failure.of(simpleName(className), e));
        }
        LauncherDiscoveryRequestBuilder builder = LauncherDiscoveryRequestBuilder.request();
        if (methods.isEmpty()) {
            builder.selectors(selectClass(testClass));
        }
        for (String name : methods) {
            if (!select(builder, List.of(), testClass, name)) {
                return RunResult.nothingRan(Failure.withoutCause(name, "no test method " + name + " in " + className + " or its @Nested classes"));
            }
        }
        LauncherDiscoveryRequest request = builder.build();
        Collector collector = new Collector(className);
        launcher.execute(request, collector);
        return collector.result();
    }

    /** Selects every method called {@code name} in {@code type} or, depth first, its nested classes. */
    private static boolean select(LauncherDiscoveryRequestBuilder builder, List<Class<?>> enclosing, Class<?> type, String name) {
        boolean found = false;
        for (Method m : type.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                builder.selectors(enclosing.isEmpty() ? selectMethod(type, m) : selectNestedMethod(enclosing, type, m));
                found = true;
            }
        }
        List<Class<?>> inner = new java.util.ArrayList<>(enclosing);
        inner.add(type);
        for (Class<?> nested : type.getDeclaredClasses()) {
            found |= select(builder, inner, nested, name);
        }
        return found;
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    /** Counts tests and keeps their failures, with names a learner recognises. */
    private static final class Collector implements TestExecutionListener {

        private final String className;
        private TestPlan plan;
        private int passed;
        private int failed;
        private int skipped;
        private final List<Failure> testFailures = new ArrayList<>();
        private final List<Failure> classFailures = new ArrayList<>();
        private String emptyNote;

        Collector(String className) {
            this.className = className;
        }

        @Override
        public void testPlanExecutionStarted(TestPlan testPlan) {
            this.plan = testPlan;
        }

        @Override
        public void executionSkipped(TestIdentifier id, String reason) {
            // A @Disabled class is skipped as a whole: count the tests it holds, and remember why.
            long tests = id.isTest() ? 1 : plan.getDescendants(id).stream().filter(TestIdentifier::isTest).count();
            skipped += (int) tests;
            if (emptyNote == null) {
                emptyNote = nameOf(id) + " is disabled" + (reason == null || reason.isBlank() ? "" : " (" + Failure.oneLine(reason) + ")");
            }
        }

        @Override
        public void executionFinished(TestIdentifier id, TestExecutionResult result) {
            if (id.isTest()) {
                switch (result.getStatus()) {
                    case SUCCESSFUL -> passed++;
                    case ABORTED -> skipped++;
                    case FAILED -> {
                        failed++;
                        Failure failure = failureOf(nameOf(id), result);
                        testFailures.add(methodOf(id).map(failure::inMethod).orElse(failure));
                    }
                }
            } else if (result.getStatus() == TestExecutionResult.Status.FAILED) {
                // @BeforeAll/@AfterAll, a constructor, or the engine itself (e.g. a class it cannot discover).
                String where = plan.getParent(id).isEmpty() ? " (test engine)" : " (class setup or teardown)";
                classFailures.add(failureOf(nameOf(id) + where, result));
            } else if (result.getStatus() == TestExecutionResult.Status.ABORTED && emptyNote == null) {
                emptyNote = nameOf(id) + " was aborted: " + result.getThrowable().map(t -> Failure.oneLine(t.getMessage())).orElse("");
            }
        }

        RunResult result() {
            List<Failure> all = new ArrayList<>(testFailures);
            all.addAll(classFailures);
            return new RunResult(passed, failed, skipped, all, emptyNote);
        }

        /** The Java method behind a test (a parameterized test's invocations share it), for hint_for. */
        private Optional<String> methodOf(TestIdentifier id) {
            for (TestIdentifier cur = id; cur != null; cur = plan.getParent(cur).orElse(null)) {
                Optional<String> name = cur.getSource().filter(MethodSource.class::isInstance)
                        .map(s -> ((MethodSource) s).getMethodName());
                if (name.isPresent()) {
                    return name;
                }
            }
            return Optional.empty();
        }

        private static Failure failureOf(String name, TestExecutionResult result) {
            return result.getThrowable().map(t -> Failure.of(name, t))
                    .orElseGet(() -> Failure.withoutCause(name, "failed without an exception"));
        }

        /**
         * The display names below the graded class: "readsRevision(Client)", or for nested and
         * parameterized tests "AFreshEtcd > startsAtOne(Etcd)". The class itself is implied by the exercise.
         */
        private String nameOf(TestIdentifier id) {
            Deque<String> names = new ArrayDeque<>();
            for (TestIdentifier cur = id; cur != null; cur = plan.getParent(cur).orElse(null)) {
                boolean gradedClass = cur.getSource().filter(s -> s instanceof ClassSource cs && cs.getClassName().equals(className)).isPresent();
                if (gradedClass || plan.getParent(cur).isEmpty()) {
                    if (names.isEmpty()) {
                        names.add(cur.getDisplayName());
                    }
                    break;
                }
                names.addFirst(cur.getDisplayName());
            }
            return String.join(" > ", names);
        }
    }
}
