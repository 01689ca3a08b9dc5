import TabletopEngine

/// A match in progress: the hole being played, both balls, the scorecard and
/// whose turn it is. Mini golf has no secrets: every seat may see all of it.
public struct MiniGolfState: Hashable, Sendable {
    /// The hole being played, from 0; equal to the number of holes once the match is over.
    public internal(set) var hole: Int
    /// The seat to play (meaningless once the match is over).
    public internal(set) var turn: Seat
    /// The seat that teed off first on this hole (the honour).
    public internal(set) var honour: Seat
    /// Each seat's ball.
    public internal(set) var balls: SeatPair<CourseVector>
    /// Each seat's standing on the hole.
    public internal(set) var progress: SeatPair<HoleProgress>
    /// Each seat's strokes per hole, penalties included, up to the hole being played.
    public internal(set) var scorecard: SeatPair<[Int]>
    /// The last shot, for views and animation.
    public internal(set) var lastShot: ShotRecord?

    /// Each seat's total strokes so far.
    public var totals: SeatPair<Int> { scorecard.map { $0.reduce(0, +) } }
}
