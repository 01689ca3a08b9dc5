import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// Matches waiting for an opponent are bounded per address and in all, and
/// expire; one address flooding `create` cannot keep others from playing.
@Suite struct WaitingCapTests {
    private static func alias(_ fourth: Int) -> SocketAddress {
        try! SocketAddress(host: "127.0.7.\(fourth)", port: 0)
    }

    @Test func aCreateAndDropFloodFromOneAddressIsRefusedPastItsCapWhileOthersPlay() throws {
        let server = try TestServer(turnTimeout: nil, idleTimeout: .seconds(600), inMemory: true) { configuration in
            configuration.maxWaitingPerAddress = 4
            configuration.waitingTimeout = .seconds(60)
        }
        defer { server.stop() }
        var created = 0
        var refused = 0
        for _ in 0..<300 {
            let flooder = try TestPlayer(server, from: Self.alias(1), recordsTraffic: false)
            try flooder.send(#"{"type":"create"}"#)
            switch try flooder.receive() {
            case .seated(let kind, _, _, _, _, _) where kind == "created": created += 1
            case .error(let error) where error.code == "tooManyWaiting": refused += 1
            case let other: Issue.record("unexpected answer \(other)")
            }
            flooder.connection.close()
        }
        #expect(created == 4 && refused == 296)
        // The abandoned matches hold no descriptor once their creators are gone.
        let afterFlood = server.counts()
        #expect(afterFlood.waitingMatches == 4 && afterFlood.openJournals == 0, "\(afterFlood)")
        #expect(server.descriptorsOnDataDirectory().isEmpty)

        // Another address still creates, is joined and plays.
        var pair = try SeatedPair.start(server, from: Self.alias(2))
        let seat = try #require(pair.seatToMove)
        try pair.playOne(seat)
        #expect(server.descriptorsOnDataDirectory().count == 1, "only the match in play holds its journal")

        // Once the waiting matches expire, the flooding address may create again.
        server.advance(by: .seconds(61))
        #expect(server.counts().waitingMatches == 0)
        let again = try TestPlayer(server, from: Self.alias(1))
        try again.send(#"{"type":"create"}"#)
        try again.expect("created")
        #expect(server.logLines.all.contains { $0.contains("nobody joined within") })
    }

    @Test func theServerWideCapOnWaitingMatchesHolds() throws {
        let server = try TestServer(inMemory: true) { configuration in
            configuration.maxWaitingPerAddress = 4
            configuration.maxWaitingMatches = 10
        }
        defer { server.stop() }
        var answers: [String] = []
        var players: [TestPlayer] = []
        for address in 3...5 {
            for _ in 0..<4 {
                let player = try TestPlayer(server, from: Self.alias(address))
                try player.send(#"{"type":"create"}"#)
                switch try player.receive() {
                case .seated(let kind, _, _, _, _, _): answers.append(kind)
                case .error(let error): answers.append(error.code)
                default: answers.append("?")
                }
                players.append(player)
            }
        }
        #expect(answers.filter { $0 == "created" }.count == 10)
        #expect(answers.suffix(2) == ["tooManyWaiting", "tooManyWaiting"])
        // A match against a bot waits for nobody: it is not capped by this.
        let botMatch = try TestPlayer(server, from: Self.alias(5))
        try botMatch.send(#"{"type":"create","bot":"hunt"}"#)
        try botMatch.expect("created")
    }
}
