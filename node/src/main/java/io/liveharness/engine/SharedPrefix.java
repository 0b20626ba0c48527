package io.liveharness.engine;

/**
 * The leading part of a chat's system message that every room of one harness version sends
 * alike (the version's rules and skill catalog, before the room's persona and products): a batching
 * backend computes its KV once and copies it to each room that starts with it.
 *
 * @param systemChars how many characters at the start of the first message, which must be the
 *                    system message, are shared; 0: none
 */
public record SharedPrefix(int systemChars) {
    public static final SharedPrefix NONE = new SharedPrefix(0);

    public SharedPrefix {
        if (systemChars < 0) throw new IllegalArgumentException("a shared prefix has 0 or more characters, was " + systemChars);
    }

    public boolean isEmpty() { return systemChars == 0; }
}
