import DuoClient
import DuoNet
import DuoSupport
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// One seed's run of a ``ServerSimulation``: the server, its data
/// directory, the clients, and what they were told.
final class SimulationRunner {
    let simulation: ServerSimulation
    let seed: UInt64
    let plan: [SimulationAction]
    let order: [Int]
    let tracing: Bool
    var result: SimulationRun
    let directory: URL
    let clock = ManualClock()
    var configuration: ServerConfiguration
    var server: EmbeddedDuoServer?
    let store: MatchStore
    let serverRandom: SeededBytes
    var clients: [SimulatedClient] = []
    var byConnection: [ConnectionID: SimulatedClient] = [:]
    /// Connections reset with a reset that has not reached the loop yet.
    var resetsOnTheirWay: [ConnectionID: EmbeddedConnection] = [:]
    var references: [String: ReferenceMatch] = [:]
    /// Every move acknowledged to a client: by match, by number.
    var acknowledged: [String: [Int: (seat: Seat, move: JSONValue)]] = [:]
    /// Every match code the clients heard of, in the order first heard.
    var codes: [String] = []
    var knownCodes: Set<String> = []
    var step = 0
    /// The step at which syncs last failed (matches were suspended).
    var lastSyncFailure = 0
    var stepsSinceDescriptorCheck = 0
    var trace: [String] = []

    /// The addresses clients come from: few, so they share the per-address caps.
    static let hosts = ["127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
    static let receiveBuffers = [256, 1024, 4096, 16384]
    static let maxClients = 10

    init(simulation: ServerSimulation, seed: UInt64, keeping: [Int]?, tracing: Bool) {
        self.simulation = simulation
        self.seed = seed
        let settings = simulation.settings
        plan = SimulationAction.plan(seed: seed, steps: settings.steps)
        order = keeping?.filter { $0 >= 0 && $0 < settings.steps } ?? Array(0..<settings.steps)
        self.tracing = tracing
        result = SimulationRun(seed: seed, plannedSteps: settings.steps, keptSteps: keeping, fault: settings.fault, games: settings.catalog.names)
        directory = settings.directory.appendingPathComponent("duo-simulation-\(getpid())-\(seed)-\(UUID().uuidString.prefix(8))")
        serverRandom = SeededBytes(seed: seed ^ 0x5EED_5EED_5EED_5EED)
        var configuration = ServerConfiguration(catalog: settings.catalog, assets: settings.assets)
        configuration.address = .loopback(port: 0)
        configuration.dataDirectory = directory
        configuration.turnTimeout = .seconds(60)
        configuration.idleTimeout = .seconds(600)
        configuration.waitingTimeout = .seconds(300)
        configuration.abandonedWaitingGrace = .seconds(10)
        configuration.maxMatches = 10
        configuration.maxWaitingMatches = 4
        configuration.maxWaitingPerAddress = 2
        configuration.finishedRetention = nil
        configuration.limits = ConnectionLimits(
            maxLineBytes: 8 * 1024, maxQueuedBytes: 4 * 1024, maxConnectionsPerAddress: 6, maxConnections: 24, closeLinger: .seconds(5))
        configuration.log = .silent
        configuration.syncThreads = 1
        self.configuration = configuration
        store = MatchStore(existing: directory)
    }

    // MARK: The run

    func run() -> SimulationRun {
        defer { tearDown() }
        do {
            try startServer()
            try settleAndCheck()
            for index in order {
                step = index
                try perform(plan[index])
                result.steps += 1
                try settleAndCheck()
            }
            step = plan.count
            try closeEveryMatch()
        } catch let violation as SimulationViolation {
            result.failure = (step, violation)
        } catch {
            result.failure = (step, SimulationViolation(.messages, "the run could not go on: \(error)"))
        }
        result.trace = trace
        return result
    }

    private func tearDown() {
        server?.abandon()
        server = nil
        try? FileManager.default.removeItem(at: directory)
    }

    var hosting: EmbeddedDuoServer {
        get throws(SimulationViolation) {
            guard let server else { throw SimulationViolation(.recovery, "no server runs") }
            return server
        }
    }

    func startServer() throws {
        let started = try EmbeddedDuoServer(configuration: configuration, clock: clock, recovering: false)
        let random = serverRandom
        started.server.randomBytes = { random.bytes($0) }
        started.server.plantedFault = simulation.settings.fault
        started.loop.plantedOneWriteBatchPerRound = simulation.settings.fault == .oneWriteBatchPerRound
        started.server.spareJournalTarget = 2
        started.server.loadedGames = simulation.everyGame
        started.journalSync.holdsSyncs = true
        server = started
        started.run()
    }

    func note(_ line: @autoclosure () -> String) {
        guard tracing else { return }
        trace.append("step \(step): \(line())")
    }

    // MARK: Reading what clients receive

    /// Runs the loop and lets every client that reads read, until nothing
    /// moves: what a loop does before it sleeps, and its peers with it.
    func settle() throws(SimulationViolation) {
        let server = try hosting
        for _ in 0..<2_000 {
            server.run()
            var moved = false
            for client in clients where !client.paused {
                if try drain(client) { moved = true }
            }
            if !moved { return }
        }
        throw SimulationViolation(.loop, "the loop and its clients never settle (2,000 rounds of reading)")
    }

    /// Reads every whole line waiting for `client`.
    /// - Returns: whether anything was read or a close was seen.
    private func drain(_ client: SimulatedClient) throws(SimulationViolation) -> Bool {
        guard let connection = client.connection else { return false }
        var moved = connection.receiveAvailable() > 0
        while let line = connection.takeLine() {
            moved = true
            try handle(line, from: client)
            guard client.connection === connection else { return true }
        }
        if connection.isClosed {
            if connection.closeReason == .slowReader { result.slowReadersDropped += 1 }
            forget(client)
            moved = true
        }
        return moved
    }

    /// The client lost its connection (closed by either end, or reset).
    func forget(_ client: SimulatedClient) {
        if let connection = client.connection { byConnection[connection.id] = nil }
        client.lostConnection()
    }

    private static let viewPrefix = Array(#"{"type":"view""#.utf8)

    private func handle(_ line: [UInt8], from client: SimulatedClient) throws(SimulationViolation) {
        result.linesChecked += 1
        note("  \(client.label) receives \(Self.clip(line))")
        // The common case, without parsing: the view of the latest journaled state.
        if line.starts(with: Self.viewPrefix), let code = client.role.code, let reference = references[code] {
            let viewer: Seat? = if case .seat(_, let seat) = client.role { seat } else { nil }
            for over in [reference.isOver, false] {
                for waiting in ReferenceMatch.waitingCases(moves: reference.moves.count) {
                    if let expected = reference.expectedState(moves: reference.moves.count, over: over, viewer: viewer, waiting: waiting),
                        expected.line == line
                    {
                        client.lastView = (code, reference.moves.count, expected.toMove)
                        return
                    }
                }
            }
        }
        let message: ServerMessage
        do {
            message = try ServerMessage(line: line)
        } catch {
            throw SimulationViolation(.messages, "\(client.label) got a line that is no protocol message (\(error)): \(Self.clip(line))")
        }
        switch message {
        case .welcome:
            client.greeted = true
        case .seated(let kind, let ticket, _, _, _, _):
            client.movesPending = max(0, client.movesPending - 1)
            client.role = .seat(code: ticket.code, seat: ticket.seat)
            client.lastView = nil
            if !client.tickets.contains(ticket) { client.tickets.append(ticket) }
            hear(of: ticket.code)
            if kind == "created" { result.matchesCreated += 1 }
        case .watching(let code, _, _, _):
            client.movesPending = max(0, client.movesPending - 1)
            client.role = .spectator(code: code)
            client.lastView = nil
            hear(of: code)
        case .view(let update):
            try checkView(line, update, client)
        case .accepted(let number):
            guard !client.movesInFlight.isEmpty else {
                throw SimulationViolation(.messages, "\(client.label) got accepted \(number) with no move of its in flight")
            }
            let sent = client.movesInFlight.removeFirst()
            client.answersDue.removeFirst()
            try acknowledge((sent.code, sent.seat, sent.move), number: number, to: client)
        case .opponent:
            break
        case .ended(let code, let ended):
            client.ended.insert(code)
            // A resume of a match finished and let go is answered with `ended` alone.
            if client.role.code != code { client.movesPending = max(0, client.movesPending - 1) }
            let reference = try self.reference(code)
            if !reference.isOver { try reference.refresh(store: store) }
            guard reference.isOver, let expected = reference.replayedSession?.result, expected == ended else {
                throw SimulationViolation(.streams, "\(client.label) was told match \(code) ended (\(ended)), which its journal does not say")
            }
        case .legal, .hint, .pong:
            try answered(client, Self.clip(line))
        case .error(let error):
            switch error.inReplyTo {
            case "move":
                guard !client.movesInFlight.isEmpty else {
                    throw SimulationViolation(.messages, "\(client.label) got a move error with no move in flight: \(error)")
                }
                client.movesInFlight.removeFirst()
                client.answersDue.removeFirst()
            case "legal", "hint", "ping":
                try answered(client, Self.clip(line))
            case "create", "join", "watch", "resume":
                client.movesPending = max(0, client.movesPending - 1)
            default:
                break
            }
            if error.code == ErrorCode.storageFailed.rawValue && error.inReplyTo == nil {
                // The match was suspended: what it held back is gone with it.
                client.lostAnswers(before: lastSyncFailure)
            }
            if error.code == ErrorCode.seatTakenOver.rawValue {
                client.role = .lobby
                client.lastView = nil
            }
        }
    }

    private func answered(_ client: SimulatedClient, _ line: String) throws(SimulationViolation) {
        guard client.repliesDue > 0 else {
            throw SimulationViolation(.messages, "\(client.label) got an answer to no request: \(line)")
        }
        client.answersDue.removeFirst()
    }

    func hear(of code: String) {
        if knownCodes.insert(code).inserted { codes.append(code) }
    }

    func reference(_ code: String) throws(SimulationViolation) -> ReferenceMatch {
        if let reference = references[code] { return reference }
        let reference = ReferenceMatch(code: code, simulation: simulation)
        try reference.refresh(store: store)
        references[code] = reference
        return reference
    }

    /// A view must be its receiver's (its seat, or the public view for a
    /// spectator) and exactly what the journaled match gives.
    private func checkView(_ line: [UInt8], _ update: ViewUpdate, _ client: SimulatedClient) throws(SimulationViolation) {
        switch client.role {
        case .seat(let code, let seat):
            guard update.code == code, update.seat == seat else {
                throw SimulationViolation(
                    .streams,
                    "\(client.label) holds \(seat) of \(code) and got the view of \(update.seat.map { "\($0)" } ?? "spectators") of \(update.code)")
            }
        case .spectator(let code):
            guard update.code == code, update.seat == nil else {
                throw SimulationViolation(
                    .streams, "\(client.label) watches \(code) and got a view of \(update.seat.map { "\($0)" } ?? "spectators") of \(update.code)")
            }
        case .lobby:
            throw SimulationViolation(.streams, "\(client.label) is in no match and got a view of \(update.code)")
        }
        let reference = try self.reference(update.code)
        func matches() -> Bool {
            for over in [false, true] {
                for waiting in ReferenceMatch.waitingCases(moves: update.moves)
                where reference.expectedView(moves: update.moves, over: over, viewer: update.seat, waiting: waiting) == line {
                    return true
                }
            }
            return false
        }
        if !matches() {
            try reference.refresh(store: store)
            guard matches() else {
                let expected = reference.expectedView(moves: update.moves, over: false, viewer: update.seat)
                throw SimulationViolation(
                    .streams,
                    "\(client.label) got a view of \(update.code) at move \(update.moves) that the journal (\(reference.moves.count) moves) does not give: "
                        + "\(Self.clip(line)) (expected \(expected.map { Self.clip($0) } ?? "no such state"))")
            }
        }
        client.lastView = (update.code, update.moves, update.toMove)
    }

    /// An acknowledged move must be durable in its journal, as sent.
    private func acknowledge(_ sent: (code: String, seat: Seat, move: JSONValue), number: Int, to client: SimulatedClient) throws(SimulationViolation)
    {
        result.acknowledgedMoves += 1
        if let earlier = acknowledged[sent.code]?[number], earlier.seat != sent.seat || earlier.move != sent.move {
            throw SimulationViolation(.acknowledgedMoves, "move \(number) of \(sent.code) was acknowledged twice, as two moves")
        }
        acknowledged[sent.code, default: [:]][number] = (sent.seat, sent.move)
        let reference = try self.reference(sent.code)
        if reference.moves.count < number { try reference.refresh(store: store) }
        guard number <= reference.moves.count else {
            throw SimulationViolation(
                .acknowledgedMoves,
                "\(client.label) was told move \(number) of \(sent.code) is accepted; its journal has \(reference.moves.count) moves")
        }
        let journaled = reference.moves[number - 1]
        guard journaled.seat == sent.seat, journaled.move == sent.move else {
            throw SimulationViolation(
                .acknowledgedMoves,
                "move \(number) of \(sent.code) is journaled as \(journaled.move.text) by \(journaled.seat), not \(sent.move.text) by \(sent.seat)")
        }
        let end = reference.moveEnds[number - 1]
        if end > 0, let match = try hosting.server.matches[sent.code], match.journal.url == store.journalURL(sent.code) {
            let durable = match.journal.durableByteCount
            guard end <= durable else {
                throw SimulationViolation(
                    .acknowledgedMoves,
                    "\(client.label) was told move \(number) of \(sent.code) is accepted before it was durable (its line ends at byte \(end), \(durable) are synced)"
                )
            }
        }
    }

    static func clip(_ line: [UInt8]) -> String {
        let text = String(decoding: line.prefix(160), as: UTF8.self)
        return line.count > 160 ? text + "..." : text
    }
}

extension JSONValue {
    /// The compact JSON text (for messages).
    var text: String { String(decoding: serialized, as: UTF8.self) }
}
