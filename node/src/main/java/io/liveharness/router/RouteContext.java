package io.liveharness.router;

import java.util.Set;

/**
 * The cheap context features the room knows when a message arrives.
 *
 * @param replyToAvatar   the viewer is answering the avatar's last reply
 * @param productKeywords words naming this room's products (names, categories)
 */
public record RouteContext(boolean replyToAvatar, Set<String> productKeywords) {
    public static final RouteContext NONE = new RouteContext(false, Set.of());
}
