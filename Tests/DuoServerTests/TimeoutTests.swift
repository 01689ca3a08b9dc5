import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// Timeouts run on the server's manual clock: the tests move it by hand.
@Suite struct TimeoutTests {
    @Test func aSeatThatDoesNotMoveInTimeForfeits() throws {
        let server = try TestServer(turnTimeout: .seconds(30), idleTimeout: nil)
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        while pair.views.first.toMove == .both || pair.views.first.moves < 10 {
            guard let seat = pair.seatToMove else { break }
            try pair.playOne(seat)
        }
        let late = try #require(pair.seatToMove, "ten moves in, a seat is to move")
        server.advance(by: .seconds(29))
        // A round trip shows the server has looked at its timers: still on.
        try pair.players[late].send(#"{"type":"ping"}"#)
        #expect(try pair.players[late].receive() == .pong)
        server.advance(by: .seconds(2))
        let result = try #require(try pair.players[late.opponent].expect("ended").ended).result
        #expect(result.forfeitedBy == late && result.winner == late.opponent)
        try pair.players[late].expect("ended")
    }

    @Test func aMoveRestartsTheTurnTimer() throws {
        let server = try TestServer(turnTimeout: .seconds(30), idleTimeout: nil)
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        // Placement: both seats are timed; each move of a seat restarts its own timer.
        server.advance(by: .seconds(20))
        try pair.playOne(.first)
        server.advance(by: .seconds(20))
        // Seat 1 never moved in 40 s: it forfeits; seat 0 moved 20 s ago: it does not.
        let result = try #require(try pair.players.first.expect("ended").ended).result
        #expect(result.forfeitedBy == .second)
    }

    @Test func aMatchNobodyJoinsEndsAfterTheIdleTimeout() throws {
        let server = try TestServer(turnTimeout: .seconds(30), idleTimeout: .seconds(300))
        defer { server.stop() }
        let creator = try TestPlayer(server)
        try creator.send(#"{"type":"create","seat":1}"#)
        let ticket = try #require(try creator.expect("created").seatTicket)
        _ = try creator.nextView()
        // No opponent: the turn timer does not run.
        server.advance(by: .seconds(299))
        try creator.send(#"{"type":"ping"}"#)
        #expect(try creator.receive() == .pong)
        server.advance(by: .seconds(2))
        let (code, result) = try #require(try creator.expect("ended").ended)
        #expect(code == ticket.code && result.forfeitedBy == .first && result.winner == .second)
    }

    @Test func aSilentConnectionOutsideAMatchIsClosed() throws {
        let server = try TestServer(turnTimeout: nil, idleTimeout: .seconds(60))
        defer { server.stop() }
        let silent = try TestPlayer(server, hello: false)
        // One exchange, so the server has surely accepted the connection (and
        // started its idle timer) before the clock moves.
        try silent.send(#"{"type":"ping"}"#)
        try silent.expectError("helloFirst")
        server.advance(by: .seconds(61))
        try silent.expectError("idleTimeout")
        #expect(throws: LineSocketError.closed) { try silent.connection.receiveLine() }
    }
}
