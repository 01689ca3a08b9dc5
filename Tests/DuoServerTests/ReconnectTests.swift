import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

@Suite struct ReconnectTests {
    @Test func aDroppedPlayerResumesWithItsTokenAndPlaysOn() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        for _ in 0..<4 { try pair.playOne(.first) }
        let movesBefore = pair.views.first.moves
        pair.players.first.connection.close()
        #expect(try pair.players.second.expect("opponent") == .opponent(.disconnected))

        let back = try TestPlayer(server)
        try back.send(#"{"type":"resume","code":"\#(pair.code)","seat":0,"token":"\#(pair.tickets.first.token)"}"#)
        let seated = try #require(try back.expect("resumed").seated)
        #expect(seated.kind == "resumed" && seated.ticket == pair.tickets.first)
        let view = try back.nextView()
        #expect(view.moves == movesBefore && view.seat == .first)
        #expect(try pair.players.second.expect("opponent") == .opponent(.reconnected))

        // Plays on from where it was.
        pair = SeatedPair(
            players: SeatPair(back, pair.players.second), code: pair.code, tickets: pair.tickets,
            views: SeatPair(view, pair.views.second))
        try pair.playOne(.first)
        #expect(pair.views.first.moves == movesBefore + 1)
    }

    @Test func resumingFromASecondConnectionTakesTheSeatOver() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        // The old connection has not noticed it is gone (a dead Wi-Fi link, say).
        let second = try TestPlayer(server)
        try second.send(#"{"type":"resume","code":"\#(pair.code)","seat":1,"token":"\#(pair.tickets.second.token)"}"#)
        try second.expect("resumed")
        try pair.players.second.expectError("seatTakenOver")
        try pair.players.second.sendMove(#"{"fire":"A1"}"#)
        try pair.players.second.expectError("notInMatch")
    }

    @Test func aPlayerWhoDroppedBeforeTheEndCanResumeToSeeTheResult() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        pair.players.first.connection.close()
        try pair.players.second.expect("opponent")
        try pair.players.second.send(#"{"type":"resign"}"#)
        try pair.players.second.expect("ended")
        pair.players.second.connection.close()
        let back = try TestPlayer(server)
        try back.send(#"{"type":"resume","code":"\#(pair.code)","seat":0,"token":"\#(pair.tickets.first.token)"}"#)
        try back.expect("resumed")
        let result = try #require(try back.expect("ended").ended).result
        #expect(result.winner == .first && result.forfeitedBy == .second)
        // The seat's moves are over for good.
        try back.sendMove(#"{"fire":"A1"}"#)
        try back.expectError("matchOver")
    }

    @Test func theClientAPIReconnectsWithItsTicket() throws {
        let server = try TestServer(sockets: true)
        defer { server.stop() }
        let client = MatchClient(address: server.address, clientName: "api-test")
        try client.connect()
        #expect(client.next { if case .welcome(let version, _, _) = $0 { version } else { nil } } == 1)
        try client.create(bot: "random")
        let ticket = client.next { if case .seated(_, let ticket, _, _, _, _) = $0 { ticket } else { nil } }
        #expect(ticket != nil && client.ticket == ticket)
        let first = client.next { if case .view(let update) = $0 { update } else { nil } }
        #expect(first?.toMove.contains(ticket!.seat) == true)

        client.disconnect()
        try client.reconnect()
        #expect(client.next { if case .seated(let kind, _, _, _, _, _) = $0 { kind } else { nil } } == "resumed")
        let again = client.next { if case .view(let update) = $0 { update } else { nil } }
        #expect(again?.moves == first?.moves)
        try client.requestLegalMoves()
        let legal = client.next { if case .legal(let moves) = $0 { moves } else { nil } }
        #expect(legal?.isEmpty == false)
        try client.send(move: legal![0])
        #expect(client.next { if case .accepted(let number) = $0 { number } else { nil } } == (first?.moves ?? 0) + 1)
    }
}
