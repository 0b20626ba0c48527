package io.liveharness.ops;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version and commit this node was built from, as the build wrote them beside this class
 * ({@code build.properties}, by the git-commit-id plugin); {@code unknown} when built without git.
 * A build with uncommitted changes says so ({@code -dirty}): its commit alone does not say what runs.
 */
record BuildInfo(String version, String commit) {
    static BuildInfo load() {
        Properties p = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("build.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            // unreadable: reported as unknown below, which the dashboard shows
        }
        String commit = p.getProperty("git.commit.id.abbrev", "unknown");
        if (!commit.isBlank() && "true".equals(p.getProperty("git.dirty"))) commit += "-dirty";
        return new BuildInfo(p.getProperty("git.build.version", "unknown"), commit.isBlank() ? "unknown" : commit);
    }
}
