package io.liveharness.training.data;

import io.liveharness.config.YamlFiles;
import io.liveharness.eval.devset.DevCase;
import io.liveharness.eval.devset.Rubric;
import io.liveharness.room.RoomManifest;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Product;
import io.liveharness.router.question.QuestionLexicon;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A dev set of the kinds the demo asks and the demo dev set does not, asked in the generated rooms
 * of a world {@code model data} wrote, rooms no model trained on: a product off stage named by its
 * kind (its stock), the shelf life of goods whose material states one, a feature the product's name
 * carries. Four demo questions cannot tell two models apart; a world's hundred rooms can. Each case
 * is tagged with its kind, so the eval report gives each kind's share. The phrasings are data
 * ({@link #DEFAULT_FILE}); the facts are read from the world's catalog.
 */
public final class WorldProbe {
    public static final Path DEFAULT_FILE = Path.of("data/training/probe.yaml");

    /** The kinds, as the phrasings file names them and the cases are tagged. */
    public enum Kind {
        OTHER_KIND("otherKind", "other-kind", "kind"), SHELF_LIFE("shelfLife", "shelf-life", null), FEATURE("feature", "feature", "feature");

        final String key;
        public final String tag;
        /** The slot its question names the asked thing by, or null for none. */
        final String slot;

        Kind(String key, String tag, String slot) {
            this.key = key;
            this.tag = tag;
            this.slot = slot;
        }
    }

    /** One kind's question in each language. */
    public record Question(String zh, String en) {
        String in(String lang) { return lang.equals("zh") ? zh : en; }
    }

    /** The questions of each kind ({kind} and {feature} slots), read strictly: a wrong key or type names file and line. */
    public record Phrasings(Question otherKind, Question shelfLife, Question feature) {
        public static Phrasings load(Path file) {
            Phrasings p = YamlFiles.read(file, Phrasings.class);
            for (Kind k : Kind.values()) {
                Question q = p == null ? null : p.of(k);
                if (q == null || q.zh() == null || q.en() == null) {
                    throw new YamlFiles.FileException(file + ": '" + k.key + "' needs a question in zh and in en", null);
                }
                for (String text : List.of(q.zh(), q.en())) {
                    String left = k.slot == null ? text : text.replace("{" + k.slot + "}", "");
                    if ((k.slot != null && left.equals(text)) || left.contains("{")) {
                        throw new YamlFiles.FileException(file + ": '" + k.key + "': '" + text + "' must have "
                                + (k.slot == null ? "no slot" : "the slot {" + k.slot + "} and no other"), null);
                    }
                }
            }
            return p;
        }

        Question of(Kind k) {
            return switch (k) {
                case OTHER_KIND -> otherKind;
                case SHELF_LIFE -> shelfLife;
                case FEATURE -> feature;
            };
        }

        String say(Kind k, String lang, String value) {
            String text = of(k).in(lang);
            return k.slot == null ? text : text.replace("{" + k.slot + "}", value);
        }
    }

    private WorldProbe() { }

    /**
     * At most one case of each kind per generated room, in the room's language.
     *
     * @param outOfStock the words that say a product is sold out (the dev set's {@code out_of_stock})
     */
    public static List<DevCase> cases(List<RoomManifest> rooms, Catalog catalog, WorldSpec spec,
                                      QuestionLexicon lexicon, Phrasings phrasings, List<String> outOfStock) {
        Pattern shelfLife = shelfLifePattern(spec);
        List<DevCase> out = new ArrayList<>();
        for (RoomManifest room : rooms) {
            if (!room.id().startsWith(SyntheticWorld.ROOM_PREFIX)) continue;
            String lang = room.language().equals("en") ? "en" : "zh";
            List<Product> sold = room.products().stream().flatMap(id -> catalog.find(id).stream()).toList();
            List<String> kinds = sold.stream().map(Product::category).toList();
            for (Product p : sold) {
                WorldSpec.Category c = category(spec, p.category());
                if (p.id().equals(room.onStage()) || c == null || Collections.frequency(kinds, p.category()) != 1) continue;
                String fact = p.stock() > 0 ? String.valueOf(p.stock()) : String.join("|", outOfStock);
                out.add(probe(out, Kind.OTHER_KIND, room, lang, phrasings.say(Kind.OTHER_KIND, lang, lang.equals("zh") ? c.zh() : c.en()),
                        room.onStage(), fact));
                break;
            }
            for (Product p : sold) {
                Matcher m = shelfLife.matcher(p.material().both());
                if (!m.find()) continue;
                out.add(probe(out, Kind.SHELF_LIFE, room, lang, phrasings.say(Kind.SHELF_LIFE, lang, null), p.id(), m.group(1)));
                break;
            }
            product:
            for (Product p : sold) {
                for (List<String> words : lexicon.features()) {
                    if (lexicon.valueFeatures().stream().anyMatch(words::contains) || !p.name().zh().contains(words.getFirst())) continue;
                    String asked = lang.equals("zh") ? words.getFirst() : words.get(1);
                    out.add(probe(out, Kind.FEATURE, room, lang, phrasings.say(Kind.FEATURE, lang, asked), p.id(), String.join("|", words)));
                    break product;
                }
            }
        }
        return List.copyOf(out);
    }

    private static DevCase probe(List<DevCase> so, Kind kind, RoomManifest room, String lang, String text, String onStage, String fact) {
        Rubric rubric = new Rubric(List.of(fact), null, null, null, null, null, null);
        return new DevCase(kind.tag + "-" + room.id() + "-" + so.size(), room.id(), "product_qa", lang, text, onStage, null, List.of(kind.tag), rubric);
    }

    private static WorldSpec.Category category(WorldSpec spec, String en) {
        return spec.categories().stream().filter(c -> c.en().equals(en)).findFirst().orElse(null);
    }

    /** The number of any way the world states a shelf life ({n} of its months and years clauses). */
    static Pattern shelfLifePattern(WorldSpec spec) {
        List<String> clauses = new ArrayList<>(spec.shelfLife().months());
        clauses.addAll(spec.shelfLife().years());
        return Pattern.compile("(?:" + String.join("|", clauses.stream()
                .map(c -> Pattern.quote(c.substring(0, c.indexOf("{n}")))).distinct().toList()) + ")(\\d+)");
    }
}
