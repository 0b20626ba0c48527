package io.liveharness.hooks;

/**
 * One compiled hook. {@link #check} is pure (no state between calls, safe from many threads).
 * Built-ins are fast and say so with {@link #blocking()} false; a custom hook may be slow or throw,
 * so by default it runs on a worker thread under its timeout.
 */
public interface Hook {
    /** ALLOW (text unchanged), BLOCK with a reason the model can act on, or REWRITE with the new subject text. */
    HookVerdict check(HookContext context);

    /** Whether {@link #check} may block or take long; true sends it off the event loop. */
    default boolean blocking() { return true; }
}
