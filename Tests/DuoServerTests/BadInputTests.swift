import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// Every bad input of the issue gets an error with a stable code, the
/// connection goes on, and nothing in the match changes.
@Suite struct BadInputTests {
    /// What must not change: the journal, the move count, the legal moves.
    private struct Snapshot: Equatable {
        let journalLines: Int
        let legal: SeatPair<[JSONValue]>
    }

    private func snapshot(_ server: TestServer, _ pair: SeatedPair) throws -> Snapshot {
        Snapshot(
            journalLines: try server.journalLineCount(pair.code),
            legal: SeatPair(try pair.players.first.legalMoves(), try pair.players.second.legalMoves()))
    }

    /// A match in its battle phase, seat `pair.seatToMove` to fire.
    private func battle(_ server: TestServer) throws -> SeatedPair {
        var pair = try SeatedPair.start(server)
        while pair.views.first.toMove == .both || pair.views.first.toMove.seats.count == 1 && pair.views.first.moves < 10 {
            guard let seat = pair.seatToMove else { break }
            try pair.playOne(seat)
        }
        return pair
    }

    @Test func malformedLinesAreAnsweredAndTheMatchGoesOn() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try battle(server)
        let before = try snapshot(server, pair)
        let player = pair.players.first
        let cases: [(String, String)] = [
            ("{\"type\":\"move\",", "badJSON"),
            ("not json at all", "badJSON"),
            ("[\"move\"]", "notAnObject"),
            ("{\"move\":{\"fire\":\"A1\"}}", "missingField"),
            ("{\"type\":\"teleport\"}", "unknownType"),
            ("{\"type\":\"move\"}", "missingField"),
            ("{\"type\":\"join\",\"code\":42}", "wrongFieldType"),
            ("{\"type\":\"hello\",\"version\":1}", "alreadyGreeted"),
            ("{\"type\":\"move\",\"move\":\"fire at will\"}", "badMove"),
            ("{\"type\":\"move\",\"move\":{\"fire\":\"7B\"}}", "badMove"),
            ("{\"type\":\"move\",\"move\":{\"fire\":\"A1\",\"place\":{}}}", "badMove"),
            // Integers are strict in messages and in moves alike.
            ("{\"type\":\"resume\",\"code\":\"X\",\"seat\":1.0,\"token\":\"t\"}", "wrongFieldType"),
            ("{\"type\":\"move\",\"move\":{\"place\":{\"ship\":1.0,\"at\":\"A1\",\"heading\":\"across\"}}}", "badMove"),
            ("{\"type\":\"move\",\"move\":{\"place\":{\"ship\":1e0,\"at\":\"A1\",\"heading\":\"across\"}}}", "badMove"),
            // A cell name that no board has is off this board, as K1 is (below): the same code.
            ("{\"type\":\"move\",\"move\":{\"fire\":\"A0\"}}", "cellOffBoard"),
            ("{\"type\":\"move\",\"move\":{\"fire\":\"Z99\"}}", "cellOffBoard"),
        ]
        for (line, code) in cases {
            try player.send(line)
            try player.expectError(code)
        }
        // A line over 64 KiB: refused, skipped, and the connection still works.
        try player.connection.sendRaw(Array(#"{"type":"move","move":""#.utf8) + [UInt8](repeating: 0x41, count: 70_000) + Array("\"}\n".utf8))
        try player.expectError("lineTooLong")
        #expect(try snapshot(server, pair) == before)
        // And the match plays on.
        try pair.playOne(try #require(pair.seatToMove, "a seat is to move in the battle"))
        #expect(try server.journalLineCount(pair.code) == before.journalLines + 1)
    }

    @Test func invalidMovesAndMovesOutOfTurnChangeNothing() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try battle(server)
        let shooter = try #require(pair.seatToMove, "a seat is to move in the battle")
        let waiting = pair.players[shooter.opponent]
        let firing = pair.players[shooter]
        let fired = try pair.playOne(shooter)
        let before = try snapshot(server, pair)
        // Out of turn: the seat that just fired.
        try firing.sendMove(#"{"fire":"J10"}"#)
        try firing.expectError("notYourTurn")
        // The game's own refusals, with the game's codes.
        try waiting.sendMove(#"{"fire":"K1"}"#)
        try waiting.expectError("cellOffBoard")
        try waiting.sendMove(#"{"place":{"ship":0,"at":"A1","heading":"across"}}"#)
        try waiting.expectError("placementOver")
        // Firing back at a cell it already fired at, once it is its turn again.
        try pair.playOne(shooter.opponent)
        try firing.sendMove(fired.text)
        try firing.expectError("cellAlreadyFired")
        #expect(try server.journalLineCount(pair.code) == before.journalLines + 1)
    }

    @Test func helloMustComeFirstWithASupportedVersion() throws {
        let server = try TestServer()
        defer { server.stop() }
        let silent = try TestPlayer(server, hello: false)
        try silent.send(#"{"type":"create"}"#)
        try silent.expectError("helloFirst")
        try silent.send(#"{"type":"hello","version":1}"#)
        try silent.expect("welcome")

        let future = try TestPlayer(server, hello: false)
        try future.send(#"{"type":"hello","version":99}"#)
        let error = try future.expectError("unsupportedVersion")
        #expect(error.message.contains("1"))
        #expect(throws: LineSocketError.closed) { try future.connection.receiveLine() }
    }

    @Test func wrongOrAnotherSeatsTokenIsRefused() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        let intruder = try TestPlayer(server)
        // A made-up token.
        try intruder.send(#"{"type":"resume","code":"\#(pair.code)","seat":0,"token":"00000000000000000000000000000000"}"#)
        try intruder.expectError("wrongToken")
        // Seat 1's real token presented for seat 0.
        try intruder.send(#"{"type":"resume","code":"\#(pair.code)","seat":0,"token":"\#(pair.tickets.second.token)"}"#)
        try intruder.expectError("wrongToken")
        // The right token for another match's code.
        try intruder.send(#"{"type":"resume","code":"ZZZZZZ","seat":0,"token":"\#(pair.tickets.first.token)"}"#)
        try intruder.expectError("unknownMatch")
        // The rightful players were not disturbed.
        try pair.players.first.send(#"{"type":"ping"}"#)
        #expect(try pair.players.first.receive() == .pong)
    }

    @Test func joiningAndCreatingWrongIsRefused() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        let third = try TestPlayer(server)
        try third.send(#"{"type":"join","code":"\#(pair.code)"}"#)
        try third.expectError("matchFull")
        try third.send(#"{"type":"join","code":"NOPE23"}"#)
        try third.expectError("unknownMatch")
        try third.send(#"{"type":"create","game":"chess"}"#)
        try third.expectError("unknownGame")
        try third.send(#"{"type":"create","variant":"blitz"}"#)
        try third.expectError("unknownVariant")
        try third.send(#"{"type":"create","bot":"cheater"}"#)
        try third.expectError("unknownBot")
        try third.send(#"{"type":"move","move":{"fire":"A1"}}"#)
        try third.expectError("notInMatch")
        try third.send(#"{"type":"legal"}"#)
        try third.expectError("notInMatch")
        // None of this made a match.
        #expect(server.counts().matches == 1)
    }

    @Test func connectionsPerAddressAreCapped() throws {
        let server = try TestServer(limits: ConnectionLimits(maxConnectionsPerAddress: 2))
        defer { server.stop() }
        let local = try SocketAddress(host: "127.0.0.9", port: 0)
        let first = try TestPlayer(server, from: local)
        let second = try TestPlayer(server, from: local)
        let third = try TestPlayer(server, hello: false, from: local)
        try third.expectError("tooManyConnections")
        withExtendedLifetime(second) {}
        try first.send(#"{"type":"ping"}"#)
        #expect(try first.receive() == .pong)
    }
}
