package io.liveharness.harness;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/** fsync for what the store writes, so a crash after a rename cannot leave a version with missing bytes. */
final class DurableFiles {
    private DurableFiles() { }

    /** Forces every file and folder under {@code root}, deepest first, to the disk. */
    static void syncTree(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                if (Files.isDirectory(p)) syncDirectory(p); else syncFile(p);
            }
        }
    }

    static void syncFile(Path file) throws IOException {
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.READ)) {
            c.force(true);
        }
    }

    /** A folder's entries (a rename into it) are durable only once the folder itself is forced. */
    static void syncDirectory(Path dir) {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException e) {
            // Some file systems cannot open or force a folder; the files themselves are forced.
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) return;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
