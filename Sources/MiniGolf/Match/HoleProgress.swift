/// Where a player stands on the hole being played.
public enum HoleProgress: String, Hashable, Sendable, Codable {
    /// Still playing the hole.
    case playing
    /// Holed out.
    case holed
    /// Reached the stroke cap without holing out: done, scored at the cap.
    case pickedUp

    /// Whether the player is done with the hole.
    public var isDone: Bool { self != .playing }
}
