/// One seat's table as the engine plays it, whatever the game (a
/// ``NetworkGame``): its session, what it says, and a replay's way back. What
/// code that knows no game reaches a seat through: the replay's steps, the
/// checks of a table over a whole match.
public protocol SeatGame: DesktopGame, AnyObject {
    /// The seat's session: connection, seat, match, news, notices.
    var session: SeatSession { get }
    /// What the table says now.
    var readout: TableReadout { get }
    /// Whether the table is still showing a move it was sent.
    var isShowingMove: Bool { get }
    /// Shows the outcome of the moves the table was sent at once.
    func finishShowingMoves()
    /// Starts again from nothing, on a new connection asking what the first one asked.
    func restart()
}
