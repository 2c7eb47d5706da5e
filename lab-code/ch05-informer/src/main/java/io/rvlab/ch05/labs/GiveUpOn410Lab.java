package io.rvlab.ch05.labs;

import io.rvlab.ch04.watch.WatchEvent;
import io.rvlab.ch05.cache.ReflectorListener;
import io.rvlab.ch05.history.GiveUpOn410;
import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.ch05.history.ReplicaScenario;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;

/**
 * Lab 5.7, a bug lab: a reflector that stops at the first 410 (fabric8io/kubernetes-client #1961): its
 * store keeps the last state it had, hasSynced() stays true, and every later change is missed. The
 * checker says GAVE_UP and FINAL_STATE. client-go answers the 410 with a relist, and is clean.
 */
public final class GiveUpOn410Lab implements Lab {

    @Override
    public String id() {
        return "5.7";
    }

    @Override
    public String title() {
        return "Bug lab: a reflector that gives up after a 410 (fabric8io/kubernetes-client #1961)";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        out.step("The stage of lab 5.6: two API servers, a network cut that makes the watch end in 410. Start clean:");
        BugLab.startClean(lab);

        out.step("The buggy reflector: after a 410 it sends no request again (GiveUpOn410, around its ListerWatcher)");
        GiveUpOn410[] bug = new GiveUpOn410[1];
        ReplicaScenario.Result result;
        try {
            result = BugLab.run(lab, ReplicaScenario.options(), lw -> bug[0] = new GiveUpOn410(lw), new ReflectorListener() {
                @Override
                public void watchEnded(String reason) {
                    bug[0].watchEnded(reason);
                }

                @Override
                public void event(WatchEvent event, String lastSync) {
                    bug[0].event(event, lastSync);
                }
            }, Duration.ofSeconds(5), java.util.Set.of(Check.GAVE_UP, Check.FINAL_STATE, Check.HANDLERS));
        } finally {
            if (bug[0] != null) {
                bug[0].close();
            }
        }
        out.check(bug[0].gaveUp() && result.report().has(Check.GAVE_UP),
                "the checker caught GAVE_UP: after the 410 the reflector never listed again");
        out.check(result.report().has(Check.FINAL_STATE),
                "and FINAL_STATE: the store stayed where it was at the cut, behind etcd, with nothing to say so");

        out.step("client-go's reflector on the same stage: a 410 is control flow, answered by a relist");
        ReplicaScenario.Result fixed = BugLab.clientGo(lab);
        out.check(fixed.report().ok(), "every check held: the 410, a backoff, a relist, a new watch, and the store equals etcd");

        out.say("Fix it yourself: exercise 5.1, the capstone (your reflector loop, ReflectorLoop), answers the 410;");
        out.say("the reflector itself must never treat 410 as the end. The checker is the grading test.");
        out.conclude("410 Expired is not an error to stop on: it says \"your resourceVersion is too old to resume\", "
                + "and the only answer is to list again. A reflector that stops there serves a stale cache forever.");
    }
}
