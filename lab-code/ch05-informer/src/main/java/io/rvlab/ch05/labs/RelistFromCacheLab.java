package io.rvlab.ch05.labs;

import io.rvlab.ch05.history.InformerChecker.Check;
import io.rvlab.ch05.history.RelistFromCache;
import io.rvlab.ch05.history.ReplicaScenario;
import io.rvlab.support.lab.Lab;
import io.rvlab.support.lab.LabContext;
import io.rvlab.support.lab.Narrator;
import java.time.Duration;
import java.util.function.UnaryOperator;

/**
 * Lab 5.6, a bug lab: a reflector that relists at resourceVersion "0" (kubernetes #83520). The relist
 * lands on a replica whose watch cache is behind, and "0" accepts any state: the store goes back in
 * time. The checker says TIME_TRAVEL. client-go's reflector, on the same stage, relists at
 * lastSyncResourceVersion, and is clean.
 */
public final class RelistFromCacheLab implements Lab {

    @Override
    public String id() {
        return "5.6";
    }

    @Override
    public String title() {
        return "Bug lab: a relist at \"0\" takes the cache back in time (kubernetes #83520)";
    }

    @Override
    public void run(LabContext lab) throws Exception {
        Narrator out = lab.out();
        out.step("The stage: two API servers on this etcd; lists go to replica B, watches to replica A");
        out.say("Replica B's watch cache will stall (a stuck etcd watch, or a restart); replica A keeps only "
                + ReplicaScenario.WINDOW + " changes, so a");
        out.say("short network cut makes the informer's watch end in 410, and it relists, on B. Start clean:");
        BugLab.startClean(lab);

        out.step("The buggy reflector: RelistFromCache, every LIST at resourceVersion \"0\" (client-go before the fix of #83520)");
        out.say("Options.withRelist(new RelistFromCache())   // listResourceVersion(...) returns \"0\", always");
        ReplicaScenario.Result bug = BugLab.run(lab, ReplicaScenario.options().withRelist(new RelistFromCache()),
                UnaryOperator.identity(), null, Duration.ofSeconds(5), java.util.Set.of(Check.TIME_TRAVEL, Check.FINAL_STATE, Check.HANDLERS));
        out.check(bug.report().has(Check.TIME_TRAVEL),
                "the checker caught TIME_TRAVEL: the relist at \"0\" was answered from B's stalled past, older than "
                        + "what the store had, and the informer went back to it");

        out.step("client-go's reflector on the same stage: relist at lastSyncResourceVersion");
        out.say("Options.CLIENT_GO   // \"0\" for the first list only, then lastSyncResourceVersion, \"\" if that is unavailable");
        ReplicaScenario.Result fixed = BugLab.clientGo(lab);
        out.check(fixed.report().ok(), "every check held: B could not serve a state as new as lastSync (504 \"Too large "
                + "resource version\"), so the reflector listed at \"\", a consistent read, and never went back");

        out.say("Fix it yourself: exercise 5.1, the capstone (your reflector loop, ReflectorLoop); this checker grades it.");
        out.conclude("\"0\" means \"any state\": fine for a first list, wrong for a relist, which must ask for a state "
                + "not older than what the informer already has (lastSyncResourceVersion), or a consistent one (\"\").");
    }
}
