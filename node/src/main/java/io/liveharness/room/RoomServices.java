package io.liveharness.room;

import io.liveharness.config.NodeConfig.RoomsConfig;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.router.IntentClassifier;
import io.liveharness.tools.Catalog;

/** What every room of a node shares: the router, the harness versions, the pipeline, the catalog, the policy. */
public record RoomServices(IntentClassifier router, HarnessRegistry harnesses, AnswerPipeline pipeline, Catalog catalog,
                           RoomsConfig config) {
}
