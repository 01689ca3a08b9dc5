import DuoNet
import Foundation

/// A client of `duo-server serve`, for front ends and tools: connect,
/// create or join a match, send moves, receive views, and take the seat
/// back after a dropped connection. No UI and no threads: a front end calls
/// ``poll()`` once a frame; a script calls ``next(timeout:)``.
///
///     let client = MatchClient(address: try SocketAddress(parsing: "127.0.0.1:7447"))
///     try client.connect()
///     try client.create(bot: "hunt")
///     while let event = client.next() { ... }   // .message(.seated ...), .message(.view ...)
///
/// The seat's ticket (code, seat, token) is kept from the `created`,
/// `joined` or `resumed` message; ``reconnect()`` uses it.
public final class MatchClient {
    /// The server's address.
    public let address: SocketAddress
    /// The name sent in `hello` (for the server's logs).
    public let clientName: String
    /// The seat this client plays, once seated; keep it to resume later.
    public private(set) var ticket: SeatTicket?
    private var socket: LineSocket?
    private var disconnectReported = true

    /// Makes a client for the server at `address` (not connected yet).
    public init(address: SocketAddress, clientName: String = "duo") {
        self.address = address
        self.clientName = clientName
    }

    /// Whether a connection is open.
    public var isConnected: Bool { socket.map { !$0.isClosed } ?? false }

    /// Connects and says `hello`; the `welcome` arrives through ``poll()``.
    /// - Parameter match: the code this connection is for, sent in `hello`
    ///   so a load balancer can route on it (see `docs/SCALING.md`).
    /// - Throws: ``DuoNet/LineSocketError`` when the server cannot be reached.
    public func connect(match: String? = nil, timeout: Duration = .seconds(10)) throws(LineSocketError) {
        socket?.close()
        let socket = try LineSocket(connectingTo: address, timeout: timeout)
        self.socket = socket
        disconnectReported = false
        var hello = JSONObjectWriter()
        hello.field("type", "hello")
        hello.field("version", ProtocolVersion.current)
        hello.field("client", clientName)
        if let match { hello.field("match", match) }
        try send(hello.finish())
    }

    /// Asks for a new match; `bot` fills the other seat, else a player joins by code.
    public func create(game: String? = nil, variant: String? = nil, bot: String? = nil, seat: Int? = nil) throws(LineSocketError) {
        var object = JSONObjectWriter()
        object.field("type", "create")
        if let game { object.field("game", game) }
        if let variant { object.field("variant", variant) }
        if let bot { object.field("bot", bot) }
        if let seat { object.field("seat", seat) }
        try send(object.finish())
    }

    /// Takes the free seat of match `code`.
    public func join(code: String) throws(LineSocketError) {
        try send(simple("join", ("code", code)))
    }

    /// Follows match `code` as a spectator.
    public func watch(code: String) throws(LineSocketError) {
        try send(simple("watch", ("code", code)))
    }

    /// Takes a seat back with its ticket.
    public func resume(_ ticket: SeatTicket) throws(LineSocketError) {
        var object = JSONObjectWriter()
        object.field("type", "resume")
        object.field("code", ticket.code)
        object.field("seat", ticket.seat.index)
        object.field("token", ticket.token)
        try send(object.finish())
    }

    /// Sends a move in the game's JSON form.
    public func send(move: JSONValue) throws(LineSocketError) {
        var object = JSONObjectWriter()
        object.field("type", "move")
        object.field("move", move)
        try send(object.finish())
    }

    /// Sends a move of the game's own type.
    /// - Throws: an encoding error, or ``DuoNet/LineSocketError``.
    public func send<Move: Encodable>(move: Move) throws {
        let bytes = [UInt8](try JSONEncoder().encode(move))
        var object = JSONObjectWriter()
        object.field("type", "move")
        object.field("move", rawJSON: bytes)
        try send(object.finish())
    }

    /// Asks for the seat's legal moves (answered by a `legal` message).
    public func requestLegalMoves() throws(LineSocketError) { try send(simple("legal")) }

    /// Asks the server's bot for a suggested move (answered by a `hint` message).
    public func requestHint() throws(LineSocketError) { try send(simple("hint")) }

    /// Gives the match up.
    public func resign() throws(LineSocketError) { try send(simple("resign")) }

    /// Asks for a `pong`.
    public func ping() throws(LineSocketError) { try send(simple("ping")) }

    /// Reconnects and resumes the seat in ``ticket``.
    /// - Throws: ``DuoNet/LineSocketError``; ``MatchClientError/noTicket`` when never seated.
    public func reconnect(timeout: Duration = .seconds(10)) throws {
        guard let ticket else { throw MatchClientError.noTicket }
        try connect(match: ticket.code, timeout: timeout)
        try resume(ticket)
    }

    /// Everything that has arrived, without waiting. A dropped connection
    /// shows up once as ``ClientEvent/disconnected``.
    public func poll() -> [ClientEvent] {
        guard let socket else { return [] }
        var events: [ClientEvent] = []
        do {
            for event in try socket.receiveAvailable() { events.append(decode(event)) }
        } catch {
            reportDisconnect(into: &events)
        }
        return events
    }

    /// The next event, waiting at most `timeout`; nil when nothing came.
    public func next(timeout: Duration = .seconds(10)) -> ClientEvent? {
        guard let socket else { return nil }
        do {
            guard let event = try socket.receive(timeout: timeout) else { return nil }
            return decode(event)
        } catch {
            var events: [ClientEvent] = []
            reportDisconnect(into: &events)
            return events.first
        }
    }

    /// Waits for the next message that `pick` accepts, skipping others;
    /// nil on timeout or disconnect.
    public func next<Value>(timeout: Duration = .seconds(10), _ pick: (ServerMessage) -> Value?) -> Value? {
        let deadline = SystemClock().now.advanced(by: timeout)
        while true {
            let left = SystemClock().now.duration(to: deadline)
            guard left > .zero, let event = next(timeout: left) else { return nil }
            switch event {
            case .message(let message):
                if let value = pick(message) { return value }
            case .disconnected:
                return nil
            case .unreadable:
                continue
            }
        }
    }

    /// Closes the connection (the seat stays yours: resume it later).
    public func disconnect() {
        socket?.close()
        socket = nil
        disconnectReported = true
    }

    private func decode(_ event: LineFramer.Event) -> ClientEvent {
        switch event {
        case .line(let bytes):
            do {
                let message = try ServerMessage(line: bytes)
                if case .seated(_, let seatTicket, _, _, _, _) = message { ticket = seatTicket }
                return .message(message)
            } catch {
                return .unreadable(error)
            }
        case .error(let error):
            return .unreadable(ProtocolError(.lineTooLong, "\(error)"))
        }
    }

    private func reportDisconnect(into events: inout [ClientEvent]) {
        if !disconnectReported {
            disconnectReported = true
            events.append(.disconnected)
        }
    }

    private func send(_ bytes: [UInt8]) throws(LineSocketError) {
        guard let socket else { throw .closed }
        try socket.sendRaw(bytes + [0x0A])
    }

    private func simple(_ type: String, _ fields: (String, String)...) -> [UInt8] {
        var object = JSONObjectWriter()
        object.field("type", type)
        for (name, value) in fields { object.field(name, value) }
        return object.finish()
    }
}

/// What a ``MatchClient`` hands its user.
public enum ClientEvent: Equatable, Sendable {
    /// A message from the server.
    case message(ServerMessage)
    /// A line that is not a message of this protocol version.
    case unreadable(ProtocolError)
    /// The connection dropped; ``MatchClient/reconnect(timeout:)`` takes the seat back.
    case disconnected
}

/// A ``MatchClient`` call that cannot be made now.
public enum MatchClientError: Error, Equatable, Sendable {
    /// ``MatchClient/reconnect(timeout:)`` before the client was ever seated.
    case noTicket
}
