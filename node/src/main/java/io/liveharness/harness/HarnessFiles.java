package io.liveharness.harness;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The content of one harness version: every file by its relative path ('/'-separated), in path
 * order. Its hash is the version's identity, so the same content is the same version wherever it
 * comes from (a folder, an HTTP publish, the store).
 *
 * @param origin where the files came from, for error messages ({@code harness/default})
 */
public record HarnessFiles(String origin, SortedMap<String, byte[]> files) {
    /** Most bytes a harness may hold, all files together, so a publish cannot fill the store's disk or a node's heap. */
    public static final int MAX_BYTES = 2 * 1024 * 1024;

    public HarnessFiles {
        files = Collections.unmodifiableSortedMap(new TreeMap<>(files));
    }

    public static HarnessFiles fromDirectory(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new HarnessException(java.util.List.of(dir + ":0: harness folder not found"));
        }
        SortedMap<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            long total = 0;
            for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                String rel = dir.relativize(f).toString().replace('\\', '/');
                if (rel.startsWith(".") || rel.contains("/.")) continue; // editor and VCS droppings are not content
                byte[] bytes = Files.readAllBytes(f);
                total += bytes.length;
                if (total > MAX_BYTES) throw new HarnessException(java.util.List.of(dir + ":0: harness is larger than " + MAX_BYTES + " bytes"));
                files.put(rel, bytes);
            }
        } catch (IOException e) {
            throw new HarnessException(java.util.List.of(dir + ":0: cannot read: " + e.getMessage()));
        }
        return new HarnessFiles(dir.toString(), files);
    }

    public static HarnessFiles fromText(String origin, Map<String, String> texts) {
        SortedMap<String, byte[]> files = new TreeMap<>();
        texts.forEach((path, text) -> files.put(path, text.getBytes(StandardCharsets.UTF_8)));
        return new HarnessFiles(origin, files);
    }

    public boolean has(String path) { return files.containsKey(path); }

    public String text(String path) {
        byte[] b = files.get(path);
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }

    /** Where a file is, as error messages name it. */
    public String where(String path) { return origin + "/" + path; }

    /** SHA-256 over every path and content, in path order; 12 hex digits are plenty to tell versions apart. */
    public String hash() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (var e : files.entrySet()) {
                sha.update(e.getKey().getBytes(StandardCharsets.UTF_8));
                sha.update((byte) 0);
                sha.update(e.getValue());
                sha.update((byte) 0);
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

    public void writeTo(Path dir) throws IOException {
        for (var e : files.entrySet()) {
            Path target = dir.resolve(e.getKey()).normalize();
            if (!target.startsWith(dir)) throw new IOException("path escapes the harness folder: " + e.getKey());
            Files.createDirectories(target.getParent());
            Files.write(target, e.getValue());
        }
    }
}
