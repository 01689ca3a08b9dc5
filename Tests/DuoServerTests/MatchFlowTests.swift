import Broadside
import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

@Suite struct MatchFlowTests {
    @Test func twoClientsPlayAFullMatchThatEndsAsAVerifiedReplay() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        #expect(pair.views.first.toMove == .both)
        guard let result = try pair.playToTheEnd() else {
            Issue.record("no result")
            return
        }
        #expect(result.reason == "fleetSunk")
        #expect(pair.views.first.toMove == .none)
        // Archived once `ended` was out: the journal is gone, the replay verifies and has every move.
        let replayURL = server.replaysDirectory.appendingPathComponent(pair.code + ".jsonl")
        #expect(FileManager.default.fileExists(atPath: replayURL.path))
        #expect(!FileManager.default.fileExists(atPath: server.journalsDirectory.appendingPathComponent(pair.code + ".jsonl").path))
        let game = try TestServer.catalog.entry(named: "broadside").load(assets: TestServer.assets)
        let summary = try game.verifyReplay(Data(contentsOf: replayURL))
        #expect(summary.moveCount == pair.views.first.moves)
        #expect(summary.result == result)
    }

    @Test func aBotFillsTheOtherSeatAndPlaysItsMoves() throws {
        let server = try TestServer()
        defer { server.stop() }
        let player = try TestPlayer(server)
        try player.send(#"{"type":"create","bot":"hunt","seat":1}"#)
        let seated = try #require(try player.expect("created").seated)
        #expect(seated.ticket.seat == .second && seated.game == "broadside" && seated.variant == "classic" && seated.opponent == "bot:hunt")
        var view = try player.nextView()
        // The bot placed its whole fleet at once.
        let seatView = try view.decode(BroadsideSeatView.self)
        #expect(seatView.opponentReady)
        var moves = 0
        while !view.toMove.isEmpty && moves < 400 {
            let legal = try player.legalMoves()
            try player.sendMove(legal[0].text)
            try player.expect("accepted")
            view = try player.nextView()
            moves += 1
        }
        let result = try #require(try player.expect("ended").ended).result
        #expect(result.reason == "fleetSunk")
    }

    @Test func spectatorsSeeThePublicViewAndCannotMove() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        let spectator = try TestPlayer(server)
        try spectator.send(#"{"type":"watch","code":"\#(pair.code.lowercased())"}"#)
        try spectator.expect("watching")
        let first = try spectator.nextView()
        #expect(first.seat == nil)
        _ = try first.decode(BroadsidePublicView.self)
        try spectator.sendMove(#"{"fire":"A1"}"#)
        try spectator.expectError("notInMatch")
        try pair.playOne(.first)
        let next = try spectator.nextView()
        #expect(next.moves == first.moves + 1)
    }

    @Test func resigningEndsTheMatchForBothSeats() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        try pair.players.second.send(#"{"type":"resign"}"#)
        let result = try #require(try pair.players.first.expect("ended").ended).result
        #expect(result.winner == .first && result.forfeitedBy == .second && result.reason == "forfeit")
        try pair.players.second.expect("ended")
        try pair.players.second.send(#"{"type":"resign"}"#)
        try pair.players.second.expectError("matchOver")
    }

    @Test func aFinishedPlayerMayStartAnotherMatchOnTheSameConnection() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        try pair.players.first.send(#"{"type":"create"}"#)
        try pair.players.first.expectError("alreadyInMatch")
        try pair.players.first.send(#"{"type":"resign"}"#)
        try pair.players.first.expect("ended")
        try pair.players.first.send(#"{"type":"create","variant":"salvo"}"#)
        let seated = try #require(try pair.players.first.expect("created").seated)
        #expect(seated.variant == "salvo" && seated.ticket.code != pair.code)
    }

    @Test func aHintIsALegalMoveAndPlaysNothingByItself() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        let lines = try server.journalLineCount(pair.code)
        try pair.players.first.send(#"{"type":"hint"}"#)
        guard case .hint(let suggested?) = try pair.players.first.expect("hint") else {
            Issue.record("no hint")
            return
        }
        #expect(try pair.players.first.legalMoves().contains(suggested))
        #expect(try server.journalLineCount(pair.code) == lines)
        try pair.play(suggested, by: .first)
        #expect(pair.views.first.moves == 1)
    }

    @Test func aRequestRightAfterTheLastMoveNeverLosesTheResult() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        // Both lines in one write: the create is read before the resignation is durable.
        try pair.players.first.connection.sendRaw(Array("{\"type\":\"resign\"}\n{\"type\":\"create\"}\n".utf8))
        try pair.players.first.expect("ended")
        try pair.players.first.expectError("alreadyInMatch")
        // Once the result is in, the same request works.
        try pair.players.first.send(#"{"type":"create"}"#)
        try pair.players.first.expect("created")
    }

    @Test func pingGetsPong() throws {
        let server = try TestServer()
        defer { server.stop() }
        let player = try TestPlayer(server)
        try player.send(#"{"type":"ping"}"#)
        #expect(try player.receive() == .pong)
    }
}
