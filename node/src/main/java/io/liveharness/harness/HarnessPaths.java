package io.liveharness.harness;

import java.util.ArrayList;
import java.util.List;

/**
 * The paths a harness may hold: relative, '/'-separated, with no empty, '.', '..' or hidden
 * segment. Only such a path is written to the store and read back as the same key, so only then
 * do the stored files hash to the version id they were published under.
 */
final class HarnessPaths {
    private HarnessPaths() { }

    /** Refuses the files if any path is not canonical, naming every such path. */
    static void requireCanonical(HarnessFiles files) {
        List<String> problems = new ArrayList<>();
        for (String path : files.files().keySet()) {
            String why = whyNotCanonical(path);
            if (why != null) problems.add(files.origin() + ":0: path '" + HarnessLimits.printable(path) + "' is not canonical: " + why);
        }
        if (!problems.isEmpty()) throw new HarnessException(problems);
    }

    /** Null when the path is canonical, else why not. */
    static String whyNotCanonical(String path) {
        if (path.isEmpty()) return "it is empty";
        if (path.indexOf('\\') >= 0) return "a backslash is not a separator here; use '/'";
        if (path.startsWith("/")) return "it is absolute; paths are relative to the harness folder";
        for (String segment : path.split("/", -1)) {
            if (segment.isEmpty()) return "it has an empty segment (a leading, trailing or doubled '/')";
            if (segment.equals(".") || segment.equals("..")) return "'.' and '..' segments are not allowed";
            // The store skips hidden files when it reads a version back (editor and VCS droppings).
            if (segment.startsWith(".")) return "hidden files and folders ('" + segment + "') are not harness content";
        }
        return null;
    }
}
