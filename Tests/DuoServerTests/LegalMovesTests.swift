import Broadside
import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// `legal` never sends a line longer than the line cap: moves too many to
/// list are answered with `tooManyMoves` and their description.
@Suite struct LegalMovesTests {
    /// The number of placements the first seat has at the start of classic Broadside.
    static func openingPlacementCount() throws -> Int {
        let url = TestServer.assets.appendingPathComponent("games/broadside/classic.json")
        let game = try Broadside(variant: "classic", rulesData: Data(contentsOf: url))
        return game.legalMoves(for: .first, in: game.makeInitialState(MatchSetup(seed: 1))).count
    }

    @Test func aListLongerThanTheLineCapIsAnsweredTooManyMovesAndTheConnectionGoesOn() throws {
        let cap = 8_192
        let server = try TestServer(limits: ConnectionLimits(maxLineBytes: cap))
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        let player = pair.players.first
        try player.send(#"{"type":"legal"}"#)
        let error = try player.expectError(ErrorCode.tooManyMoves.rawValue)
        #expect(error.inReplyTo == "legal")
        let space = try #require(error.moveSpace)
        #expect(space.count == (try Self.openingPlacementCount()))
        #expect(space.fields.isEmpty, "Broadside's placements are not a product of ranges")
        #expect(error.message.contains("too many moves to list"))
        try player.send(#"{"type":"ping"}"#)
        try player.expect("pong")
        #expect(player.receivedLines.allSatisfy { $0.utf8.count <= cap })
    }

    @Test func aListThatFitsIsSentWhole() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        let moves = try pair.players.first.legalMoves()
        #expect(moves.count == (try Self.openingPlacementCount()))
        #expect(pair.players.first.receivedLines.allSatisfy { $0.utf8.count <= server.limits.maxLineBytes })
    }

    @Test func matchClientReceivesTheDescribedMoves() throws {
        let server = try TestServer(limits: ConnectionLimits(maxLineBytes: 4_096), sockets: true)
        defer { server.stop() }
        let client = MatchClient(address: server.address, clientName: "test")
        try client.connect()
        try client.create(bot: "random")
        #expect(client.next { if case .view(let update) = $0 { update } else { nil } } != nil)
        try client.requestLegalMoves()
        let error = client.next { if case .error(let error) = $0 { error } else { nil } }
        #expect(error?.code == "tooManyMoves")
        #expect(error?.moveSpace?.count == (try Self.openingPlacementCount()))
        client.disconnect()
    }
}
