package io.liveharness.ops;

import io.liveharness.ingress.ApiError;
import io.liveharness.room.RoomRegistry.RoomInfo;
import io.liveharness.room.RoomRegistry.State;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * One page of {@code GET /v1/rooms}: the rooms after a cursor, in room id order, that match the
 * filters; at most {@link #MAX_LIMIT}, so a node of thousands of rooms never answers with all of
 * them at once. The cursor is the last room id of the page before, encoded so that clients pass it
 * back rather than build one.
 *
 * @param limit  rooms per page, 1 to {@link #MAX_LIMIT}
 * @param after  the last room id of the page before, or null for the first page
 * @param state  only rooms in this state, or null
 * @param prefix only rooms whose id starts with this, or null
 */
record RoomPage(int limit, String after, State state, String prefix) {
    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 500;

    /** The page the query parameters ask for; a bad one is a 400 naming the parameter. */
    static RoomPage of(String limit, String cursor, String state, String prefix) {
        int n = DEFAULT_LIMIT;
        if (limit != null) {
            try {
                n = Integer.parseInt(limit.trim());
            } catch (NumberFormatException e) {
                n = -1;
            }
            if (n < 1 || n > MAX_LIMIT) throw ApiError.badField("limit", "'limit' must be a whole number from 1 to " + MAX_LIMIT + ", not '" + limit + "'");
        }
        return new RoomPage(n, cursor == null || cursor.isEmpty() ? null : decode(cursor), state == null || state.isEmpty() ? null : state(state),
                prefix == null || prefix.isEmpty() ? null : prefix);
    }

    /** The rooms of this page out of every room (sorted by id), and the cursor of the next page (null: this was the last). */
    record Slice(List<RoomInfo> rooms, int total, String nextCursor) { }

    Slice of(List<RoomInfo> sorted) {
        Predicate<RoomInfo> matches = r -> (state == null || r.state() == state) && (prefix == null || r.roomId().startsWith(prefix));
        List<RoomInfo> all = sorted.stream().filter(matches).toList();
        int from = 0;
        if (after != null) {
            while (from < all.size() && all.get(from).roomId().compareTo(after) <= 0) from++;
        }
        int to = Math.min(all.size(), from + limit);
        List<RoomInfo> page = all.subList(from, to);
        return new Slice(page, all.size(), to < all.size() ? encode(page.getLast().roomId()) : null);
    }

    static String encode(String roomId) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(roomId.getBytes(StandardCharsets.UTF_8));
    }

    private static String decode(String cursor) {
        try {
            return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiError.badField("cursor", "'cursor' is not one this API gave out; pass back a page's 'nextCursor' as it is");
        }
    }

    private static State state(String s) {
        try {
            return State.valueOf(s.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw ApiError.badField("state", "'state' must be one of " + Arrays.stream(State.values())
                    .map(v -> v.name().toLowerCase(Locale.ROOT)).toList() + ", not '" + s + "'");
        }
    }
}
