import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// Drives many concurrent matches of bot clients against a server over
/// loopback and measures them: what `duo-server load` runs.
///
/// Every client is a real protocol client on a real socket: it says hello,
/// creates or joins by code, and on each view that gives it the move, waits
/// its think time and sends a move. Nothing in this depends on the game; the
/// move comes from one of three sources (``MoveSource``):
/// - `script`: the next move of its seat in a ``MoveScript``, a match the
///   game's bots played before the run, sent as recorded: what a client
///   with its own bot (or a person) sends, at no cost to the clients' core.
///   Once the server refuses a scripted move (the live match left the
///   script) or the script runs out, the client asks hints instead.
/// - `hint`: the server's weakest bot suggests it (`hint`), from the seat's
///   view: a request and a reply more per move, on the server's loop too.
/// - `legal`: a seeded pick from the seat's legal moves. Like a thrifty real
///   client it asks for the list (`legal`) only when it has none and
///   otherwise plays from the list it has, minus the moves it made; when the
///   server refuses a move from a stale list, the client drops it and tries
///   another, asking for a fresh list after three refusals in a row. When
///   the moves are too many to list (`tooManyMoves`), it draws each move from
///   the space the error describes, or asks for a hint when the space has no
///   fields to draw from. A move's latency runs from sending it to receiving
/// its `accepted`, which the server sends only once the move is journaled
/// and synced: the figure includes the fsync.
///
/// All clients share one event loop thread. Bounded in both count and time:
/// it stops after ``Configuration/matches`` matches or ``Configuration/duration``,
/// whichever comes first.
public final class LoadTest: ConnectionHandler, @unchecked Sendable {
    // Safe: all mutable state is touched on `loop`'s thread only, until
    // `finished` is signalled; `run()` reads it after that.

    /// What to run.
    public struct Configuration: Sendable {
        /// The server (a loopback address).
        public var server: SocketAddress
        /// Matches in play at once.
        public var concurrent: Int
        /// Matches to finish in all.
        public var matches: Int
        /// The longest the run may take.
        public var duration: Duration
        /// How long a client waits before each move (a person's pace).
        public var think: Duration
        /// The first matches start spread evenly over this time, as players
        /// arrive at a real server, instead of all in the same millisecond.
        public var ramp: Duration
        /// The game and variant to create (nil: the server's defaults).
        public var game: String?
        /// The variant to create.
        public var variant: String?
        /// Seeds the clients' move choices.
        public var seed: UInt64
        /// Where clients get their moves.
        public var moveSource: MoveSource
        /// The scripts matches play from with ``MoveSource/script``, in
        /// turn (empty: every move is a hint).
        public var scripts: [MoveScript]
        /// When set, every line the server sends is held to these schemas;
        /// a line that breaks them counts as an error of its match.
        public var schemas: ProtocolSchemas?

        /// A configuration for `server` with the defaults: 100 concurrent,
        /// 100 matches, 60 s, 100 ms think time.
        public init(server: SocketAddress) {
            self.server = server
            concurrent = 100
            matches = 100
            duration = .seconds(60)
            think = .milliseconds(100)
            ramp = .seconds(2)
            seed = 1
            moveSource = .hint
            scripts = []
        }
    }

    /// Where a load client gets its moves.
    public enum MoveSource: String, CaseIterable, Sendable {
        /// Sends the seat's next move of the match's ``MoveScript``.
        case script
        /// Asks the server's bot (`hint`) for each move.
        case hint
        /// Picks from the seat's legal moves (`legal`).
        case legal
    }

    private enum Phase { case connecting, greeted, waitingToJoin, playing, done }

    private final class Client {
        let slot: Int
        let creator: Bool
        var connection: ConnectionID?
        var phase: Phase = .connecting
        var seat: Seat?
        var busy = false
        var moveSentAt: ClockInstant?
        var thinkTimer: TimerID?
        var candidates: [JSONValue] = []
        /// The seat's moves as the server described them, when too many to list.
        var space: MoveSpace?
        var refusalsInARow = 0
        /// The seat's scripted move requests still to send, once seated.
        var script: ArraySlice<[UInt8]> = []
        /// Whether the move on its way came from the script.
        var scriptedMoveSent = false
        /// The game of the match, once seated (for schema checks).
        var game: String?
        var generator: SeededGenerator
        init(slot: Int, creator: Bool, seed: UInt64) {
            self.slot = slot
            self.creator = creator
            generator = SeededGenerator(seed: seed)
        }
    }

    private final class MatchSlot {
        let index: Int
        var clients: [Client] = []
        var code: String?
        /// The match's script, with ``MoveSource/script``.
        var script: MoveScript?
        /// True while no match is in play in the slot (before its first start too).
        var ended = true
        init(index: Int) { self.index = index }
    }

    private let configuration: Configuration
    private let loop: EpollEventLoop
    private var slots: [MatchSlot] = []
    private var byConnection: [ConnectionID: Client] = [:]
    private var started = 0
    private var matchSerial: UInt64 = 0
    private var report = LoadReport()
    private var startInstant = ClockInstant(nanoseconds: 0)
    private var stopping = false
    private let finished = DispatchSemaphore(value: 0)

    /// Prepares a run (no connection is made before ``run()``).
    /// - Throws: ``DuoNet/SocketError`` when the client loop cannot be made.
    public init(configuration: Configuration) throws {
        precondition(configuration.concurrent > 0 && configuration.matches > 0, "a load test needs matches")
        self.configuration = configuration
        loop = try EpollEventLoop(clock: SystemClock(), limits: ConnectionLimits(maxConnections: configuration.concurrent * 2 + 16))
    }

    /// Runs the load and returns the figures.
    public func run() -> LoadReport {
        loop.execute { [self] in
            startInstant = loop.clock.now
            loop.schedule(after: configuration.duration) { [weak self] in self?.finish(timedOut: true) }
            let initial = min(configuration.concurrent, configuration.matches)
            for index in 0..<initial {
                let slot = MatchSlot(index: index)
                slots.append(slot)
                let delay = configuration.ramp * Double(index) / Double(initial)
                loop.schedule(after: delay) { [weak self] in
                    guard let self else { return }
                    self.startMatch(in: slot)
                    self.finishIfDone()
                }
            }
        }
        let thread = Thread { [loop] in loop.run() }
        thread.name = "load-clients"
        thread.start()
        finished.wait()
        loop.stop()
        return report
    }

    // MARK: Matches

    /// The loopback address clients of slot `index` connect from: each
    /// match gets its own, as players on different machines would.
    private func sourceAddress(for index: Int) -> SocketAddress? {
        guard configuration.server.isLoopback, !configuration.server.isIPv6 else { return nil }
        return try? SocketAddress(host: "127.2.\(index / 250 % 250).\(index % 250 + 1)", port: 0)
    }

    private func startMatch(in slot: MatchSlot) {
        guard !stopping, started < configuration.matches else { return }
        started += 1
        matchSerial += 1
        slot.code = nil
        slot.ended = false
        let scripts = configuration.scripts
        slot.script = configuration.moveSource == .script && !scripts.isEmpty ? scripts[Int((matchSerial - 1) % UInt64(scripts.count))] : nil
        let seed = MatchSetup(batchSeed: configuration.seed, matchIndex: Int(matchSerial)).seed
        slot.clients = [Client(slot: slot.index, creator: true, seed: seed), Client(slot: slot.index, creator: false, seed: ~seed)]
        open(slot.clients[0])
    }

    private func open(_ client: Client) {
        do {
            let id = try loop.connect(to: configuration.server, from: sourceAddress(for: client.slot), handler: self)
            client.connection = id
            byConnection[id] = client
            var hello = JSONObjectWriter()
            hello.field("type", "hello")
            hello.field("version", ProtocolVersion.current)
            hello.field("client", "duo-server load")
            loop.send(hello.finish(), to: id)
        } catch {
            report.errors += 1
            report.firstError = report.firstError ?? "connect: \(error)"
            matchFailed(slots[client.slot])
        }
    }

    private func matchFailed(_ slot: MatchSlot) {
        guard !slot.ended else { return }
        slot.ended = true
        report.matchesFailed += 1
        close(slot)
        startMatch(in: slot)
        finishIfDone()
    }

    private func close(_ slot: MatchSlot) {
        for client in slot.clients {
            client.phase = .done
            if let timer = client.thinkTimer { loop.cancel(timer) }
            if let id = client.connection {
                byConnection[id] = nil
                loop.close(id, flush: false)
            }
        }
    }

    private func finishIfDone() {
        let active = slots.contains { !$0.ended }
        if !active && (started >= configuration.matches || stopping) { finish(timedOut: false) }
    }

    private func finish(timedOut: Bool) {
        guard !report.isComplete else { return }
        stopping = true
        report.timedOut = timedOut
        report.elapsed = startInstant.duration(to: loop.clock.now)
        report.clientCPUTime = loop.threadCPUTime
        report.isComplete = true
        for slot in slots where !slot.ended {
            slot.ended = true
            close(slot)
        }
        finished.signal()
    }

    // MARK: ConnectionHandler

    /// Nothing to do: the hello was queued when the connect started.
    public func connectionOpened(_ connection: ConnectionID, peer: SocketAddress?) {}

    /// A server message for one of the clients: moves its state machine on.
    public func connection(_ connection: ConnectionID, received line: [UInt8]) {
        guard let client = byConnection[connection], client.phase != .done else { return }
        let slot = slots[client.slot]
        if let schemas = configuration.schemas {
            let problems = schemas.violations(ofServerLine: line, game: client.game)
            if let first = problems.first {
                fail(slot, "schema: \(first) in \(String(decoding: line.prefix(200), as: UTF8.self))")
                return
            }
            report.linesChecked += 1
        } else if let header = ViewHeader(line: line) {
            // Most lines are views, and a bot client needs only their head:
            // skipping the game's view keeps the clients' core for the server.
            view(seat: header.seat, toMove: header.toMove, client: client, on: connection)
            return
        } else if let reply = ReplyShortcut(line: line) {
            // The other two lines of every move, read by their head too.
            switch reply {
            case .accepted: accepted(client)
            case .hint(let move):
                report.hints += 1
                client.moveSentAt = loop.clock.now
                loop.send(ReplyShortcut.moveRequest(move), to: connection)
            }
            return
        }
        let message: ServerMessage
        do {
            message = try ServerMessage(line: line)
        } catch {
            fail(slot, "unreadable line: \(error)")
            return
        }
        switch message {
        case .welcome:
            if client.creator {
                var create = JSONObjectWriter()
                create.field("type", "create")
                if let game = configuration.game { create.field("game", game) }
                if let variant = configuration.variant { create.field("variant", variant) }
                loop.send(create.finish(), to: connection)
            } else if let code = slot.code {
                var join = JSONObjectWriter()
                join.field("type", "join")
                join.field("code", code)
                loop.send(join.finish(), to: connection)
            }
            client.phase = .greeted
        case .seated(_, let ticket, let game, _, _, _):
            client.seat = ticket.seat
            client.game = game
            if let script = slot.script { client.script = script.requests[ticket.seat][...] }
            client.phase = .playing
            if client.creator {
                slot.code = ticket.code
                open(slot.clients[1])
            }
        case .view(let update):
            view(seat: update.seat, toMove: update.toMove, client: client, on: connection)
        case .legal(let moves):
            guard !moves.isEmpty else {
                fail(slot, "no legal move offered to a seat that must move")
                return
            }
            report.legalRequests += 1
            client.candidates = moves
            client.refusalsInARow = 0
            move(client, on: connection)
        case .accepted:
            accepted(client)
        case .hint(let suggested):
            report.hints += 1
            if let suggested {
                send(suggested, from: client, on: connection)
            } else {
                loop.send(Array(#"{"type":"legal"}"#.utf8), to: connection)
            }
        case .error(let error) where error.inReplyTo == "legal" && error.code == ErrorCode.tooManyMoves.rawValue:
            report.legalRequests += 1
            guard let space = error.moveSpace, !space.fields.isEmpty else {
                // Nothing to draw from: the server's bot suggests the move.
                loop.send(Array(#"{"type":"hint"}"#.utf8), to: connection)
                return
            }
            client.space = space
            client.refusalsInARow = 0
            move(client, on: connection)
        case .error(let error) where error.inReplyTo == "move" && !Self.fatalCodes.contains(error.code) && client.scriptedMoveSent:
            // The live match left its script (chance, or the other seat's
            // moves, went another way): the server's bot takes over.
            report.scriptsLeft += 1
            client.moveSentAt = nil
            client.scriptedMoveSent = false
            client.script = []
            move(client, on: connection)
        case .error(let error) where error.inReplyTo == "move" && !Self.fatalCodes.contains(error.code):
            // A move from a stale list: the server refused it and nothing changed.
            report.refusedMoves += 1
            client.moveSentAt = nil
            client.refusalsInARow += 1
            if client.refusalsInARow >= 3 {
                client.candidates.removeAll()
                client.space = nil
            }
            move(client, on: connection)
        case .ended:
            guard !slot.ended else { return }
            slot.ended = true
            report.matchesFinished += 1
            close(slot)
            startMatch(in: slot)
            finishIfDone()
        case .error(let error):
            fail(slot, "server error \(error)")
        case .watching, .opponent, .pong:
            break
        }
    }

    /// The client's move is durable: its latency is recorded.
    private func accepted(_ client: Client) {
        if let sent = client.moveSentAt {
            report.record(latency: sent.duration(to: loop.clock.now))
        }
        client.moveSentAt = nil
        client.refusalsInARow = 0
        client.scriptedMoveSent = false
        client.busy = false
    }

    /// A view arrived: the client moves (after its think time) when it is its turn.
    private func view(seat viewSeat: Seat?, toMove: SeatSet, client: Client, on connection: ConnectionID) {
        guard let seat = client.seat, viewSeat == seat, !client.busy, toMove.contains(seat) else { return }
        client.busy = true
        if configuration.think > .zero {
            client.thinkTimer = loop.schedule(after: configuration.think) { [weak self] in
                self?.move(client, on: connection)
            }
        } else {
            move(client, on: connection)
        }
    }

    /// Protocol errors that mean something is wrong, not just a stale move.
    private static let fatalCodes: Set<String> = [
        ErrorCode.notInMatch.rawValue, ErrorCode.storageFailed.rawValue, ErrorCode.serverStopping.rawValue,
        ErrorCode.badJSON.rawValue, ErrorCode.matchOver.rawValue,
    ]

    /// Sends a move from the client's list, or asks for a list first.
    private func move(_ client: Client, on connection: ConnectionID) {
        client.thinkTimer = nil
        guard client.phase == .playing else { return }
        if let request = client.script.popFirst() {
            report.scriptedMoves += 1
            client.scriptedMoveSent = true
            client.moveSentAt = loop.clock.now
            loop.send(request, to: connection)
            return
        }
        if client.candidates.isEmpty, let space = client.space {
            send(Self.draw(from: space, using: &client.generator), from: client, on: connection)
            return
        }
        guard !client.candidates.isEmpty else {
            let request = configuration.moveSource != .legal && client.refusalsInARow == 0 ? #"{"type":"hint"}"# : #"{"type":"legal"}"#
            loop.send(Array(request.utf8), to: connection)
            return
        }
        send(client.candidates.swapRemoveRandom(using: &client.generator), from: client, on: connection)
    }

    /// A uniformly chosen move of a space of whole-number fields.
    static func draw(from space: MoveSpace, using generator: inout SeededGenerator) -> JSONValue {
        var move: [String: JSONValue] = [:]
        for field in space.fields {
            move[field.name] = .integer(Int64(field.minimum + generator.nextInt(below: field.valueCount)))
        }
        return .object(move)
    }

    private func send(_ move: JSONValue, from client: Client, on connection: ConnectionID) {
        var line = JSONObjectWriter()
        line.field("type", "move")
        line.field("move", move)
        client.moveSentAt = loop.clock.now
        loop.send(line.finish(), to: connection)
    }

    private func fail(_ slot: MatchSlot, _ reason: String) {
        report.errors += 1
        report.firstError = report.firstError ?? reason
        matchFailed(slot)
    }

    /// A server line over the cap: counted as an error of that match.
    public func connection(_ connection: ConnectionID, framingFailed error: FramingError) {
        if let client = byConnection[connection] { fail(slots[client.slot], "\(error)") }
    }

    /// A client connection dropped before its match ended: counted as an error.
    public func connectionClosed(_ connection: ConnectionID, reason: CloseReason) {
        guard let client = byConnection.removeValue(forKey: connection), client.phase != .done else { return }
        fail(slots[client.slot], "connection \(reason)")
    }
}

/// What a ``LoadTest`` measured.
public struct LoadReport: Sendable {
    /// Matches played to their result.
    public var matchesFinished = 0
    /// Matches abandoned on an error.
    public var matchesFailed = 0
    /// Errors seen (a dropped connection, an unexpected refusal...).
    public var errors = 0
    /// Moves the server refused because the client's legal list was stale.
    public var refusedMoves = 0
    /// Legal-move lists asked for.
    public var legalRequests = 0
    /// Hints asked for.
    public var hints = 0
    /// Moves sent from a ``MoveScript``.
    public var scriptedMoves = 0
    /// Seats whose live match left its script (a scripted move refused).
    public var scriptsLeft = 0
    /// Server lines held to the schemas (with ``LoadTest/Configuration/schemas``).
    public var linesChecked = 0
    /// The first error, for the report.
    public var firstError: String?
    /// Whether the time bound ended the run.
    public var timedOut = false
    /// Wall time of the run.
    public var elapsed: Duration = .zero
    /// CPU time the clients' one thread used in the run.
    public var clientCPUTime: Duration?
    /// CPU time the server's event-loop thread used in the run, when the
    /// server ran in this process (the caller fills it in).
    public var serverLoopCPUTime: Duration?
    /// Move latencies in microseconds, in arrival order.
    public private(set) var latencies: [UInt32] = []
    var isComplete = false

    mutating func record(latency: Duration) {
        latencies.append(UInt32(clamping: latency.totalNanoseconds / 1_000))
    }

    /// Moves acknowledged.
    public var moves: Int { latencies.count }

    /// `time` divided by the moves acknowledged, in microseconds.
    public func microsecondsPerMove(_ time: Duration?) -> Double? {
        guard let time, moves > 0 else { return nil }
        return Double(time.totalNanoseconds) / 1_000 / Double(moves)
    }

    /// Acknowledged moves per second over the run.
    public var movesPerSecond: Double {
        let seconds = Double(elapsed.totalNanoseconds) / 1e9
        return seconds > 0 ? Double(moves) / seconds : 0
    }

    /// The latency below which `fraction` of moves were acknowledged, in milliseconds.
    public func percentile(_ fraction: Double) -> Double {
        guard !latencies.isEmpty else { return 0 }
        let sorted = latencies.sorted()
        let rank = min(sorted.count - 1, max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1))
        return Double(sorted[rank]) / 1_000
    }
}

/// The head of a `view` line as this server writes it
/// (`{"type":"view","code":"...","seat":0,"moves":12,"toMove":[0,1],"view":...`),
/// read without parsing the game's view; nil for any other line (which is
/// then parsed in full).
struct ViewHeader {
    let seat: Seat?
    let toMove: SeatSet

    init?(line: [UInt8]) {
        let prefix = Array(#"{"type":"view","code":""#.utf8)
        guard line.count > prefix.count, line.starts(with: prefix) else { return nil }
        var index = prefix.count
        while index < line.count && line[index] != 0x22 { index += 1 }
        func expect(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard index < line.count, line[index] == byte else { return false }
                index += 1
            }
            return true
        }
        guard expect(#"","seat":"#), index < line.count else { return nil }
        switch line[index] {
        case 0x30: seat = .first
        case 0x31: seat = .second
        case 0x6E:
            seat = nil
            index += 3
        default: return nil
        }
        index += 1
        guard expect(#","moves":"#) else { return nil }
        while index < line.count, (0x30...0x39).contains(line[index]) { index += 1 }
        guard expect(#","toMove":["#) else { return nil }
        var seats = SeatSet.none
        while index < line.count, line[index] != 0x5D {
            switch line[index] {
            case 0x30: seats.insert(.first)
            case 0x31: seats.insert(.second)
            case 0x2C: break
            default: return nil
            }
            index += 1
        }
        guard expect(#"],"view":"#) else { return nil }
        toMove = seats
    }
}

extension Array {
    /// Removes and returns a uniformly chosen element (order is not kept).
    fileprivate mutating func swapRemoveRandom(using generator: inout SeededGenerator) -> Element {
        let index = generator.nextInt(below: count)
        swapAt(index, count - 1)
        return removeLast()
    }
}
