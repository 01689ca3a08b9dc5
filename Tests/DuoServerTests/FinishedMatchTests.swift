import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// A finished match stays answerable after a restart for the retention
/// period: `resume` and `watch` answer `ended` with the result, read back
/// from the match's replay.
@Suite struct FinishedMatchTests {
    /// Starts a match, resigns it from seat 0, and returns the pair and the result both seats were told.
    private func resignedMatch(_ server: TestServer) throws -> (SeatedPair, MatchResult) {
        let pair = try SeatedPair.start(server)
        try pair.players.first.send(#"{"type":"resign"}"#)
        guard case .ended(_, let result) = try pair.players.first.expect("ended"),
            case .ended(_, let seen) = try pair.players.second.expect("ended")
        else {
            throw ProtocolError(code: "test", message: "no ended")
        }
        #expect(result == seen && result.forfeitedBy == .first)
        return (pair, result)
    }

    @Test(arguments: [false, true])
    func resumeAndWatchOfAFinishedMatchAfterARestartAnswerEndedWithTheResult(crash: Bool) throws {
        let server = try TestServer()
        defer { server.stop() }
        let (pair, result) = try resignedMatch(server)
        // Kill right after the result went out (or drain): the replay is what is left.
        if crash { try server.crashAndRestart() } else { try server.drainAndRestart() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.journalsDirectory.path).isEmpty)

        let player = try TestPlayer(server)
        let ticket = pair.tickets.second
        try player.send(#"{"type":"resume","code":"\#(ticket.code)","seat":\#(ticket.seat.index),"token":"\#(ticket.token)"}"#)
        guard case .ended(let code, let resumed) = try player.receive() else {
            Issue.record("resume of a finished match did not answer ended")
            return
        }
        #expect(code == pair.code && resumed == result)

        // The same connection may then watch it: watching, the final public view, ended.
        try player.send(#"{"type":"watch","code":"\#(pair.code)"}"#)
        guard case .watching = try player.receive() else {
            Issue.record("watch of a finished match did not answer watching")
            return
        }
        let view = try player.nextView()
        #expect(view.seat == nil && view.toMove == .none)
        guard case .ended(_, let watched) = try player.receive() else {
            Issue.record("watch of a finished match did not end with ended")
            return
        }
        #expect(watched == result)
        // And it is still in the lobby: it can start another match.
        try player.send(#"{"type":"create"}"#)
        try player.expect("created")
    }

    @Test func aFinishedMatchPastItsRetentionIsUnknown() throws {
        let server = try TestServer { configuration in configuration.finishedRetention = .zero }
        defer { server.stop() }
        let (pair, _) = try resignedMatch(server)
        try server.crashAndRestart()
        usleep(10_000)
        let player = try TestPlayer(server)
        try player.send(#"{"type":"watch","code":"\#(pair.code)"}"#)
        try player.expectError("unknownMatch")
    }

    @Test func aMalformedCodeNeverReachesTheReplayDirectory() throws {
        let server = try TestServer()
        defer { server.stop() }
        let player = try TestPlayer(server)
        try player.send(#"{"type":"watch","code":"../replays/X"}"#)
        try player.expectError("unknownMatch")
    }
}
