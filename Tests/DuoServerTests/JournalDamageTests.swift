import DuoNet
import DuoServerKit
import Foundation
import Testing

/// Journal damage is named by line, and a complete bad last line is damage
/// (left untouched, not resumed), never mistaken for a torn write.
@Suite struct JournalDamageTests {
    @Test func aCompleteGarbageLastLineIsReportedAsBadByLineAndTheJournalIsLeftAlone() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        for _ in 0..<2 { try pair.playOne(.first) }
        server.abandon()
        let journal = server.journalsDirectory.appendingPathComponent(pair.code + ".jsonl")
        let lines = try server.journalLineCount(pair.code)
        let handle = try FileHandle(forWritingTo: journal)
        handle.seekToEndOfFile()
        handle.write(Data("garbage, not JSON\n".utf8))
        try handle.close()
        let damaged = try Data(contentsOf: journal)

        try server.crashAndRestart()
        let expected = "journal \(pair.code).jsonl: not resumed: line \(lines + 1): the last line is complete but not valid JSON"
        #expect(server.logLines.all.contains { $0.contains(expected) }, "\(server.logLines.all)")
        #expect(!server.logLines.all.contains { $0.contains("torn") })
        #expect(try Data(contentsOf: journal) == damaged, "a damaged journal is left as it is")
        let player = try TestPlayer(server)
        try player.send(#"{"type":"resume","code":"\#(pair.code)","seat":0,"token":"\#(pair.tickets.first.token)"}"#)
        try player.expectError("unknownMatch")
    }

    @Test func aTornTailIsNamedByItsLine() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        try pair.playOne(.first)
        server.abandon()
        let lines = try server.journalLineCount(pair.code)
        let handle = try FileHandle(forWritingTo: server.journalsDirectory.appendingPathComponent(pair.code + ".jsonl"))
        handle.seekToEndOfFile()
        handle.write(Data(#"{"type":"move","#.utf8))
        try handle.close()
        try server.crashAndRestart()
        #expect(
            server.logLines.all.contains { $0.contains("dropped a torn last line (line \(lines + 1), 15 bytes: no newline at the end)") },
            "\(server.logLines.all)")
        #expect(server.logLines.all.contains { $0.contains("match \(pair.code): resumed after restart") })
    }
}
