package io.liveharness.hooks.builtin;

import io.liveharness.claims.ClaimKind;
import io.liveharness.harness.HookEnvironment;
import io.liveharness.harness.HookPoint;
import io.liveharness.hooks.Hook;
import io.liveharness.hooks.HookFactory;
import io.liveharness.hooks.HookParams;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * The {@code unbacked-promise} hook of earlier harness versions: {@link FalseClaimsHook} over the
 * promises a viewer could hold the shop to, a price (plain or after a coupon), a stock count and a
 * delivery time. Kept so that published versions that name it still load and behave.
 */
public final class UnbackedPromiseHook {
    public static final String TYPE = "unbacked-promise";

    public static final class Factory implements HookFactory {
        public String type() { return TYPE; }

        public Set<HookPoint> points() { return Set.of(HookPoint.OUTPUT, HookPoint.STOP); }

        public Hook create(Map<String, Object> params, HookEnvironment environment) {
            HookParams p = HookParams.of(params).allowOnly("tool");
            return new FalseClaimsHook(TYPE, EnumSet.of(ClaimKind.PRICE, ClaimKind.COUPON_PRICE, ClaimKind.STOCK, ClaimKind.SHIPPING_TIME),
                    p.toolName("tool", environment.toolSchemas().keySet()));
        }
    }

    private UnbackedPromiseHook() { }
}
