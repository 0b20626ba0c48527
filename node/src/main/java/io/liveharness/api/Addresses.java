package io.liveharness.api;

/** Event-bus addresses, in one place so producers and consumers cannot drift apart. */
public final class Addresses {
    public static String room(String roomId) { return "room." + roomId; }

    public static String reply(String roomId) { return "reply." + roomId; }

    public static String outcome(String roomId) { return "outcome." + roomId; }

    /** The speakable segments of a room's replies, as each is released. */
    public static String segment(String roomId) { return "segment." + roomId; }

    public static String tool(String toolName) { return "tool." + toolName; }

    private Addresses() { }
}
