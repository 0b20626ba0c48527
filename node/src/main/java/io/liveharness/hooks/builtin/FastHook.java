package io.liveharness.hooks.builtin;

import io.liveharness.hooks.Hook;

/** A built-in hook: pure string work in microseconds, so it runs on the hook verticle's event loop. */
interface FastHook extends Hook {
    @Override
    default boolean blocking() { return false; }
}
