package io.liveharness.api;

/** An operator's command to one room, sent to {@code room.<roomId>}. */
public enum RoomCommand {
    /** Undeploy the room now, keeping its state, if it is idle (nothing queued or being answered). */
    PASSIVATE,
    /** Answer with the room's {@code RoomSnapshot} as it is now (its state going to the changelog). */
    SNAPSHOT
}
