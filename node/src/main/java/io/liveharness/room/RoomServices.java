package io.liveharness.room;

import io.liveharness.config.NodeConfig.RoomsConfig;
import io.liveharness.harness.HarnessRegistry;
import io.liveharness.router.IntentClassifier;
import io.liveharness.tools.Catalog;

import java.time.InstantSource;

/**
 * What every room of a node shares: the router, the harness versions, the pipeline, the catalog, the policy,
 * and the clock that decides when a message is stale and a room idle (a test moves it instead of waiting).
 */
public record RoomServices(IntentClassifier router, HarnessRegistry harnesses, AnswerPipeline pipeline, Catalog catalog,
                           RoomsConfig config, InstantSource clock) {
}
