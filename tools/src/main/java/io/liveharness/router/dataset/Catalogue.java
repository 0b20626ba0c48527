package io.liveharness.router.dataset;

import io.liveharness.config.YamlFiles;

import java.nio.file.Path;
import java.util.List;

/**
 * The kinds of rooms the generator simulates and the slot vocabularies it fills templates with
 * ({@code data/router/rooms.yaml}); every word is a "中文|english" pair except sizes and the
 * letters viewers flood a room's chat with.
 */
record Catalogue(List<Room> rooms, List<String> colours, List<String> cities, List<String> floods) {
    static final Path DEFAULT_FILE = Path.of("data/router/rooms.yaml");

    public Catalogue {
        if (rooms == null || rooms.isEmpty()) throw new IllegalArgumentException("missing 'rooms': a list of one or more rooms");
        colours = Room.pairs("colours", colours);
        cities = Room.pairs("cities", cities);
        if (floods == null || floods.isEmpty()) throw new IllegalArgumentException("missing 'floods': a list of single letters");
        for (String f : floods) {
            if (f == null || f.codePointCount(0, f.length()) != 1 || !Character.isLetter(f.codePointAt(0))) {
                throw new IllegalArgumentException("floods: '" + f + "' is not a single letter");
            }
        }
        floods = List.copyOf(floods);
        rooms = List.copyOf(rooms);
    }

    /** Reads the file strictly: a missing or unknown key, a wrong type or a word that is not a pair fails naming the file and line. */
    static Catalogue load(Path file) {
        Catalogue c = YamlFiles.read(file, Catalogue.class);
        if (c == null) throw Templates.problem(file, 1, "empty: expected rooms, colours, cities and floods");
        return c;
    }
}
