package io.liveharness.claims;

import java.util.List;

/** What a reply says (its claims) and how it sounds (its disfluencies). */
public record ReplyReading(List<Claim> claims, List<Disfluency> disfluencies) {
    public List<Claim> of(ClaimKind kind) { return claims.stream().filter(c -> c.kind() == kind).toList(); }
}
