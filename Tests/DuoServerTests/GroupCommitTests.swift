import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import Testing

/// A stand-in for group commit's `syncfs`: records every batch (which
/// journals, how long each was when the sync began) and lets batches
/// through only when the test says so; the lines are then really synced.
final class SyncGate: @unchecked Sendable {
    // Safe: every field is touched under `condition`.
    private let condition = NSCondition()
    private var passes = Int.max
    private var recorded: [[String: Int]] = []

    /// The batches so far: journal file name to its byte count at the sync.
    var batches: [[String: Int]] {
        condition.lock()
        defer { condition.unlock() }
        return recorded
    }

    /// The sync the server's pool calls.
    func sync(_ files: [JournalFile]) -> JournalError? {
        condition.lock()
        recorded.append(Dictionary(files.map { ($0.url.lastPathComponent, $0.byteCount) }, uniquingKeysWith: max))
        condition.broadcast()
        while passes == 0 { condition.wait() }
        if passes != Int.max { passes -= 1 }
        condition.unlock()
        for file in files {
            do throws(JournalError) { try file.sync() } catch { return error }
        }
        return nil
    }

    /// Holds every batch from now on.
    func hold() { change { $0 = 0 } }
    /// Lets `count` more batches through.
    func allow(_ count: Int) { change { $0 += count } }
    /// Lets every batch through.
    func open() { change { $0 = Int.max } }

    /// Waits until `count` batches have begun (at most 10 s).
    func waitForBatches(_ count: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(10)
        while recorded.count < count {
            guard condition.wait(until: deadline) else { return false }
        }
        return true
    }

    private func change(_ body: (inout Int) -> Void) {
        condition.lock()
        body(&passes)
        condition.broadcast()
        condition.unlock()
    }
}

/// Group commit: one sync covers the lines of every journal written since
/// the last, and no `accepted` (nor the views a move causes) leaves before
/// the sync that covers the move's line has returned.
@Suite struct GroupCommitTests {
    /// Three players, each in a match of their own against a bot, with
    /// everything the creations sent read.
    private func threeMatches(_ server: TestServer) throws -> (players: [TestPlayer], codes: [String]) {
        var players: [TestPlayer] = []
        var codes: [String] = []
        for _ in 0..<3 {
            let player = try TestPlayer(server)
            try player.send(#"{"type":"create","bot":"random"}"#)
            let ticket = try #require(try player.expect("created").seatTicket)
            codes.append(ticket.code)
            // Everything the creation sent (views of the bot's placements) is out once the pong is.
            try player.send(#"{"type":"ping"}"#)
            try player.expect("pong")
            players.append(player)
        }
        return (players, codes)
    }

    /// Step by step on the embedded loop: the move's line is in the journal,
    /// its sync is requested, nothing leaves; the sync completes, `accepted`
    /// leaves. Requests made while a batch is held all go in the next one.
    @Test func aMoveIsJournaledThenSyncedThenAccepted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let syncs = server.embedded.journalSync
        let (players, codes) = try threeMatches(server)
        syncs.holdsSyncs = true
        let before = syncs.batches.count
        let lines = try server.journalLineCount(codes[0])

        try players[0].sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        #expect(try players[0].connection.receiveLine() == nil, "nothing leaves before the sync")
        #expect(try server.journalLineCount(codes[0]) == lines + 1, "the move is journaled")
        #expect(syncs.waitingFiles == [codes[0] + ".jsonl"])

        #expect(syncs.completeSyncs() == 1)
        // The bot's five placements, then this one.
        #expect(try players[0].receive() == .accepted(number: 6))

        try players[1].sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        try players[2].sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        for player in players[1...] { #expect(try player.connection.receiveLine() == nil) }
        #expect(syncs.waitingFiles == codes[1...].map { $0 + ".jsonl" })
        #expect(syncs.completeSyncs() == 2, "one batch covers both journals")
        let batch = syncs.batches[before + 1]
        for code in codes[1...] {
            let name = code + ".jsonl"
            let length = try JournalFile.read(server.journalsDirectory.appendingPathComponent(name)).validByteCount
            #expect(batch[name] == length, "the batch covers \(code)'s move")
        }
        for player in players[1...] { try player.expect("accepted") }
        #expect(syncs.batches.count == before + 2)
    }

    /// A sync that fails suspends the match: no `accepted`, a `storageFailed` error instead.
    @Test func aFailedSyncSuspendsTheMatchAndNothingIsAccepted() throws {
        let server = try TestServer()
        defer { server.stop() }
        let syncs = server.embedded.journalSync
        let (players, codes) = try threeMatches(server)
        syncs.holdsSyncs = true
        try players[0].sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        #expect(try players[0].connection.receiveLine() == nil)
        syncs.completeSyncs(failing: .io(SocketError("fsync", subject: codes[0], code: EIO)))
        try players[0].expectError("storageFailed")
        #expect(!players[0].receivedLines.contains { $0.contains(#""type":"accepted""#) })
        #expect(server.logLines.all.contains { $0.contains("match \(codes[0]) suspended") })
    }

    /// The same on real threads: the pool's committer batches what came meanwhile.
    @Test func noAcceptedBeforeTheSyncThatCoversItAndOneSyncCoversManyJournals() throws {
        let gate = SyncGate()
        let server = try TestServer(sockets: true, batchSync: gate.sync)
        defer { server.stop() }
        let (players, codes) = try threeMatches(server)

        gate.hold()
        let before = gate.batches.count
        try players[0].sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        #expect(gate.waitForBatches(before + 1))
        try players[1].sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        try players[2].sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        // While the first sync is held, nothing the moves caused may leave.
        for player in players { #expect(try player.connection.receiveLine(timeout: .milliseconds(200)) == nil) }

        // The first batch returns: the first move is acknowledged, the others still wait.
        gate.allow(1)
        guard case .accepted(let number) = try players[0].receive() else {
            Issue.record("expected accepted")
            return
        }
        #expect(number == 6)  // the bot's five placements, then this one
        #expect(gate.waitForBatches(before + 2))
        for player in players[1...] { #expect(try player.connection.receiveLine(timeout: .milliseconds(200)) == nil) }

        // The second batch holds both other journals, each with its move's line written.
        let second = gate.batches[before + 1]
        for code in codes[1...] {
            let name = code + ".jsonl"
            let length = try JournalFile.read(server.journalsDirectory.appendingPathComponent(name)).validByteCount
            #expect(second[name] == length, "one sync covers \(code)'s move")
        }
        gate.open()
        for player in players[1...] { try player.expect("accepted") }
        #expect(gate.batches.count == before + 2)
    }
}
