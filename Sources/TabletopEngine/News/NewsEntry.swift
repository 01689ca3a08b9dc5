/// One line of a table's news log, with how much it matters.
public struct NewsEntry: Sendable, Equatable {
    /// How much a line matters, which decides how long it stays and how it is drawn.
    public enum Weight: Sendable, Equatable {
        /// Something that happened (a shot, a stroke, a player joining): kept in the log.
        case event
        /// Something that changes the match (a ship sunk, a hole finished, the
        /// match won or lost): kept in the log and drawn stronger; it usually
        /// comes with a banner.
        case headline
        /// Advice about the player's last action (a refused move, what to do
        /// instead). It goes stale, and leaves the log, as soon as the player
        /// acts again, so an old refusal never sits over a move that worked.
        case advice
    }

    /// The words, whole: a painter wraps or shrinks them, never cuts them.
    public var text: String
    /// How much it matters.
    public var weight: Weight

    /// An entry from its words and weight.
    public init(_ text: String, weight: Weight = .event) {
        self.text = text
        self.weight = weight
    }
}
