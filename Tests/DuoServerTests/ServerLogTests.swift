import DuoNet
import Foundation
import Testing

@Suite struct ServerLogTests {
    @Test func jsonLogMessagesEscapeEverythingRFC8259Requires() throws {
        let message = "quote \" backslash \\ newline \n tab \t bell \u{07} é 😀"
        let literal = ServerLog.jsonString(message)
        let line = "{\"message\":\(literal)}"
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
        #expect(object["message"] == message)
        #expect(literal.contains("\\u0007") && !literal.contains("\n"))
    }
}

/// Log levels: lines below the chosen level are dropped unformatted, and
/// the events players lose by are errors, those that lose nothing warnings.
@Suite struct LogLevelTests {
    @Test func aLogDropsLinesBelowItsLevelWithoutMakingThem() {
        let recorder = EventRecorder()
        let log = ServerLog(minimumLevel: .warning) { level, line in recorder.record("\(level) \(line)") }
        var made = 0
        func message(_ text: String) -> String {
            made += 1
            return text
        }
        log.debug(message("connection opened"))
        log.info(message("match created"))
        log.warning(message("torn line dropped"))
        log.error(message("journal not resumed"))
        log("plain lines are info")
        #expect(recorder.all == ["warning torn line dropped", "error journal not resumed"])
        #expect(made == 2, "a dropped line's message is never made")
        #expect(LogLevel(name: "warning") == .warning && LogLevel(name: "loud") == nil)
        #expect(LogLevel.allCases.map(\.description) == ["debug", "info", "warning", "error"])
    }

    /// A server whose log records each line's level.
    private static func server(_ recorder: EventRecorder, level: LogLevel = .debug) throws -> TestServer {
        try TestServer { configuration in
            configuration.log = ServerLog(minimumLevel: level) { level, line in recorder.record("\(level): \(line)") }
        }
    }

    @Test func aDamagedJournalIsAnErrorAndATornLineAWarning() throws {
        let recorder = EventRecorder()
        let server = try Self.server(recorder)
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        try pair.playOne(.first)
        server.abandon()
        let journal = server.journalsDirectory.appendingPathComponent(pair.code + ".jsonl")
        let handle = try FileHandle(forWritingTo: journal)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"type":"move","n":2,"se"#.utf8))
        try handle.close()
        try Data("{\"type\":\"journal\",\"version\":1,\"code\":\"BADBAD\"}\nnot json\n{}\n".utf8)
            .write(to: server.journalsDirectory.appendingPathComponent("BADBAD.jsonl"))
        try server.crashAndRestart()
        #expect(recorder.all.contains { $0.hasPrefix("warning: journal \(pair.code).jsonl: dropped a torn last line") })
        #expect(recorder.all.contains { $0.hasPrefix("error: journal BADBAD.jsonl: not resumed") })
        #expect(recorder.all.contains { $0.hasPrefix("info: match \(pair.code): resumed after restart") })
        #expect(recorder.all.contains { $0.hasPrefix("debug: connection ") && $0.contains(" opened from ") })
    }

    @Test func aFailedSyncIsAnErrorAndDebugLinesStayOutAtInfo() throws {
        let recorder = EventRecorder()
        let server = try Self.server(recorder, level: .info)
        defer { server.stop() }
        let player = try TestPlayer(server)
        try player.send(#"{"type":"create","bot":"random"}"#)
        let code = try #require(try player.expect("created").seatTicket?.code)
        try player.send(#"{"type":"ping"}"#)
        try player.expect("pong")
        server.embedded.journalSync.holdsSyncs = true
        try player.sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        #expect(try player.connection.receiveLine() == nil)
        server.embedded.journalSync.completeSyncs(failing: .io(SocketError("fsync", subject: code, code: EIO)))
        try player.expectError("storageFailed")
        #expect(recorder.all.contains { $0.hasPrefix("error: match \(code) suspended: journal failed") })
        #expect(recorder.all.contains { $0.hasPrefix("info: match \(code) created") })
        #expect(!recorder.all.contains { $0.hasPrefix("debug:") })
    }
}
