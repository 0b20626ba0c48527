package io.liveharness.hooks;

/** A check on a reply before it is spoken. Implementations are pure and fast. */
public interface OutputHook {
    String name();

    HookVerdict check(String reply);
}
