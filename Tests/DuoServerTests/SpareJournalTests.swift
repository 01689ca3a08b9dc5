import DuoNet
import DuoServerKit
import Foundation
import Testing

/// New journals are spare files the pool made ahead, renamed into place
/// on the loop; the spares belong to no match and never outlive a run.
@Suite struct SpareJournalTests {
    @Test(arguments: [false, true])
    func newJournalsAreSparesMadeAheadAndAStopLeavesNone(crash: Bool) throws {
        let server = try TestServer()
        defer { server.stop() }
        let spares = server.directory.appendingPathComponent("spare")
        func spareCount() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: spares.path).count }

        // No spare yet: the first journal is created on the spot, and the pool asked for spares.
        let first = try SeatedPair.start(server)
        let made = try spareCount()
        #expect(made > 0)
        let second = try SeatedPair.start(server)
        #expect(try spareCount() == made - 1, "the second match's journal was a spare")
        for pair in [first, second] {
            let journal = server.journalsDirectory.appendingPathComponent(pair.tickets.first.code + ".jsonl")
            #expect(try JournalFile.read(journal).lines.count > 3, "opening, headers and seats journaled")
        }

        // However the run ended, the next one starts without spares, and its matches go on.
        if crash { try server.crashAndRestart() } else { try server.drainAndRestart() }
        #expect(try spareCount() == 0)
        let resumed = try TestPlayer(server)
        let ticket = second.tickets.first
        try resumed.send(#"{"type":"resume","code":"\#(ticket.code)","seat":\#(ticket.seat.index),"token":"\#(ticket.token)"}"#)
        try resumed.expect("resumed")
    }
}
