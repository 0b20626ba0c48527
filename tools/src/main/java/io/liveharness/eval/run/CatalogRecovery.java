package io.liveharness.eval.run;

import com.fasterxml.jackson.databind.JsonNode;
import io.liveharness.config.Json;
import io.liveharness.config.NodeConfig;
import io.liveharness.room.RoomManifest;
import io.liveharness.room.RoomManifests;
import io.liveharness.tools.Catalog;
import io.liveharness.tools.Policies;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The catalog facts of cases from runs written before runs stored them, taken from today's rooms,
 * catalog and policies only where they agree with what the case itself recorded: the room's
 * product data the pipeline backed the turn with. A case whose recorded data differs is left
 * without, and said so; a case that recorded none (dropped as spam before the pipeline) is filled
 * in unchecked, and said so.
 */
public final class CatalogRecovery {
    private final Map<String, RoomManifest> rooms = new LinkedHashMap<>();
    private final Catalog catalog;
    private final Policies policies;
    private final String source;
    private int stored, checked, unchecked;
    private final Map<String, List<String>> missing = new LinkedHashMap<>(); // why -> cases

    private CatalogRecovery(List<RoomManifest> rooms, Catalog catalog, Policies policies, String source) {
        rooms.forEach(r -> this.rooms.put(r.id(), r));
        this.catalog = catalog;
        this.policies = policies;
        this.source = source;
    }

    /** From the rooms, catalog and policies of a node's configuration. */
    public static CatalogRecovery of(NodeConfig config) {
        Catalog catalog = Catalog.load(Path.of(config.catalog().file()));
        return new CatalogRecovery(RoomManifests.load(Path.of(config.rooms().dir()), catalog), catalog,
                Policies.load(Path.of(config.catalog().policies())),
                config.catalog().file() + ", " + config.catalog().policies() + " and " + config.rooms().dir());
    }

    /** The record as it is when it holds its facts; else with them recovered where they can be. */
    CaseRecord fill(CaseRecord r) {
        if (r.transcript().catalog() != null) {
            stored++;
            return r;
        }
        RoomManifest room = rooms.get(r.devCase().room());
        if (room == null) return without(r, "no room '" + r.devCase().room() + "' in " + source);
        CatalogFacts today = CatalogFacts.of(room, catalog, policies);
        // the pipeline backs every turn with the room's products as the catalog had them (a product tool's result repeats one)
        Set<String> recordedIds = new TreeSet<>(), differ = new TreeSet<>();
        for (String fact : r.transcript().backedFacts()) {
            JsonNode recorded = parse(fact);
            if (recorded == null || !recorded.has("id") || !recorded.has("name") || !recorded.has("price")) continue;
            String id = recorded.get("id").asText();
            recordedIds.add(id);
            if (!recorded.equals(today.product(id).orElse(null))) differ.add(id);
        }
        Set<String> todayIds = new TreeSet<>(room.products());
        if (!differ.isEmpty()) return without(r, "the run recorded other data for " + differ + " than " + source + " hold now");
        if (!recordedIds.isEmpty() && !recordedIds.equals(todayIds)) {
            return without(r, "the room's products were " + recordedIds + ", " + source + " list " + todayIds);
        }
        if (recordedIds.isEmpty()) unchecked++;
        else checked++;
        return new CaseRecord(r.devCase(), r.transcript().withCatalog(today), r.score());
    }

    private CaseRecord without(CaseRecord r, String why) {
        missing.computeIfAbsent(why, k -> new ArrayList<>()).add(r.devCase().id());
        return r;
    }

    /** What was stored, recovered and not, for the re-scored run's meta; empty when every case had its facts. */
    List<String> notes(int cases) {
        List<String> notes = new ArrayList<>();
        if (stored == cases) return notes;
        notes.add("catalog facts stored in " + stored + " of " + cases + " cases (runs before they were stored keep none)");
        if (checked > 0) {
            notes.add("recovered for " + checked + " cases from " + source + ": the room's product data each case recorded is the same");
        }
        if (unchecked > 0) {
            notes.add("recovered unchecked for " + unchecked + " cases from " + source
                    + ": they recorded no product data to compare (dropped before the pipeline)");
        }
        missing.forEach((why, ids) -> notes.add("not recovered for " + ids.size() + " cases (" + why + "): " + shortList(ids)
                + "; checks that read the catalog's facts see only the turn's backed facts there"));
        return notes;
    }

    private static String shortList(List<String> ids) {
        return ids.size() <= 5 ? String.join(", ", ids) : String.join(", ", ids.subList(0, 5)) + " and " + (ids.size() - 5) + " more";
    }

    private static JsonNode parse(String json) {
        try {
            JsonNode n = Json.MAPPER.readTree(json);
            return n != null && n.isObject() ? n : null;
        } catch (Exception e) {
            return null;
        }
    }
}
