package io.liveharness.hooks;

import io.liveharness.harness.Harness;
import io.liveharness.harness.HarnessFiles;
import io.liveharness.harness.HarnessLoader;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.eventbus.ReplyException;
import io.vertx.core.eventbus.ReplyFailure;
import io.vertx.junit5.VertxExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hook chains are built when a version comes into use and released when none runs it. */
@ExtendWith(VertxExtension.class)
class HarnessHooksTest {

    @Test
    void syncBuildsTheVersionsInUseAndReleasesTheRest(Vertx vertx, @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Harness stable = HarnessLoader.load(HarnessFiles.fromDirectory(Path.of("harness/default")));
        Harness canary = HarnessLoader.load(HarnessFiles.fromDirectory(copyWithAnotherRule(dir)));
        assertFalse(stable.version().equals(canary.version()));
        HarnessHooks hooks = new HarnessHooks(vertx, HookRegistry.load());

        await(hooks.sync(List.of(stable, canary)));
        assertEquals(Set.of(stable.version(), canary.version()), hooks.versions(), "both built before any request");
        String canaryHook = HookSet.address(canary.version(), 0);
        assertTrue(vertx.eventBus().request(canaryHook, HookContext.input("r", io.liveharness.router.Intent.CHITCHAT, "hi"))
                .toCompletionStage().toCompletableFuture().handle((ok, e) -> e == null || !noHandlers(e)).get(5, TimeUnit.SECONDS),
                "the canary's hook verticle answers on its addresses");

        await(hooks.sync(List.of(stable))); // the canary is retired
        assertEquals(Set.of(stable.version()), hooks.versions());
        var e = assertThrows(ExecutionException.class, () -> vertx.eventBus()
                .request(canaryHook, HookContext.input("r", io.liveharness.router.Intent.CHITCHAT, "hi"))
                .toCompletionStage().toCompletableFuture().get(5, TimeUnit.SECONDS));
        assertTrue(noHandlers(e.getCause()), "its verticle is undeployed and its addresses free: " + e.getCause());
        assertInstanceOf(HookChain.class, await(hooks.chain(canary)), "a late request still gets a chain, built again");
    }

    private static boolean noHandlers(Throwable e) {
        return e instanceof ReplyException re && re.failureType() == ReplyFailure.NO_HANDLERS;
    }

    private static Path copyWithAnotherRule(Path dir) throws Exception {
        Path src = Path.of("harness/default");
        try (var files = Files.walk(src)) {
            for (Path p : files.toList()) {
                Path to = dir.resolve(src.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(to);
                else Files.copy(p, to);
            }
        }
        Path manifest = dir.resolve("harness.yaml");
        Files.writeString(manifest, Files.readString(manifest).replace("  - No medical or health claims.\n",
                "  - No medical or health claims.\n  - Never compare with other shops.\n"));
        return dir;
    }

    private static <T> T await(Future<T> f) throws Exception {
        return f.toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }
}
