import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

/// The descriptor churn check: ten thousand matches ended every way a match
/// can end, and afterwards the server holds no journal descriptor, no match
/// and no connection, and every match is archived. It is about journals, so
/// it runs on the embedded loop (connections in memory), in parts that run
/// in parallel, each on a server of its own; the data directories are on
/// tmpfs when the machine has one, so the test measures descriptors, not
/// the disk.
@Suite struct DescriptorChurnTests {
    private func churnServer() throws -> TestServer {
        let server = try TestServer(turnTimeout: .seconds(30), idleTimeout: .seconds(600), inMemory: true) { configuration in
            configuration.waitingTimeout = .seconds(60)
            configuration.maxWaitingPerAddress = 4
        }
        #expect(server.descriptorsOnDataDirectory().isEmpty)
        return server
    }

    /// A loopback alias of its own, so the caps per address do not mix the groups.
    private static func alias(_ third: Int, _ fourth: Int) -> SocketAddress {
        // Port 0: the system picks the local port.
        try! SocketAddress(host: "127.0.\(third).\(fourth)", port: 0)
    }

    /// What every part ends with, once finished matches nobody came back for
    /// are forgotten (the idle timeout after their replay): nothing held,
    /// every ended match archived.
    private func expectNothingLeft(_ server: TestServer, ended: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        server.advance(by: .seconds(601))
        let final = server.counts()
        #expect(
            final.matches == 0 && final.liveMatches == 0 && final.waitingMatches == 0 && final.connections == 0 && final.openJournals == 0,
            "\(final)", sourceLocation: sourceLocation)
        #expect(server.descriptorsOnDataDirectory().isEmpty, "\(server.descriptorsOnDataDirectory())", sourceLocation: sourceLocation)
        let journals = try FileManager.default.contentsOfDirectory(atPath: server.journalsDirectory.path)
        #expect(journals.isEmpty, "every ended match is archived: \(journals.prefix(3))", sourceLocation: sourceLocation)
        let replays = try FileManager.default.contentsOfDirectory(atPath: server.replaysDirectory.path)
        #expect(replays.count == ended, sourceLocation: sourceLocation)
    }

    /// 1. Resignation, one connection repeating create, resign (the reported
    /// leak), on four connections: 4 x 1,500 = 6,000.
    @Test(arguments: 0..<4) func oneConnectionCreatesAndResignsOverAndOver(group: Int) throws {
        let server = try churnServer()
        defer { server.stop() }
        let resignations = 1_500
        let player = try TestPlayer(server, from: Self.alias(2, group + 1), recordsTraffic: false)
        for _ in 0..<resignations {
            try player.send(#"{"type":"create"}"#)
            try player.expect("created")
            try player.send(#"{"type":"resign"}"#)
            try player.expect("ended")
        }
        #expect(
            !server.logLines.all.contains { $0.contains("suspended") || $0.contains("fail") },
            "\(server.logLines.all.filter { $0.contains("suspended") || $0.contains("fail") }.prefix(10))")
        player.connection.close()
        try expectNothingLeft(server, ended: resignations)
    }

    /// 2. A client that closes as soon as `ended` arrives, each on a new
    /// connection: 2 x 1,000 = 2,000.
    @Test(arguments: 0..<2) func clientsCloseAsSoonAsTheirMatchEnds(group: Int) throws {
        let server = try churnServer()
        defer { server.stop() }
        let closes = 1_000
        for _ in 0..<closes {
            let player = try TestPlayer(server, from: Self.alias(3, group + 1), recordsTraffic: false)
            try player.send(#"{"type":"create"}"#)
            try player.expect("created")
            try player.send(#"{"type":"resign"}"#)
            try player.expect("ended")
            player.connection.close()
        }
        #expect(server.counts().openJournals == 0)
        try expectNothingLeft(server, ended: closes)
    }

    /// 3. Created and dropped: nobody joins, the match expires. 1,000 in
    /// ten rounds of 25 addresses x 4 (the cap). While they wait with
    /// nobody connected, they hold no descriptor.
    @Test func matchesNobodyJoinsExpireHoldingNoDescriptor() throws {
        let server = try churnServer()
        defer { server.stop() }
        for round in 0..<10 {
            for address in 0..<25 {
                for _ in 0..<4 {
                    let player = try TestPlayer(server, from: Self.alias(10 + round, 1 + address), recordsTraffic: false)
                    try player.send(#"{"type":"create"}"#)
                    try player.expect("created")
                    player.connection.close()
                }
            }
            let waiting = server.counts()
            #expect(waiting.waitingMatches == 100 && waiting.openJournals == 0, "\(waiting)")
            #expect(server.descriptorsOnDataDirectory().isEmpty)
            server.advance(by: .seconds(61))
            #expect(server.counts().liveMatches == 0)
        }
        try expectNothingLeft(server, ended: 1_000)
    }

    /// 4. Both players gone: their turn timers end the match (500).
    /// 5. Both players there but silent: the turn timeout forfeits (200).
    @Test(arguments: [(500, false), (200, true)]) func turnTimeoutsEndMatchesWhosePlayersLeftOrFellSilent(count: Int, stay: Bool) throws {
        let server = try churnServer()
        defer { server.stop() }
        var pairs: [SeatedPair] = []
        for index in 0..<count {
            // Spread over 200 addresses: the per-address cap (32) counts connections.
            let pair = try SeatedPair.start(server, from: Self.alias(stay ? 6 : 4, 1 + index % 200))
            if stay {
                pairs.append(pair)
            } else {
                pair.players.first.connection.close()
                pair.players.second.connection.close()
            }
        }
        let playing = server.counts()
        #expect(playing.liveMatches == count)
        // Descriptors follow connections: one journal per match with a
        // player connected, none for the matches whose players are gone.
        #expect(playing.openJournals <= (stay ? count : 0), "\(playing)")
        #expect(server.descriptorsOnDataDirectory().count == playing.openJournals)
        server.advance(by: .seconds(31))
        for pair in pairs {
            let result = try #require(try pair.players.first.expect("ended").ended).result
            #expect(result.forfeitedBy != nil)
            pair.players.first.connection.close()
            pair.players.second.connection.close()
        }
        #expect(server.counts().liveMatches == 0)
        try expectNothingLeft(server, ended: count)
    }

    /// 6. Played to the end: 3. 7. A drain with 300 matches in play, then a
    /// restart: the resumed matches hold no descriptor until someone writes
    /// to them; then the idle timeout ends them all.
    @Test func drainedMatchesHoldNoDescriptorAfterTheRestart() throws {
        let server = try churnServer()
        defer { server.stop() }
        for _ in 0..<3 {
            var pair = try SeatedPair.start(server)
            #expect(try pair.playToTheEnd() != nil)
            pair.players.first.connection.close()
            pair.players.second.connection.close()
        }
        // The players leave at once (dropping a connection closes it): the drain finds the matches without them.
        let drained = 300
        for index in 0..<drained {
            _ = try SeatedPair.start(server, from: Self.alias(5, 1 + index % 4))
        }
        #expect(server.counts().liveMatches == drained)
        try server.drainAndRestart()
        #expect(server.descriptorsOnDataDirectory().isEmpty)
        let resumed = server.counts()
        #expect(resumed.liveMatches == drained && resumed.openJournals == 0, "\(resumed)")
        server.advance(by: .seconds(31))
        #expect(server.counts().liveMatches == 0)
        try expectNothingLeft(server, ended: 3 + drained)
    }
}
