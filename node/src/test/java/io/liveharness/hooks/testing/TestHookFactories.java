package io.liveharness.hooks.testing;

import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookContext;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.HookVerdict;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Custom hook types as a third-party jar would ship them, registered only through
 * node/src/test/resources/META-INF/services: they prove the SPI, and misbehave on purpose.
 */
public final class TestHookFactories {

    /** {@code test-shout}: rewrites the subject to upper case, at any point. */
    public static final class Shout implements HookFactory {
        public String type() { return "test-shout"; }

        public Set<HookPoint> points() { return EnumSet.allOf(HookPoint.class); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams.of(params).allowOnly();
            return ctx -> HookVerdict.rewrite("test-shout", "louder", ctx.subject().toUpperCase(Locale.ROOT));
        }
    }

    /** {@code test-sleep}: sleeps {@code ms} then allows, like a custom hook calling a slow service. */
    public static final class Sleep implements HookFactory {
        public String type() { return "test-sleep"; }

        public Set<HookPoint> points() { return EnumSet.allOf(HookPoint.class); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            int ms = HookParams.of(params).allowOnly("ms").positiveInt("ms");
            return ctx -> {
                try {
                    Thread.sleep(ms);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return HookVerdict.allow("test-sleep", ctx.subject());
            };
        }
    }

    /** {@code test-throw}: a buggy custom hook. */
    public static final class Throw implements HookFactory {
        public String type() { return "test-throw"; }

        public Set<HookPoint> points() { return EnumSet.allOf(HookPoint.class); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            return ctx -> { throw new IllegalStateException("boom"); };
        }
    }

    /** {@code test-output-only}: a type that declares one point, to test point validation. */
    public static final class OutputOnly implements HookFactory {
        public String type() { return "test-output-only"; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            return ctx -> HookVerdict.allow("test-output-only", ctx.subject());
        }
    }

    private TestHookFactories() { }
}
