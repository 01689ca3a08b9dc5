import TabletopEngine

/// Everything anyone at the table (or watching) sees: the public view. Mini
/// golf hides nothing, so a seat's view is this plus which seat it is.
public struct MiniGolfPublicView: Hashable, Sendable, Codable {
    /// The hole being played, from 0; equal to ``holeCount`` once the match is over.
    public var hole: Int
    /// The number of holes on the course.
    public var holeCount: Int
    /// The seat to play; nil once the match is over.
    public var toMove: Seat?
    /// Each seat's ball, in fixed-point units (1/4096 cm).
    public var balls: SeatPair<CourseVector>
    /// Each seat's standing on the hole.
    public var progress: SeatPair<HoleProgress>
    /// Each seat's strokes per hole so far.
    public var scorecard: SeatPair<[Int]>
    /// The last shot played.
    public var lastShot: ShotRecord?

    /// Makes a table view.
    public init(
        hole: Int, holeCount: Int, toMove: Seat?, balls: SeatPair<CourseVector>,
        progress: SeatPair<HoleProgress>, scorecard: SeatPair<[Int]>, lastShot: ShotRecord?
    ) {
        self.hole = hole
        self.holeCount = holeCount
        self.toMove = toMove
        self.balls = balls
        self.progress = progress
        self.scorecard = scorecard
        self.lastShot = lastShot
    }

    /// Whether every hole has been played.
    public var isOver: Bool { hole >= holeCount }

    /// Each seat's total strokes so far.
    public var totals: SeatPair<Int> { scorecard.map { $0.reduce(0, +) } }
}
