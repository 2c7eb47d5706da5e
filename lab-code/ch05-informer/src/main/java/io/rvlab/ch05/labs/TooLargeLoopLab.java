package io.rvlab.ch05.labs;

import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.ch05.history.ReplicaScenario;
import io.rvlab.ch05.history.TooLargeLoop;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * Lab 5.8, a bug lab: a reflector that, told "Too large resource version", asks for the same
 * resourceVersion again, and again (kubernetes #91073, #107133). Replica B's cache is behind and,
 * with nothing changing, never catches up: a list storm. The checker says LIST_LOOP and FINAL_STATE.
 * client-go drops the unavailable resourceVersion for "" and is clean.
 */
public final class TooLargeLoopLab implements Lab {

    @Override
    public String id() {
        return "5.8";
    }

    @Override
    public String title() {
        return "Bug lab: \"Too large resource version\", asked again and again (kubernetes #107133)";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        out.step("The stage of lab 5.6: two API servers, replica B's cache stalled, a 410 that sends the relist to B. "
                + "Start clean:");
        BugLab.startClean(lab);

        out.step("The buggy reflector: TooLargeLoop ignores lastSyncUnavailable and relists at lastSync forever");
        out.say("Options.withRelist(new TooLargeLoop())   // lastSyncResourceVersion, even after B answered 504 for it");
        ReplicaScenario.Result bug = BugLab.run(lab, ReplicaScenario.options().withRelist(new TooLargeLoop()),
                UnaryOperator.identity(), null, Duration.ofSeconds(5), java.util.Set.of(Check.LIST_LOOP, Check.LIST_STORM, Check.FINAL_STATE, Check.HANDLERS));
        out.check(bug.report().has(Check.LIST_LOOP),
                "the checker caught LIST_LOOP: the same resourceVersion asked again after B had called it too large");
        out.check(bug.report().has(Check.FINAL_STATE), "and FINAL_STATE: looping, the store never caught up with etcd");

        out.step("client-go's reflector on the same stage: one 504, then a LIST at \"\"");
        ReplicaScenario.Result fixed = BugLab.clientGo(lab);
        out.check(fixed.report().ok(), "every check held: after the 504 the reflector marked lastSync unavailable and listed "
                + "at \"\", which any replica serves from etcd");

        out.say("Fix it yourself: exercise 5.1, the capstone (your reflector loop, ReflectorLoop), meets this replica.");
        out.conclude("a resourceVersion the server has said it cannot serve must not be asked for again: the reflector "
                + "falls back to \"\", a consistent list, or it loops as long as nothing changes, which may be forever.");
    }
}
