package io.liveharness.hooks.builtin;

import io.liveharness.claims.ClaimReader;
import io.liveharness.claims.Disfluency;
import io.liveharness.claims.TurnFacts;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.hooks.HookVerdict;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A reply that stutters ("米色/米色/米色"), greets twice, or runs into the other language than the
 * viewer's is sent back with what to fix, once; then the fallback answers. Read by the same reader
 * as the eval's fluency check. The viewer's language is the script of their message.
 */
public record DisfluencyHook() implements FastHook {
    public static final String TYPE = "disfluency";

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        TurnFacts facts = TurnFacts.of(context.backedFacts(), null, context.onStageProductId());
        List<Disfluency> found = ClaimReader.DEFAULT.read(reply, context.message(), facts.named(), ClaimReader.viewerLanguage(context.message())).disfluencies();
        if (found.isEmpty()) return HookVerdict.allow(TYPE, reply);
        Disfluency d = found.getFirst();
        return HookVerdict.block(TYPE, switch (d.kind()) {
            case REPEATED_ITEM -> "it repeats an item ('" + d.said() + "'); say each only once";
            case REPEATED_PHRASE -> "it repeats itself ('" + d.said() + "'); say it once";
            case DOUBLED_GREETING -> "it greets twice ('" + d.said() + "'); greet once";
            case OTHER_LANGUAGE -> "it switches language ('" + d.said() + "'); answer only in the viewer's language";
            case GARBLED -> "it has broken text ('" + d.said() + "')";
        });
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            return new DisfluencyHook();
        }
    }
}
