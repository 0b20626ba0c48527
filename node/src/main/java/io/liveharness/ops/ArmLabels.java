package io.liveharness.ops;

import io.liveharness.harness.HarnessRegistry;
import io.liveharness.room.RoomRegistry;

/**
 * The labels an outcome is counted under: the room's group, the harness version that answered, and
 * the experiment arm that chose it ({@code none} outside an experiment). All bounded: groups are
 * the manifests', versions the store's, arms two per experiment, so no room id reaches a label.
 */
public record ArmLabels(String group, String version, String experiment, String arm) {
    static final String NONE = "none";

    public ArmLabels {
        group = group == null ? NONE : group;
        version = version == null ? NONE : version;
        experiment = experiment == null ? NONE : experiment;
        arm = arm == null ? NONE : arm;
    }

    /** The same arm without the room group: the unit live quality is compared in. */
    ArmLabels withoutGroup() { return new ArmLabels(NONE, version, experiment, arm); }

    /** Where a room's outcome belongs; {@code version} null: one the room gave before a version answered it (a drop). */
    @FunctionalInterface
    public interface Lookup {
        ArmLabels of(String roomId, String version);

        /**
         * From the room's manifest and what the registry resolves for it now. An outcome of another
         * version than the room runs now (an experiment just ended, a channel just moved) keeps its
         * version and counts for no arm: it is not the arm's evidence.
         */
        static Lookup of(RoomRegistry rooms, HarnessRegistry harnesses) {
            return (roomId, version) -> {
                var manifest = rooms.manifest(roomId).orElse(null);
                if (manifest == null) return new ArmLabels(null, version, null, null);
                HarnessRegistry.Resolution now;
                try {
                    now = harnesses.resolve(roomId, manifest.harness());
                } catch (IllegalStateException e) { // a version folder deleted by hand: the outcome still counts
                    return new ArmLabels(manifest.group(), version, null, null);
                }
                String running = now.harness().version();
                if (version != null && !version.equals(running)) return new ArmLabels(manifest.group(), version, null, null);
                return new ArmLabels(manifest.group(), running, now.experiment(), now.arm());
            };
        }
    }
}
