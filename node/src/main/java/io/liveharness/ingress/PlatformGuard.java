package io.liveharness.ingress;

import io.liveharness.auth.BearerToken;
import io.vertx.core.Handler;
import io.vertx.ext.web.RoutingContext;

/**
 * The route handler in front of room state pushes: it lets a request through only with
 * {@code Authorization: Bearer <platform token>}; 401 without one, 403 with any other (the
 * operator's included). The token is never echoed.
 */
public final class PlatformGuard {
    public static Handler<RoutingContext> of(BearerToken platform) {
        return ctx -> {
            String header = ctx.request().getHeader("Authorization");
            if (header == null || header.isBlank()) {
                ctx.response().putHeader("WWW-Authenticate", "Bearer realm=\"liveharness-platform\"");
                Responses.error(ctx, new ApiError(401, "Authorization",
                        "room state and rooms come from the commerce platform: send 'Authorization: Bearer <platform token>'"));
            } else if (!platform.authorizes(header)) {
                Responses.error(ctx, new ApiError(403, "Authorization", "that is not the platform token"));
            } else {
                ctx.next();
            }
        };
    }

    private PlatformGuard() { }
}
