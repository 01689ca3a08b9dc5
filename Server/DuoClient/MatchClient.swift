import DuoNet
import Foundation

/// A client of `duo-server serve`, for front ends and tools: connect,
/// create or join a match, send moves, receive views, and take the seat
/// back after a dropped connection. No UI and no threads: a front end calls
/// ``startConnecting(match:)`` and then ``poll()`` once a frame, so it never
/// waits on the network; a script calls ``connect(match:timeout:)`` and
/// ``next(timeout:)``.
///
///     let client = MatchClient(address: try SocketAddress(parsing: "127.0.0.1:7447"))
///     try client.connect()
///     try client.create(bot: "hunt")
///     while let event = client.next() { ... }   // .message(.seated ...), .message(.view ...)
///
/// The seat's ticket (code, seat, token) is kept from the `created`,
/// `joined` or `resumed` message; ``reconnect(timeout:)`` uses it.
public final class MatchClient {
    /// The server's address.
    public let address: SocketAddress
    /// The name sent in `hello` (for the server's logs).
    public let clientName: String
    /// The seat this client plays, once seated; keep it to resume later.
    public private(set) var ticket: SeatTicket?
    /// Why the last connection ended or could not be made, when the system said.
    public private(set) var lastError: LineSocketError?
    private var socket: LineSocket?
    private var disconnectReported = true
    /// Lines asked for while the connection is still being made, sent once it is.
    private var waitingLines: [[UInt8]] = []

    /// Makes a client for the server at `address` (not connected yet).
    public init(address: SocketAddress, clientName: String = "duo") {
        self.address = address
        self.clientName = clientName
    }

    /// Whether a connection is open.
    public var isConnected: Bool { socket.map { !$0.isClosed } ?? false }

    /// Connects and says `hello`; the `welcome` arrives through ``poll()``.
    /// - Parameters:
    ///   - match: the code this connection is for, sent in `hello`
    ///     so a load balancer can route on it (see `docs/SCALING.md`).
    ///   - timeout: how long to wait for the connection to be made.
    /// - Throws: DuoNet's `LineSocketError` when the server cannot be reached.
    public func connect(match: String? = nil, timeout: Duration = .seconds(10)) throws(LineSocketError) {
        close()
        let socket = try LineSocket(connectingTo: address, timeout: timeout)
        self.socket = socket
        disconnectReported = false
        try send(hello(match: match))
    }

    /// Starts connecting and returns at once: `hello`, and whatever is sent
    /// before the connection is made, wait and go out in order once it is
    /// (a later ``poll()`` sees to it). A connection that cannot be made
    /// shows up in ``poll()`` as ``ClientEvent/disconnected``, with the reason
    /// in ``lastError``.
    /// - Parameter match: as for ``connect(match:timeout:)``.
    /// - Throws: DuoNet's `LineSocketError` when the attempt fails at once.
    public func startConnecting(match: String? = nil) throws(LineSocketError) {
        close()
        let socket: LineSocket
        do {
            socket = try LineSocket(startingConnectionTo: address)
        } catch {
            lastError = error
            throw error
        }
        self.socket = socket
        disconnectReported = false
        waitingLines = [hello(match: match)]
    }

    /// Whether a connection started by ``startConnecting(match:)`` is still being made.
    public var isConnecting: Bool { socket?.isConnecting ?? false }

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
    /// - Throws: an encoding error, or DuoNet's `LineSocketError`.
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
    /// - Throws: DuoNet's `LineSocketError`; ``MatchClientError/noTicket`` when never seated.
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
            guard try finishConnecting(socket, timeout: .zero) else { return [] }
            for event in try socket.receiveAvailable() { events.append(decode(event)) }
        } catch {
            if error != .closed { lastError = error }
            reportDisconnect(into: &events)
        }
        return events
    }

    /// The next event, waiting at most `timeout`; nil when nothing came.
    public func next(timeout: Duration = .seconds(10)) -> ClientEvent? {
        guard let socket else { return nil }
        do {
            guard try finishConnecting(socket, timeout: timeout),
                let event = try socket.receive(timeout: timeout)
            else { return nil }
            return decode(event)
        } catch {
            if error != .closed { lastError = error }
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
        close()
        disconnectReported = true
    }

    private func close() {
        socket?.close()
        socket = nil
        waitingLines = []
        lastError = nil
    }

    private func hello(match: String?) -> [UInt8] {
        var hello = JSONObjectWriter()
        hello.field("type", "hello")
        hello.field("version", ProtocolVersion.current)
        hello.field("client", clientName)
        if let match { hello.field("match", match) }
        return hello.finish()
    }

    /// Whether `socket` is connected; once it is, sends the lines that waited for it.
    private func finishConnecting(_ socket: LineSocket, timeout: Duration) throws(LineSocketError) -> Bool {
        guard socket.isConnecting else { return true }
        guard try socket.finishConnecting(timeout: timeout) else { return false }
        let lines = waitingLines
        waitingLines = []
        for line in lines { try socket.sendRaw(line + [0x0A]) }
        return true
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
        guard let socket, !socket.isClosed else { throw .closed }
        if socket.isConnecting {
            waitingLines.append(bytes)
            return
        }
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
