import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// The authoritative match host: speaks the protocol of `docs/PROTOCOL.md`
/// to every connection of a DuoNet `EventLoop`, holds the only true state of
/// each match, checks every move against the rules, sends each seat only its
/// own view, and journals every accepted move before acknowledging it.
///
/// Game-agnostic: games come from the configured `GameCatalog`
/// and are driven through `GameSession` (moves in, views out, as JSON).
///
/// Everything runs on the loop thread; the journal syncs run on a
/// `JournalSyncing` (a `JournalSyncPool` in production) and
/// report back through `EventLoop.execute(_:)`. Use ``DuoServer`` to
/// run one on sockets, ``EmbeddedDuoServer`` to drive one by hand in a test;
/// this type is the protocol's state machine, and the same on either loop.
public final class MatchServer: ConnectionHandler {
    // Not Sendable: every field is touched only on `loop`'s thread. Work
    // done elsewhere (journal syncs, replays) comes back through
    // `loop.execute` with the server in a `LoopBound`, which checks that.

    /// What the server knows of one connection. A class: every line a
    /// connection sends looks it up, and a reference is all a lookup copies.
    final class Client {
        /// Whether `hello` has been received.
        var greeted = false
        /// The match the connection plays or watches.
        var match: String?
        /// The seat it plays; nil when it watches (or is in no match).
        var seat: Seat?
        /// Closes the connection when it stays silent outside a match.
        var idleTimer: TimerID?
        /// The peer's address and port, for logs.
        let peer: String
        /// The peer's address alone: what the caps on waiting matches count.
        let host: String
        /// The match still holding answers for this connection (they wait
        /// for its journal) after the connection left it, its seat taken
        /// over: what it is sent goes behind them, so none is lost or overtaken.
        var heldBy: String?

        init(peer: String, host: String) {
            self.peer = peer
            self.host = host
        }
    }

    let configuration: ServerConfiguration
    let loop: any EventLoop
    let pool: any JournalSyncing
    let store: MatchStore
    let codes: MatchCodes
    let log: ServerLog

    var matches: [String: HostedMatch] = [:]
    var clients: [ConnectionID: Client] = [:]
    var loadedGames: [String: AnyGame] = [:]
    var listener: Listener?
    var draining = false
    var closingConnections = false
    var drainFinished: (() -> Void)?
    /// What `/metrics` reports.
    let metrics = ServerMetrics()
    /// Matches waiting for an opponent, in all and by the creator's address.
    var waitingCount = 0
    var waitingByHost: [String: Int] = [:]
    /// Whether every journal of the data directory has been looked at
    /// (`/readyz`); new connections are accepted only then.
    var recovered = false
    /// Empty files made ahead by the pool, claimed as new journals.
    var spareJournals: [URL] = []
    /// How many spare journals to keep ready (see `firstSpareJournalTarget`).
    var spareJournalTarget = MatchServer.firstSpareJournalTarget
    /// Whether the pool is making spare journals now.
    var makingSpareJournals = false
    /// Names the spare journals this run makes.
    var spareJournalSerial = 0
    /// Called once on the loop when recovery is over (done, or stopped by a drain).
    var recoveryFinished: (@Sendable () -> Void)?
    /// Where match seeds, codes and seat tokens come from: the system's
    /// secure source; a simulation gives a seeded one, so that a seed
    /// replays the same run.
    var randomBytes: (Int) throws -> [UInt8] = { try SecureRandom.bytes($0) }
    /// A defect planted on purpose by a simulation, to show that its
    /// invariants catch it; always nil in a real server.
    var plantedFault: SimulatedFault?
    /// Whether the planted fault has done its harm (some strike once).
    var plantedFaultStruck = false
    /// Where the pool's answers to ``requestSync(of:)`` wait for the loop.
    lazy var syncInbox = SyncCompletionInbox(server: self)
    /// Where `view` lines are written before each is copied out at its
    /// length: its room is kept from line to line.
    var lineBuffer = JSONOutput(capacity: 4096)

    /// Makes a server on `loop`, with journals synced by `pool`.
    /// - Throws: when the data directory cannot be made or the server id is invalid.
    init(configuration: ServerConfiguration, loop: any EventLoop, pool: any JournalSyncing) throws {
        self.configuration = configuration
        self.loop = loop
        self.pool = pool
        self.log = configuration.log
        self.store = try MatchStore(root: configuration.dataDirectory)
        self.codes = try MatchCodes(serverID: configuration.serverID)
    }

    /// The id this server names itself with in `welcome`.
    var serverName: String { codes.serverID ?? "duo-server" }

    // MARK: ConnectionHandler

    /// A new connection: it must say `hello` first (or is told the server is stopping).
    public func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?) {
        clients[connection] = Client(peer: peer?.description ?? "?", host: peer?.host ?? "?")
        log.debug("connection \(connection) opened from \(peer?.description ?? "?")")
        metrics.connectionsAccepted += 1
        if draining {
            send(ProtocolError(.serverStopping, "the server is stopping; try again shortly"), to: connection)
            loop.close(connection)
            return
        }
        restartIdleTimer(of: connection)
    }

    /// A line from a client: decoded, then handled, or answered with an `error`.
    public func connection(_ connection: ConnectionID, received line: [UInt8]) {
        guard let client = clients[connection] else { return }
        // Most lines are moves as clients write them: their bytes go to the
        // game as they came, without a JSON tree (the same move, the same checks).
        if let request = CanonicalMoveRequest(line: line) {
            if client.match == nil { restartIdleTimer(of: connection) }
            guard isGreeted(connection, request: "move") else { return }
            play(request.move, wholeNumbersOnly: true, from: connection)
            return
        }
        let message: ClientMessage
        do {
            message = try ClientMessage(line: line)
        } catch {
            send(error, to: connection)
            return
        }
        if clients[connection]?.match == nil { restartIdleTimer(of: connection) }
        handle(message, from: connection)
    }

    /// A line over the cap: answered with `lineTooLong`; the connection goes on.
    public func connection(_ connection: ConnectionID, framingFailed error: FramingError) {
        send(ProtocolError(.lineTooLong, "the line was longer than \(configuration.limits.maxLineBytes) bytes and was skipped"), to: connection)
    }

    /// A connection ended: its seat stays its player's, the opponent is told.
    public func connectionClosed(_ connection: ConnectionID, reason: CloseReason) {
        guard let client = clients.removeValue(forKey: connection) else { return }
        log(reason == .slowReader ? .info : .debug, "connection \(connection) from \(client.peer) \(reason)")
        if let timer = client.idleTimer { loop.cancel(timer) }
        detach(connection, client: client, announce: true)
        if draining { continueDrain() }
    }

    /// The `error` line sent to a connection over a cap before it is closed.
    public func refusalLine(for reason: RefusalReason, peer: SocketAddress?) -> [UInt8]? {
        let message =
            switch reason {
            case .tooManyFromAddress: "too many connections from \(peer?.host ?? "your address")"
            case .tooManyConnections: "the server is full"
            }
        metrics.errorsByCode[ErrorCode.tooManyConnections.rawValue, default: 0] += 1
        return ServerLine.error(ProtocolError(.tooManyConnections, message))
    }

    // MARK: Dispatch

    private func handle(_ message: ClientMessage, from connection: ConnectionID) {
        guard clients[connection] != nil else { return }
        if case .hello(let version, let name, _) = message {
            hello(version: version, clientName: name, from: connection)
            return
        }
        guard isGreeted(connection, request: message.type) else { return }
        switch message {
        case .hello: break
        case .create(let request): create(request, from: connection)
        case .join(let code): join(MatchCodes.normalize(code), from: connection)
        case .watch(let code): watch(MatchCodes.normalize(code), from: connection)
        case .resume(let code, let seat, let token): resume(MatchCodes.normalize(code), seat: seat, token: token, from: connection)
        case .move(let move): play(move.serialized[...], wholeNumbersOnly: !move.containsNonIntegerNumber, from: connection)
        case .legal: legalMoves(for: connection)
        case .hint: hint(for: connection)
        case .resign: resign(from: connection)
        case .ping: send(ServerLine.pong(), to: connection)
        }
    }

    /// Whether the connection has said `hello`; if not, it is told to first.
    private func isGreeted(_ connection: ConnectionID, request: String) -> Bool {
        if clients[connection]?.greeted ?? true { return true }
        send(ProtocolError(.helloFirst, "the first message must be hello with the protocol version", inReplyTo: request), to: connection)
        return false
    }

    private func hello(version: Int, clientName: String?, from connection: ConnectionID) {
        guard clients[connection]?.greeted == false else {
            send(ProtocolError(.alreadyGreeted, "hello was already received on this connection", inReplyTo: "hello"), to: connection)
            return
        }
        guard ProtocolVersion.supported.contains(version) else {
            let supported = ProtocolVersion.supported.map(String.init).joined(separator: ", ")
            send(
                ProtocolError(
                    .unsupportedVersion, "protocol version \(version) is not supported (this server speaks \(supported))", inReplyTo: "hello"),
                to: connection)
            loop.close(connection)
            return
        }
        clients[connection]?.greeted = true
        send(ServerLine.welcome(server: serverName, games: configuration.catalog.names), to: connection)
    }

    // MARK: Sending

    /// Sends a line to a connection, after anything its match still holds
    /// back for it, so replies never overtake earlier news.
    func send(_ bytes: [UInt8], to connection: ConnectionID) {
        if let code = clients[connection].flatMap({ $0.match ?? $0.heldBy }), let match = matches[code], match.hasPendingOutput {
            match.emit(bytes, to: .connection(connection))
        } else {
            loop.send(bytes, to: connection)
        }
    }

    /// Sends an `error` message.
    func send(_ error: ProtocolError, to connection: ConnectionID) {
        metrics.errorsByCode[error.code, default: 0] += 1
        send(ServerLine.error(error), to: connection)
    }

    // MARK: Idle connections

    /// A connection outside any match is closed after the idle timeout
    /// without a line: a silent socket must not hold a slot for ever.
    func restartIdleTimer(of connection: ConnectionID) {
        guard let timeout = configuration.idleTimeout, let client = clients[connection] else { return }
        if let timer = client.idleTimer { loop.cancel(timer) }
        client.idleTimer = loop.schedule(after: timeout) { [weak self] in
            guard let self, self.clients[connection]?.match == nil else { return }
            self.send(ProtocolError(.idleTimeout, "nothing received for \(timeout); closing"), to: connection)
            self.loop.close(connection)
        }
    }

    func cancelIdleTimer(of connection: ConnectionID) {
        if let timer = clients[connection]?.idleTimer {
            loop.cancel(timer)
            clients[connection]?.idleTimer = nil
        }
    }

    // MARK: Attaching connections to matches

    /// Takes a connection out of its match (it stays connected, in the lobby).
    func detach(_ connection: ConnectionID, client: Client, announce: Bool) {
        guard let code = client.match, let match = matches[code] else { return }
        if let seat = client.seat {
            if case .player(let token, let holder) = match.holders[seat], holder == connection {
                match.holders[seat] = .player(token: token, connection: nil)
                if announce && !match.isOver, let other = match.connection(of: seat.opponent) {
                    send(ServerLine.opponent(.disconnected), to: other)
                }
            }
        } else {
            match.spectators.remove(connection)
        }
        clients[connection]?.match = nil
        clients[connection]?.seat = nil
        match.attachments[connection] = nil
        if match.holdsAnswers(for: connection) {
            clients[connection]?.heldBy = match.code
            match.answersHeldFor.insert(connection)
        }
        updateWaiting(match)
        forgetIfDone(match)
        closeJournalIfIdle(match)
    }

    /// Leaves the current match when it is over (or only watched), so the
    /// connection may start another; refuses while it plays one.
    func leaveFinishedMatch(_ connection: ConnectionID, for request: String) -> Bool {
        // Answers to earlier requests wait for a journal: what this request
        // starts must not overtake them.
        if let code = clients[connection].flatMap({ $0.heldBy ?? $0.match }), let match = matches[code], match.holdsAnswers(for: connection) {
            let message = "answers to this connection from match \(code) are still being journaled: send \(request) again once they have come"
            send(ProtocolError(.alreadyInMatch, message, inReplyTo: request), to: connection)
            return false
        }
        guard let client = clients[connection], let code = client.match else { return true }
        // A player leaves only once the result is durable, which is when its
        // `ended` goes out: acting before that would lose the result.
        if client.seat != nil, let match = matches[code], match.stage != .suspended,
            !match.isOver || match.durableLines < match.appendedLines
        {
            send(ProtocolError(.alreadyInMatch, "this connection plays match \(code), which is not over", inReplyTo: request), to: connection)
            return false
        }
        detach(connection, client: client, announce: false)
        restartIdleTimer(of: connection)
        return true
    }

    func attach(_ connection: ConnectionID, to match: HostedMatch, seat: Seat?) {
        clients[connection]?.match = match.code
        clients[connection]?.seat = seat
        match.attach(connection, seat: seat)
        cancelIdleTimer(of: connection)
    }

    /// The match and seat a connection plays, or an error sent back.
    func playedMatch(of connection: ConnectionID, for request: String) -> (HostedMatch, Seat)? {
        guard let client = clients[connection], let code = client.match, let match = matches[code] else {
            send(ProtocolError(.notInMatch, "this connection plays no match: create, join or resume one first", inReplyTo: request), to: connection)
            return nil
        }
        guard let seat = client.seat else {
            send(ProtocolError(.notInMatch, "spectators cannot \(request)", inReplyTo: request), to: connection)
            return nil
        }
        guard match.stage != .suspended else {
            send(ProtocolError(.storageFailed, "match \(code) is suspended: its journal could not be written", inReplyTo: request), to: connection)
            return nil
        }
        return (match, seat)
    }

    // MARK: Randomness

    /// A new seat token: 32 hex digits from ``randomBytes``.
    func makeSeatToken() throws -> String {
        SeatToken.hex(try randomBytes(16))
    }

    /// A new match code from ``randomBytes``.
    func makeMatchCode() throws -> String {
        try codes.make { upperBound in
            // Reject the top of the byte range that would favour small values.
            let limit = 256 - 256 % upperBound
            while true {
                for byte in try randomBytes(16) where Int(byte) < limit { return Int(byte) % upperBound }
            }
        }
    }

    /// Finds a match by code, or sends `unknownMatch`.
    func lookUp(_ code: String, from connection: ConnectionID, for request: String) -> HostedMatch? {
        if let match = matches[code] { return match }
        let hint = MatchCodes.isWellFormed(code) ? "" : " (codes look like \(codes.serverID.map { "\($0)-" } ?? "")K7QF2M)"
        send(ProtocolError(.unknownMatch, "no match \(ClientMessage.clip(code)) on this server\(hint)", inReplyTo: request), to: connection)
        return nil
    }
}
