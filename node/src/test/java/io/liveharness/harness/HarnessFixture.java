package io.liveharness.harness;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/** The committed default harness as editable files, for tests that break one thing at a time. */
final class HarnessFixture {
    final TreeMap<String, byte[]> files;

    HarnessFixture() {
        this.files = new TreeMap<>(HarnessFiles.fromDirectory(Path.of("harness/default")).files());
    }

    HarnessFixture put(String path, String text) {
        files.put(path, text.getBytes(StandardCharsets.UTF_8));
        return this;
    }

    HarnessFixture remove(String path) {
        files.remove(path);
        return this;
    }

    String text(String path) { return new String(files.get(path), StandardCharsets.UTF_8); }

    HarnessFixture replace(String path, String from, String to) {
        String t = text(path);
        if (!t.contains(from)) throw new AssertionError(path + " does not contain " + from);
        return put(path, t.replace(from, to));
    }

    HarnessFiles build() { return new HarnessFiles("h", files); }

    static Map<String, String> skill(String name, String frontMatter, String body) {
        return Map.of("skills/" + name + "/SKILL.md", "---\n" + frontMatter + "---\n" + body);
    }
}
