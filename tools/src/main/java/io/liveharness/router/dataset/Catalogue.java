package io.liveharness.router.dataset;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.List;

/**
 * The kinds of rooms the generator simulates and the slot vocabularies it fills templates with
 * ({@code data/router/rooms.yaml}); every word is a "中文|english" pair except sizes.
 */
record Catalogue(List<Room> rooms, List<String> colours, List<String> cities) {
    static final Path DEFAULT_FILE = Path.of("data/router/rooms.yaml");

    public Catalogue {
        if (rooms == null || rooms.isEmpty()) throw new IllegalArgumentException("missing 'rooms': a list of one or more rooms");
        colours = Room.pairs("colours", colours);
        cities = Room.pairs("cities", cities);
        rooms = List.copyOf(rooms);
    }

    /** Reads the file strictly: a missing or unknown key, a wrong type or a word that is not a pair fails naming the file and line. */
    static Catalogue load(Path file) {
        Catalogue c = YamlFiles.read(file, Catalogue.class);
        if (c == null) throw Templates.problem(file, 1, "empty: expected rooms, colours and cities");
        return c;
    }
}
