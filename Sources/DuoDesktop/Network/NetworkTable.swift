import DuoClient
import TabletopEngine

/// A game's table for a match held by a server: the game's own front end
/// (a ``DesktopGame``), drawn from the server's seat views, that asks for
/// moves instead of making them. A value with no I/O in it: a
/// ``NetworkGame`` feeds it the server's messages and the connection's
/// state, and sends what it asks for. Each game that plays networked
/// conforms in its own desktop module (Broadside's `BroadsideNetworkTable`).
///
/// The server is authoritative: a move the person makes is only asked for
/// (``takeRequests()``); the table changes when the server's next view says so.
public protocol NetworkTable: DesktopGame {
    /// The game's move, as the server reads it.
    associatedtype Move: Encodable & Sendable & Hashable

    /// The game's catalog name, asked for when the window creates a match.
    static var gameName: String { get }
    /// The server as the person named it (`HOST:PORT`), for the screen.
    var server: String { get }
    /// The match's code, once known.
    var code: String? { get }
    /// The seat played, once seated (nil while waiting, or for a spectator).
    var seat: Seat? { get }
    /// The rules variant on the table: a new match after this one asks for it.
    var variant: String { get }

    /// Reads a message from the server.
    mutating func receive(_ message: ServerMessage)
    /// The connection's state now (`now` on the game's clock), and what it asks the server for, in words.
    mutating func setConnection(_ state: ConnectionState, now: Double, asking summary: String)
    /// Adds a line to the table's news (a ticket kept, a line the server sent that cannot be read).
    mutating func say(_ line: String)
    /// Hands over what the table asked for since the last call, oldest first.
    mutating func takeRequests() -> [NetworkRequest<Move>]
    /// Whether the table is still showing a move it was sent (a golf ball
    /// rolling): a bot in the window's own process waits for it before thinking.
    var isShowingMove: Bool { get }
    /// Shows the outcome of the moves it was sent at once (after demo turns:
    /// a picture of the position, not of a ball mid-roll).
    mutating func finishShowingMoves()
}

extension NetworkTable {
    /// Nothing takes time to show.
    public var isShowingMove: Bool { false }
    /// Nothing to finish.
    public mutating func finishShowingMoves() {}
}

/// What a ``NetworkTable`` asks of the connection.
public enum NetworkRequest<Move: Sendable & Hashable>: Sendable, Hashable {
    /// Send this move.
    case move(Move)
    /// Try the connection again (after it was given up).
    case retry
    /// Start a new match (after this one is over).
    case newMatch
}
