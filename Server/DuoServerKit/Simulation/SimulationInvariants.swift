import DuoClient
import DuoNet
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// The checks made after every step, and the crashes, drains and restarts
/// whose outcome they judge.
extension SimulationRunner {
    func settleAndCheck() throws {
        try settle()
        try checkInvariants()
    }

    func checked() {
        result.invariantsChecked += 1
    }

    func checkInvariants() throws(SimulationViolation) {
        let hosting = try self.hosting
        let server = hosting.server
        let loop = hosting.loop

        // The loop: nothing it was sent waits unwritten while it would sleep.
        checked()
        let unflushed = loop.unflushedConnections
        guard unflushed.isEmpty else {
            let names = unflushed.map { id in byConnection[id].map { "\($0.label) (\(id))" } ?? "\(id)" }
            throw SimulationViolation(
                .loop, "output for \(names.joined(separator: ", ")) waits unwritten while the loop would sleep (until its next event or timer)")
        }

        // Every connection the server holds is one a client still has.
        checked()
        resetsOnTheirWay = resetsOnTheirWay.filter { $0.value.isResetOnItsWay }
        for id in server.clients.keys.sorted() where byConnection[id] == nil && resetsOnTheirWay[id] == nil {
            throw SimulationViolation(.resources, "the server still holds connection \(id), which its peer closed")
        }

        var waiting = 0
        var waitingByHost: [String: Int] = [:]
        for code in server.matches.keys.sorted() {
            guard let match = server.matches[code] else { continue }
            // Nothing durable is held back.
            checked()
            if let first = match.outbox.first, first.line <= match.durableLines, match.stage != .suspended {
                throw SimulationViolation(
                    .delivery,
                    "match \(code) holds back a message for line \(first.line) while \(match.durableLines) lines are durable: \(Self.clip(first.bytes))"
                )
            }
            // A journal holds a descriptor only while it is written or played.
            checked()
            if match.journal.isOpen {
                let writing = match.syncsInFlight > 0 || match.durableLines < match.appendedLines
                let played = match.stage == .live && !match.isOver && match.hasConnectedPlayer
                guard writing || played else {
                    throw SimulationViolation(
                        .resources, "match \(code) keeps its journal open with nothing to write and nobody playing (\(match.stage))")
                }
            }
            checked()
            if !match.movesAwaitingSync.isEmpty && match.durableLines == match.appendedLines {
                throw SimulationViolation(.resources, "match \(code) keeps \(match.movesAwaitingSync.count) moves awaiting a sync that returned")
            }
            checked()
            let waits = match.isWaiting
            guard waits == match.countedAsWaiting else {
                throw SimulationViolation(.resources, "match \(code) is counted as waiting: \(match.countedAsWaiting), waits: \(waits)")
            }
            if waits {
                waiting += 1
                waitingByHost[match.creatorHost ?? "", default: 0] += 1
            }
            try checkDelivery(in: match, server: server)
        }
        checked()
        guard waiting == server.waitingCount, waitingByHost == server.waitingByHost else {
            throw SimulationViolation(
                .resources, "the server counts \(server.waitingCount) waiting matches (\(server.waitingByHost)); \(waiting) wait (\(waitingByHost))")
        }

        // Lobby connections have every answer.
        for client in connected where !client.paused {
            // (A connection whose seat was taken over gets its last answers with the match's next sync.)
            guard let connection = client.connection, let entry = server.clients[connection.id], entry.match == nil, entry.heldBy == nil
            else { continue }
            checked()
            guard client.repliesDue == 0 else {
                throw SimulationViolation(.delivery, "\(client.label) in the lobby waits for \(client.repliesDue) answers that never came")
            }
        }

        // Timers: bounded by what is live.
        checked()
        let timerBound = 4 * server.matches.count + server.clients.count + loop.connectionCount + 2
        guard loop.scheduledCount <= timerBound else {
            throw SimulationViolation(
                .resources, "\(loop.scheduledCount) timers for \(server.matches.count) matches and \(server.clients.count) connections")
        }

        // Descriptors on the data directory: one per open journal (now and then: it reads /proc).
        stepsSinceDescriptorCheck += 1
        if stepsSinceDescriptorCheck >= 16 {
            stepsSinceDescriptorCheck = 0
            try checkDescriptors()
        }
    }

    /// Once a match has nothing waiting for a sync, each connection attached
    /// to it has everything: its role, the current view, the result, every answer.
    private func checkDelivery(in match: HostedMatch, server: MatchServer) throws(SimulationViolation) {
        guard match.stage != .suspended, match.syncsInFlight == 0, match.durableLines == match.appendedLines, match.outbox.isEmpty
        else { return }
        for (id, entry) in server.clients.sorted(by: { $0.key < $1.key }) where entry.match == match.code {
            guard let client = byConnection[id], !client.paused else { continue }
            checked()
            let told: SimulatedClient.Role = entry.seat.map { .seat(code: match.code, seat: $0) } ?? .spectator(code: match.code)
            guard client.role == told else {
                throw SimulationViolation(
                    .delivery, "\(client.label) (\(id)) is attached to \(told) as the server sees it, but was told \(client.role)")
            }
            checked()
            let moves = match.session.moveCount
            let toMove = server.seatsToMove(in: match)
            guard let view = client.lastView, view.code == match.code, view.moves == moves, view.toMove == toMove else {
                let seen = client.lastView.map { "\($0.moves) moves, \($0.toMove.seats) to move" } ?? "no view"
                throw SimulationViolation(
                    .delivery,
                    "\(client.label) (\(id)) in \(match.code) has seen \(seen); the match is at \(moves) moves, \(toMove.seats) to move, all durable")
            }
            checked()
            if match.isOver && !client.ended.contains(match.code) {
                throw SimulationViolation(.delivery, "\(client.label) (\(id)) was never told that \(match.code), durably over, ended")
            }
            checked()
            guard client.repliesDue == 0 else {
                throw SimulationViolation(
                    .delivery, "\(client.label) (\(id)) in \(match.code) waits for \(client.repliesDue) answers, with nothing left to sync")
            }
        }
    }

    /// Descriptors of this process open on the run's journals and replays.
    func descriptorsOnData() -> [String] {
        let roots = [store.matchesDirectory.path + "/", store.replaysDirectory.path + "/"]
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var found: [String] = []
        var target = [CChar](repeating: 0, count: 4096)
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            guard name.first?.isNumber == true else { continue }
            let count = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            guard count > 0 else { continue }
            let path = String(decoding: target[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if roots.contains(where: { path.hasPrefix($0) }) { found.append(path) }
        }
        return found
    }

    func checkDescriptors() throws(SimulationViolation) {
        let server = try hosting.server
        checked()
        let open = server.matches.values.filter { $0.journal.isOpen }.count
        let descriptors = descriptorsOnData()
        guard descriptors.count == open else {
            throw SimulationViolation(
                .resources, "\(descriptors.count) descriptors are open on the data directory for \(open) open journals: \(descriptors.sorted())")
        }
    }

    // MARK: Crashes, drains, restarts

    /// What a journal is expected to give back after a restart.
    struct Expected {
        let code: String
        let moves: Int
        let over: Bool
        let toMove: SeatSet
        let hash: StableHash?
        let holders: SeatPair<JournalRecord.SeatHolder?>
    }

    /// The process dies: every byte not synced is lost (a new journal whose
    /// name was never synced goes with it; with `tornTails`, a prefix of
    /// what was not synced may stay, as the kernel may have written some).
    func crash(tornTails: Bool, random: UInt64) throws {
        let hosting = try self.hosting
        result.crashes += 1
        note("the process crashes\(tornTails ? " (unsynced bytes may stay in part)" : "")")
        let journals = hosting.server.matches.values.sorted { $0.code < $1.code }.map { match in
            (url: match.journal.url, durable: match.journal.durableByteCount, named: match.journal.isNameDurable)
        }
        hosting.abandon()
        server = nil
        var dice = random
        for journal in journals {
            guard journal.named else {
                unlink(journal.url.path)
                continue
            }
            var keep = journal.durable
            let size = (try? FileManager.default.attributesOfItem(atPath: journal.url.path)[.size] as? Int) ?? keep
            if tornTails && size > keep {
                dice = dice &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                keep += Int((dice >> 33) % UInt64(size - keep + 1))
            }
            truncate(journal.url.path, off_t(keep))
        }
        try restart()
    }

    /// SIGTERM: the server drains (every journal finished, every client
    /// told), then starts again on the same data.
    func drain() throws {
        let hosting = try self.hosting
        result.crashes += 1
        note("the server drains (SIGTERM)")
        hosting.drain()
        for _ in 0..<20 where !hosting.isStopped {
            hosting.journalSync.completeSyncs()
            try settle()
            // A client that does not read holds its close for the linger.
            if !hosting.isStopped { hosting.advance(by: configuration.limits.closeLinger) }
        }
        try settle()
        checked()
        guard hosting.isStopped else {
            throw SimulationViolation(.recovery, "a drain did not end with every sync answered")
        }
        for client in clients where client.isConnected {
            throw SimulationViolation(.recovery, "\(client.label) is still connected after the drain")
        }
        server = nil
        try restart()
    }

    /// Starts a new server on the data left, and checks it recovered what the files hold.
    private func restart() throws {
        for client in clients { forget(client) }
        byConnection = [:]
        resetsOnTheirWay = [:]
        var expected: [Expected] = []
        var fresh: [String: ReferenceMatch] = [:]
        for url in store.journals() {
            let code = url.deletingPathExtension().lastPathComponent
            let reference = ReferenceMatch(code: code, simulation: simulation)
            try reference.refresh(store: store)
            fresh[code] = reference
            guard let session = reference.replayedSession else { continue }
            expected.append(
                Expected(
                    code: code, moves: reference.moves.count, over: reference.isOver, toMove: session.seatsToMove,
                    hash: session.stateHash, holders: reference.holders))
        }
        // What the clients are held to from now on: the files as the crash left them.
        for (code, reference) in references where fresh[code] == nil { reference.rewind(toFileOf: store) }
        references.merge(fresh) { _, new in new }
        try startServer()
        try checkRecovery(expected)
        try checkAcknowledgedMoves()
    }

    private func checkRecovery(_ expected: [Expected]) throws(SimulationViolation) {
        let server = try hosting.server
        let now = clock.now
        for journal in expected {
            checked()
            guard !journal.over else {
                guard server.matches[journal.code] == nil || server.matches[journal.code]?.isOver == true,
                    FileManager.default.fileExists(atPath: store.replayURL(journal.code).path)
                else { throw SimulationViolation(.recovery, "finished match \(journal.code) was not archived at the restart") }
                continue
            }
            guard let match = server.matches[journal.code] else {
                throw SimulationViolation(.recovery, "match \(journal.code) (\(journal.moves) moves journaled) did not come back after the restart")
            }
            // A bot whose turn it was moves at once after the restart.
            let botMayMove = match.holders.first.isBot || match.holders.second.isBot
            guard match.session.moveCount == journal.moves || (botMayMove && match.session.moveCount > journal.moves) else {
                throw SimulationViolation(
                    .recovery, "match \(journal.code) came back at \(match.session.moveCount) moves; its journal has \(journal.moves)")
            }
            if match.session.moveCount == journal.moves {
                guard match.session.seatsToMove == journal.toMove, match.session.stateHash == journal.hash else {
                    throw SimulationViolation(.recovery, "match \(journal.code) came back in another state than its journal's")
                }
            }
            for seat in Seat.allCases {
                let same: Bool
                switch (journal.holders[seat], match.holders[seat]) {
                case (nil, .open): same = true
                case (.player(let token)?, .player(let held, let connection)): same = token == held && connection == nil
                case (.bot(let name)?, .bot(let held)): same = name == held
                default: same = false
                }
                guard same else { throw SimulationViolation(.recovery, "match \(journal.code): \(seat) came back with another holder") }
            }
            // Clocks: every timed turn starts again from the restart.
            checked()
            if let timeout = configuration.turnTimeout, match.isFull, !match.isOver {
                for seat in match.session.seatsToMove.seats where match.playerSeats.contains(seat) {
                    guard match.turnDeadlines[seat] == now.advanced(by: timeout) else {
                        throw SimulationViolation(
                            .recovery,
                            "match \(journal.code): \(seat)'s turn clock after the restart is \(String(describing: match.turnDeadlines[seat])), not now + \(timeout)"
                        )
                    }
                }
            }
            if match.isWaiting, configuration.waitingTimeout != nil, match.waitingTimer == nil {
                throw SimulationViolation(.recovery, "match \(journal.code) waits for an opponent with no waiting timer after the restart")
            }
        }
        checked()
        let journaled = Set(expected.map(\.code))
        for code in server.matches.keys.sorted() where !journaled.contains(code) {
            throw SimulationViolation(.recovery, "match \(code) came back after the restart with no journal")
        }
    }

    /// Every move ever acknowledged is in its journal (or replay), as sent.
    private func checkAcknowledgedMoves() throws(SimulationViolation) {
        for code in acknowledged.keys.sorted() {
            guard let moves = acknowledged[code] else { continue }
            checked()
            let reference = try self.reference(code)
            if !FileManager.default.fileExists(atPath: store.journalURL(code).path) { try reference.refresh(store: store) }
            for number in moves.keys.sorted() {
                guard let sent = moves[number] else { continue }
                guard number <= reference.moves.count else {
                    throw SimulationViolation(
                        .acknowledgedMoves,
                        "acknowledged move \(number) of \(code) is lost: after the restart its journal has \(reference.moves.count) moves")
                }
                let kept = reference.moves[number - 1]
                guard kept.seat == sent.seat, kept.move == sent.move else {
                    throw SimulationViolation(.acknowledgedMoves, "acknowledged move \(number) of \(code) changed across the restart")
                }
            }
        }
    }

    // MARK: The end of a run

    /// Everyone leaves; the clock runs on until every match has ended and
    /// been let go; then the server must hold nothing: no match, connection,
    /// timer, descriptor or journal.
    func closeEveryMatch() throws {
        note("every client leaves; the clock runs until every match is over and let go")
        for client in clients where client.isConnected {
            client.connection?.close()
            forget(client)
        }
        for _ in 0..<30 {
            let hosting = try self.hosting
            hosting.journalSync.completeSyncs()
            try settleAndCheck()
            if hosting.server.matches.isEmpty && hosting.server.clients.isEmpty { break }
            if hosting.server.matches.values.contains(where: { $0.stage == .suspended }) {
                // A suspended match waits for a restart.
                try crash(tornTails: false, random: 0)
                continue
            }
            try advance(.seconds(300))
            try settleAndCheck()
        }
        let hosting = try self.hosting
        let server = hosting.server
        checked()
        guard server.matches.isEmpty else {
            throw SimulationViolation(.resources, "matches \(server.matches.keys.sorted()) are still held after every timeout")
        }
        checked()
        guard server.clients.isEmpty, hosting.loop.connectionCount == 0 else {
            throw SimulationViolation(.resources, "\(server.clients.count) connections are still held after every client left")
        }
        checked()
        guard server.waitingCount == 0, server.waitingByHost.isEmpty else {
            throw SimulationViolation(.resources, "\(server.waitingCount) matches still count as waiting with none left")
        }
        checked()
        guard hosting.loop.scheduledCount == 0 else {
            throw SimulationViolation(.resources, "\(hosting.loop.scheduledCount) timers are still scheduled with nothing left")
        }
        try checkDescriptors()
        checked()
        let journals = store.journals()
        guard journals.isEmpty else {
            throw SimulationViolation(.resources, "journals \(journals.map(\.lastPathComponent)) are left with every match over")
        }
    }
}

extension HostedMatch.Holder {
    /// Whether a bot holds the seat.
    var isBot: Bool {
        if case .bot = self { return true }
        return false
    }
}
