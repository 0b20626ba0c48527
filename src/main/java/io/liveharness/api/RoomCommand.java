package io.liveharness.api;

/** An operator's command to one room, sent to {@code room.<roomId>}. */
public enum RoomCommand {
    /** Undeploy the room now, keeping its state, if it is idle (nothing queued or being answered). */
    PASSIVATE
}
