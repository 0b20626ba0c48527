package io.liveharness.router.train;

import io.liveharness.config.Json;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a generated router data set was made from, written next to it as {@value #FILE_NAME}: the
 * seed and size, the SHA-256 of each data file it was generated from, and of each file written.
 * {@code router train} copies the sources' checksums into the model it trains when the training
 * file it reads is the one listed here, byte for byte, so a model says which data made it.
 *
 * @param sources SHA-256 (hex) per source data file, by path, in the order the generator reads them
 * @param files   SHA-256 (hex) per file written, by file name
 */
public record DataSetManifest(long seed, int total, Map<String, String> sources, Map<String, String> files) {
    public static final String FILE_NAME = "dataset.json";
    private static final ObjectMapper JSON = Json.INDENTED;

    public DataSetManifest {
        if (sources == null || files == null) throw new IllegalArgumentException("a data set manifest needs 'sources' and 'files'");
        sources = Collections.unmodifiableMap(new LinkedHashMap<>(sources));
        files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    /** The manifest of the files {@code written} in {@code dir}, made from {@code sources}. */
    public static DataSetManifest of(long seed, int total, List<Path> sources, Path dir, List<String> written) {
        Map<String, String> s = new LinkedHashMap<>();
        for (Path p : sources) s.put(p.toString(), sha256(p));
        Map<String, String> f = new LinkedHashMap<>();
        for (String name : written) f.put(name, sha256(dir.resolve(name)));
        return new DataSetManifest(seed, total, s, f);
    }

    public void write(Path dir) throws IOException {
        Files.writeString(dir.resolve(FILE_NAME), JSON.writeValueAsString(this) + "\n");
    }

    /** The manifest in {@code dir}, or empty when there is none; a malformed one fails naming the file. */
    public static Optional<DataSetManifest> read(Path dir) {
        Path file = dir.resolve(FILE_NAME);
        if (!Files.exists(file)) return Optional.empty();
        try {
            return Optional.of(JSON.readValue(file.toFile(), DataSetManifest.class));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the data set manifest " + file + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code file} is one this manifest lists (by name), with the same bytes. */
    public boolean lists(Path file) {
        String want = files.get(file.getFileName().toString());
        return want != null && want.equals(sha256(file));
    }

    public static String sha256(Path file) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
