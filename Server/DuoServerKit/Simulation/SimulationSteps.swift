import DuoClient
import DuoNet
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// What each kind of step does, against the state the run has reached.
extension SimulationRunner {
    func perform(_ action: SimulationAction) throws {
        switch action.kind {
        case .connect: connect(action)
        case .create: create(action)
        case .join: join(action)
        case .watch: watch(action)
        case .resume: resume(action)
        case .move: move(action)
        case .outOfTurnMove: outOfTurnMove(action)
        case .badMove: badMove(action)
        case .resign: resign(action)
        case .request: request(action)
        case .hostileLine: hostileLine(action)
        case .halfLine: halfLine(action)
        case .disconnect: disconnect(action, reset: false)
        case .reset: disconnect(action, reset: true)
        case .pauseReading: pauseReading(action, paused: true)
        case .resumeReading: pauseReading(action, paused: false)
        case .completeSyncs: try completeSyncs(action, some: false, failing: false)
        case .completeSomeSyncs: try completeSyncs(action, some: true, failing: false)
        case .failSyncs: try completeSyncs(action, some: false, failing: true)
        case .advanceClock: try advance(.milliseconds(Int64(action.detail % 3_000)))
        case .advanceClockFar: try advance(.seconds(Int64(10 + action.detail % 700)))
        case .crash: try crash(tornTails: action.detail & 1 == 1, random: action.target)
        case .drain: try drain()
        }
    }

    // MARK: Choosing

    static func pick<Item>(_ items: [Item], _ random: UInt64) -> Item? {
        items.isEmpty ? nil : items[Int(random % UInt64(items.count))]
    }

    var connected: [SimulatedClient] { clients.filter(\.isConnected) }

    /// A connected client that may start something (in no match, or in one that is over).
    func lobbyClient(_ action: SimulationAction) -> SimulatedClient? {
        let free = connected.filter { client in
            switch client.role {
            case .lobby, .spectator: true
            case .seat(let code, _): client.ended.contains(code)
            }
        }
        return Self.pick(free, action.target) ?? newClient(action)
    }

    /// A new client (while there are fewer than the most), connected and greeted.
    func newClient(_ action: SimulationAction, hello: Bool = true) -> SimulatedClient? {
        guard clients.count < Self.maxClients else {
            guard let idle = Self.pick(clients.filter { !$0.isConnected }, action.target) else { return nil }
            open(idle, hello: hello)
            return idle.isConnected ? idle : nil
        }
        let client = SimulatedClient(
            number: clients.count, host: Self.hosts[Int(action.target % UInt64(Self.hosts.count))],
            socketBuffer: Self.receiveBuffers[Int((action.detail >> 40) % UInt64(Self.receiveBuffers.count))])
        clients.append(client)
        open(client, hello: hello)
        return client.isConnected ? client : nil
    }

    /// Opens a connection for `client` and (with `hello`) greets the server.
    func open(_ client: SimulatedClient, hello: Bool) {
        guard let server else { return }
        forget(client)
        let port = UInt16(truncatingIfNeeded: 30_000 &+ result.steps &* 7 &+ client.number)
        let connection = server.connect(from: try? SocketAddress(host: client.host, port: port))
        connection.socketBuffer = client.socketBuffer
        connection.recordsTraffic = false
        client.connection = connection
        byConnection[connection.id] = client
        note("\(client.label) connects (\(connection.id), buffer \(client.socketBuffer))")
        if hello { greet(client) }
    }

    func greet(_ client: SimulatedClient) {
        guard !client.saidHello else { return }
        client.saidHello = true
        client.write(#"{"type":"hello","version":1,"client":"simulation"}"#, step: step)
    }

    // MARK: Client steps

    private func connect(_ action: SimulationAction) {
        if clients.count < Self.maxClients, action.detail % 4 != 0 {
            // One in sixteen speaks a protocol version the server does not.
            let unsupported = action.detail % 16 == 1
            guard let client = newClient(action, hello: !unsupported) else { return }
            if unsupported {
                client.saidHello = true
                client.write(#"{"type":"hello","version":99}"#, step: step)
            }
            return
        }
        guard let client = Self.pick(clients.filter { !$0.isConnected }, action.target) else { return }
        // One in eight says nothing at first (its first request gets helloFirst).
        open(client, hello: action.detail % 8 != 0)
    }

    private func create(_ action: SimulationAction) {
        guard let client = lobbyClient(action) else { return }
        greet(client)
        let catalog = simulation.settings.catalog
        let name = catalog.names[Int(action.detail % UInt64(catalog.names.count))]
        var fields = [#""type":"create""#, #""game":"\#(name)""#]
        if let entry = try? catalog.entry(named: name) {
            let variants = entry.variants(in: simulation.settings.assets)
            if let variant = Self.pick(variants, action.detail >> 8) { fields.append(#""variant":"\#(variant)""#) }
        }
        if (action.detail >> 16) % 10 < 3, let game = simulation.game(name, variant: nil),
            let bot = Self.pick(Array(game.botNames.prefix(2)), action.detail >> 20)
        {
            fields.append(#""bot":"\#(bot)""#)
        }
        switch (action.detail >> 24) % 3 {
        case 0: fields.append(#""seat":0"#)
        case 1: fields.append(#""seat":1"#)
        default: break
        }
        let line = "{" + fields.joined(separator: ",") + "}"
        note("\(client.label) sends \(line)")
        client.movesPending += 1
        client.write(line, step: step)
    }

    private func join(_ action: SimulationAction) {
        guard let client = lobbyClient(action) else { return }
        greet(client)
        let waiting = codes.filter { server?.server.matches[$0]?.isWaiting ?? false }
        let code = action.detail % 10 == 0 ? "ZZZZZZ" : (Self.pick(waiting, action.detail >> 8) ?? Self.pick(codes, action.detail >> 8) ?? "ZZZZZZ")
        note("\(client.label) joins \(code)")
        client.movesPending += 1
        client.write(#"{"type":"join","code":"\#(code.lowercased())"}"#, step: step)
    }

    private func watch(_ action: SimulationAction) {
        guard let client = lobbyClient(action) else { return }
        greet(client)
        let code = Self.pick(codes, action.detail) ?? "ZZZZZZ"
        note("\(client.label) watches \(code)")
        client.movesPending += 1
        client.write(#"{"type":"watch","code":"\#(code)"}"#, step: step)
    }

    private func resume(_ action: SimulationAction) {
        let owners = clients.filter { !$0.tickets.isEmpty }
        guard let owner = Self.pick(owners, action.target) else { return }
        // Most often the ticket's owner comes back; sometimes another client has it.
        let resumer = action.detail % 4 == 0 ? (Self.pick(clients, action.detail >> 4) ?? owner) : owner
        guard let ticket = Self.pick(owner.tickets, action.detail >> 8) else { return }
        if !resumer.isConnected { open(resumer, hello: true) }
        guard resumer.isConnected else { return }
        greet(resumer)
        if case .seat(let code, _) = resumer.role, !resumer.ended.contains(code) { return }
        let token = action.detail % 16 == 1 ? String(ticket.token.reversed()) : ticket.token
        note("\(resumer.label) resumes \(ticket.seat) of \(ticket.code)")
        resumer.movesPending += 1
        resumer.write(#"{"type":"resume","code":"\#(ticket.code)","seat":\#(ticket.seat.index),"token":"\#(token)"}"#, step: step)
    }

    /// Seated, connected clients that know they are (no request that may move them unanswered).
    private var seated: [(client: SimulatedClient, code: String, seat: Seat)] {
        connected.compactMap { client in
            guard case .seat(let code, let seat) = client.role, client.movesPending == 0 else { return nil }
            return (client, code, seat)
        }
    }

    private func move(_ action: SimulationAction) {
        // A client whose last view gives its seat the turn, with no move in flight.
        let ready = seated.filter { entry in
            guard let view = entry.client.lastView, view.code == entry.code else { return false }
            return view.toMove.contains(entry.seat) && entry.client.movesInFlight.isEmpty
        }
        guard let (client, code, seat) = Self.pick(ready, action.target), let reference = references[code],
            let game = reference.loadedGame, let bot = Self.pick(Array(game.botNames.prefix(2)), action.detail),
            let move = reference.botMove(for: seat, bot: bot)
        else { return }
        send(move, by: client, code: code, seat: seat)
    }

    private func send(_ move: JSONValue, by client: SimulatedClient, code: String, seat: Seat) {
        note("\(client.label) plays \(move.text) in \(code) as \(seat)")
        client.movesInFlight.append((code, seat, move, step))
        client.expectAnswer(sentAt: step)
        client.write(#"{"type":"move","move":\#(move.text)}"#, step: step)
    }

    private func outOfTurnMove(_ action: SimulationAction) {
        guard let (client, code, seat) = Self.pick(seated, action.target), let reference = references[code] else { return }
        // A move already played (by either seat): refused, whatever the turn.
        guard let (_, move) = Self.pick(reference.moves, action.detail) else { return }
        send(move, by: client, code: code, seat: seat)
    }

    private func badMove(_ action: SimulationAction) {
        guard let (client, code, seat) = Self.pick(seated, action.target) else { return }
        let moves = [#"{"nonsense":[1,2,3]}"#, #""fire at will""#, #"{"fire":1.5}"#, "null", #"{"place":{"ship":99,"at":"Z99","heading":"up"}}"#]
        guard let text = Self.pick(moves, action.detail), let move = try? JSONValue(parsing: Array(text.utf8)) else { return }
        send(move, by: client, code: code, seat: seat)
    }

    private func resign(_ action: SimulationAction) {
        guard let (client, code, seat) = Self.pick(seated, action.target) else { return }
        note("\(client.label) resigns \(seat) of \(code)")
        client.write(#"{"type":"resign"}"#, step: step)
        stepsSinceDescriptorCheck = Int.max / 2
    }

    private func request(_ action: SimulationAction) {
        guard let client = Self.pick(connected, action.target) else { return }
        let line = [#"{"type":"ping"}"#, #"{"type":"legal"}"#, #"{"type":"hint"}"#][Int(action.detail % 3)]
        note("\(client.label) sends \(line)")
        client.expectAnswer(sentAt: step)
        client.write(line, step: step)
    }

    /// Lines no well-behaved client sends; each gets an error and changes nothing.
    static let hostileLines: [[UInt8]] = [
        Array("not json\n".utf8),
        Array("[1,2,3]\n".utf8),
        Array(#"{"type":"nope"}"#.utf8) + [0x0A],
        Array(#"{"type":"join"}"#.utf8) + [0x0A],
        Array(#"{"type":"hello","version":"1"}"#.utf8) + [0x0A],
        Array(#"{"type":"hello","version":1.0}"#.utf8) + [0x0A],
        Array(#"{"type":"create","game":"nope"}"#.utf8) + [0x0A],
        Array(#"{"type":"resume","code":"AAAAAA","seat":5,"token":"t"}"#.utf8) + [0x0A],
        Array(#"{"type":"join","code":""}"#.utf8) + [0x0A],
        Array(#"{"type":"watch","type":"watch"}"#.utf8) + [0x0A],
        [0xFF, 0xFE, 0x22, 0x0A],
        Array(String(repeating: "[", count: 80).utf8) + [0x0A],
        Array(#"{"type":"hello","version":1}"#.utf8) + [0x0A],
        [0x0D, 0x0A],
        [0x0A],
        Array(repeating: 0x78, count: 9_000) + [0x0A],
    ]

    private func hostileLine(_ action: SimulationAction) {
        guard let client = Self.pick(connected, action.target), let line = Self.pick(Self.hostileLines, action.detail) else { return }
        note("\(client.label) sends a hostile line: \(Self.clip(line))")
        client.writeRaw(line, step: step)
    }

    private func halfLine(_ action: SimulationAction) {
        guard let client = Self.pick(connected, action.target) else { return }
        note("\(client.label) writes half a line")
        client.writeHalfLine(Int(action.detail % 15) + 1)
    }

    private func disconnect(_ action: SimulationAction, reset: Bool) {
        guard let client = Self.pick(connected, action.target), let connection = client.connection else { return }
        if reset {
            let late = action.detail & 1 == 1
            note("\(client.label) resets \(connection.id)\(late ? ", arriving while the loop is busy with its next round" : "")")
            connection.reset(late: late)
            if late { resetsOnTheirWay[connection.id] = connection }
        } else {
            note("\(client.label) closes \(connection.id)")
            connection.close()
        }
        forget(client)
    }

    private func pauseReading(_ action: SimulationAction, paused: Bool) {
        // Players in a match stop reading most often: their views pile up.
        var candidates = connected.filter { $0.paused != paused }
        if paused && action.detail % 4 != 0 {
            let playing = candidates.filter { if case .seat = $0.role { true } else { false } }
            if !playing.isEmpty { candidates = playing }
        }
        guard let client = Self.pick(candidates, action.target) else { return }
        note("\(client.label) \(paused ? "stops" : "starts again") reading")
        client.paused = paused
    }

    // MARK: Syncs, time, crashes

    private func completeSyncs(_ action: SimulationAction, some: Bool, failing: Bool) throws {
        let sync = try hosting.journalSync
        let waiting = sync.waitingFiles
        guard !waiting.isEmpty else { return }
        if failing {
            note("the syncs of \(waiting.joined(separator: ", ")) fail")
            lastSyncFailure = step
            sync.completeSyncs(failing: .io(SocketError("fsync", subject: "simulated", code: EIO)))
        } else if some {
            let chosen = Set(waiting.enumerated().filter { (action.detail >> UInt64($0.offset % 60)) & 1 == 1 }.map(\.element))
            note("the syncs of \(chosen.sorted().joined(separator: ", ")) complete")
            sync.completeSyncs(of: chosen)
        } else {
            note("the syncs of \(waiting.joined(separator: ", ")) complete")
            sync.completeSyncs()
        }
    }

    func advance(_ duration: Duration) throws {
        note("the clock moves \(duration)")
        try hosting.advance(by: duration)
    }
}
