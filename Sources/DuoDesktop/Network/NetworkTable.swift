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
