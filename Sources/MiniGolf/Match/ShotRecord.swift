import TabletopEngine

/// The last shot played, as every seat sees it: who, what, from where, and
/// how it ended. A front end re-simulates `shot` from `from` to animate it.
public struct ShotRecord: Hashable, Sendable, Codable {
    /// The seat that played it.
    public var seat: Seat
    /// The hole it was played on (index from 0).
    public var hole: Int
    /// The stroke.
    public var shot: MiniGolfShot
    /// Where the ball was played from.
    public var from: CourseVector
    /// Where the ball ended up (where it was lost, for water).
    public var to: CourseVector
    /// How the shot ended.
    public var end: ShotEnd
    /// Strokes it cost (1, plus the penalty for water).
    public var strokes: Int

    /// Makes a record.
    public init(seat: Seat, hole: Int, shot: MiniGolfShot, from: CourseVector, to: CourseVector, end: ShotEnd, strokes: Int) {
        self.seat = seat
        self.hole = hole
        self.shot = shot
        self.from = from
        self.to = to
        self.end = end
        self.strokes = strokes
    }
}
