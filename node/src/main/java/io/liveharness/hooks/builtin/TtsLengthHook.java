package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.Map;
import java.util.Set;

/** TTS reads the reply aloud in a live room: longer than maxChars, it is cut at the last sentence end that fits. */
public record TtsLengthHook(int maxChars) implements FastHook {
    public static final String TYPE = "tts-length";
    private static final String SENTENCE_ENDS = "。！？!?.；;…";

    @Override
    public HookVerdict check(HookContext context) {
        String reply = context.subject();
        if (reply.codePointCount(0, reply.length()) <= maxChars) return HookVerdict.allow(TYPE, reply);
        String cut = reply.substring(0, reply.offsetByCodePoints(0, maxChars));
        int end = -1;
        // only a sentence end in the last two thirds: cutting to a stub would say too little
        for (int i = cut.length() - 1; i > cut.length() / 3; i--) {
            if (SENTENCE_ENDS.indexOf(cut.charAt(i)) >= 0) { end = i + 1; break; }
        }
        String shortened = (end > 0 ? cut.substring(0, end) : cut).strip();
        return HookVerdict.rewrite(TYPE, "the reply is longer than " + maxChars + " characters for TTS", shortened);
    }

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            return new TtsLengthHook(HookParams.of(params).allowOnly("maxChars").positiveInt("maxChars"));
        }
    }
}
