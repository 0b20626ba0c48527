package io.liveharness.harness;

/** Which harness a room runs: a channel to follow ({@code stable}, {@code canary}) or an exact version to stay on. */
public record HarnessRef(String channel, String version) {
    public static final HarnessRef STABLE = new HarnessRef("stable", null);
}
