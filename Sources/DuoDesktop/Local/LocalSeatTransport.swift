import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// One table's connection to a ``LocalMatchHost``: a ``MatchTransport``
/// that delivers the host's messages for this table alone (its seat's
/// views, or the public view for a spectator), so a ``NetworkGame`` plays
/// a local match with the code that plays a server's. Never fails: the
/// host is in the same process.
public final class LocalSeatTransport: MatchTransport {
    /// The host answering.
    public let host: LocalMatchHost
    /// The seat this connection holds in the host's match, once seated.
    public internal(set) var seat: Seat?
    /// Seconds this connection has been advanced by.
    public private(set) var clock = 0.0
    private var pending: [ClientEvent] = []

    init(host: LocalMatchHost) {
        self.host = host
    }

    /// Queues a message for the next ``poll()``.
    func deliver(_ message: ServerMessage) {
        pending.append(.message(message))
    }

    /// Queues a refusal.
    func refuse(_ code: ErrorCode, _ message: String, inReplyTo request: String) {
        deliver(.error(ProtocolError(code, message, inReplyTo: request)))
    }

    // MARK: - MatchTransport

    /// In this window.
    public var seatMode: SeatSession.Mode { .local }

    /// Never fails.
    public var lastError: LineSocketError? { nil }

    /// The host's `welcome`.
    public func startConnecting(match: String?) throws(LineSocketError) {
        deliver(.welcome(version: ProtocolVersion.current, server: LocalMatchHost.serverName, games: [host.game.name]))
    }

    /// A new match on the host, with `bot` in the other seat (nil: it waits for a second table to join).
    public func create(game: String?, variant: String?, bot: String?, seat: Int?) throws(LineSocketError) {
        host.create(by: self, game: game, variant: variant, bot: bot, seat: seat)
    }

    /// The free seat of the host's match.
    public func join(code: String) throws(LineSocketError) {
        host.join(by: self, code: code)
    }

    /// Follows the host's match as a spectator.
    public func watch(code: String) throws(LineSocketError) {
        host.watch(by: self, code: code)
    }

    /// Takes a seat of the host's match back.
    public func resume(_ ticket: SeatTicket) throws(LineSocketError) {
        host.resume(by: self, ticket: ticket)
    }

    /// Submits a move of the game's own type, encoded as a client sends it.
    public func send<Move: Encodable>(move: Move) throws {
        host.submit(try JSONEncoder().encode(move), by: self)
    }

    /// The host's suggestion for the seat (a `hint`), as a server gives it.
    public func requestHint() throws(LineSocketError) {
        host.hint(for: self)
    }

    /// Answered at once.
    public func ping() throws(LineSocketError) {
        deliver(.pong)
    }

    /// What the host sent since the last call.
    public func poll() -> [ClientEvent] {
        defer { pending = [] }
        return pending
    }

    /// Leaves the host's match (the seat is free to take back).
    public func disconnect() {
        host.disconnected(self)
        seat = nil
    }

    /// Lets the host's clock run: its bot thinks.
    public func advance(by seconds: Double) {
        clock += max(0, seconds)
        host.advance(self, to: clock)
    }
}
