import TabletopEngine

/// What one seat sees: the whole table (there are no secrets in golf) and
/// which seat it is.
public struct MiniGolfSeatView: Hashable, Sendable, Codable {
    /// The seat looking.
    public var seat: Seat
    /// The table.
    public var table: MiniGolfPublicView

    /// Makes a seat view.
    public init(seat: Seat, table: MiniGolfPublicView) {
        self.seat = seat
        self.table = table
    }

    /// Whether this seat is to play.
    public var isMyTurn: Bool { table.toMove == seat }

    /// This seat's ball.
    public var myBall: CourseVector { table.balls[seat] }
}
