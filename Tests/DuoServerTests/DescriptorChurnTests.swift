import DuoNet
import DuoServerKit
import Foundation
import Testing
import TabletopEngine

/// The descriptor churn check: ten thousand matches ended every way a match can
/// end, and afterwards the server holds no journal descriptor, no match and
/// no connection. It is about journals, so it runs on the embedded loop
/// (connections in memory); the data directory is on tmpfs when the machine
/// has one, so the test measures descriptors, not the disk.
@Suite struct DescriptorChurnTests {
    /// Runs `body` for each of `count` groups of clients, one group after
    /// the other (the embedded server serves them all on this thread); returns what failed.
    private func inGroups(_ count: Int, _ body: (Int) throws -> Void) -> [String] {
        var failures: [String] = []
        for index in 0..<count {
            do { try body(index) } catch { failures.append("group \(index): \(error)") }
        }
        return failures
    }

    /// A loopback alias of its own, so the caps per address do not mix the groups.
    private static func alias(_ third: Int, _ fourth: Int) -> SocketAddress {
        // Port 0: the system picks the local port.
        try! SocketAddress(host: "127.0.\(third).\(fourth)", port: 0)
    }

    @Test func tenThousandMatchesEndedEveryWayLeaveNoDescriptorBehind() throws {
        let server = try TestServer(turnTimeout: .seconds(30), idleTimeout: .seconds(600), inMemory: true) { configuration in
            configuration.waitingTimeout = .seconds(60)
            configuration.maxWaitingPerAddress = 4
        }
        defer { server.stop() }
        #expect(server.descriptorsOnDataDirectory().isEmpty)
        var ended = 0

        // 1. Resignation, one connection repeating hello, create, resign
        // (the reported leak), on four connections at once: 6,000.
        let resigners = 4, resignations = 1_500
        var failures = inGroups(resigners) { group in
            let player = try TestPlayer(server, from: Self.alias(2, group + 1), recordsTraffic: false)
            for _ in 0..<resignations {
                try player.send(#"{"type":"create"}"#)
                try player.expect("created")
                try player.send(#"{"type":"resign"}"#)
                try player.expect("ended")
            }
        }
        #expect(failures.isEmpty, "\(failures) \(server.logLines.all.filter { $0.contains("suspended") || $0.contains("fail") || $0.contains("journal") }.prefix(10))")
        ended += resigners * resignations

        // 2. A client that closes as soon as `ended` arrives: 2,000, each on a new connection.
        let closers = 2, closes = 1_000
        failures = inGroups(closers) { group in
            for _ in 0..<closes {
                let player = try TestPlayer(server, from: Self.alias(3, group + 1), recordsTraffic: false)
                try player.send(#"{"type":"create"}"#)
                try player.expect("created")
                try player.send(#"{"type":"resign"}"#)
                try player.expect("ended")
                player.connection.close()
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        ended += closers * closes
        #expect(server.counts().openJournals == 0)

        // 3. Created and dropped: nobody joins, the match expires. 1,000 in
        // ten rounds of 25 addresses x 4 (the cap). While they wait with
        // nobody connected, they hold no descriptor.
        for round in 0..<10 {
            failures = inGroups(5) { group in
                for slot in 0..<5 {
                    for _ in 0..<4 {
                        let player = try TestPlayer(server, from: Self.alias(10 + round, 1 + group * 5 + slot),
                                                    recordsTraffic: false)
                        try player.send(#"{"type":"create"}"#)
                        try player.expect("created")
                        player.connection.close()
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures)")
            let waiting = server.counts()
            #expect(waiting.waitingMatches == 100 && waiting.openJournals == 0, "\(waiting)")
            #expect(server.descriptorsOnDataDirectory().isEmpty)
            server.advance(by: .seconds(61))
            #expect(server.counts().liveMatches == 0)
        }
        ended += 1_000

        // 4. Both players gone: their turn timers end the match (500).
        // 5. Both players there but silent: the turn timeout forfeits (200).
        for (count, stay) in [(500, false), (200, true)] {
            var pairs: [SeatedPair] = []
            failures = inGroups(4) { group in
                for index in 0..<(count / 4) {
                    // Up to 50 pairs from one address: 100 connections would pass the per-address cap (32).
                    let pair = try SeatedPair.start(server, from: Self.alias(stay ? 6 : 4, 1 + group * 50 + index % 50))
                    if stay {
                        pairs.append(pair)
                    } else {
                        pair.players.first.connection.close()
                        pair.players.second.connection.close()
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures)")
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
            ended += count
        }

        // 6. Played to the end: 3.
        for _ in 0..<3 {
            var pair = try SeatedPair.start(server)
            #expect(try pair.playToTheEnd() != nil)
            pair.players.first.connection.close()
            pair.players.second.connection.close()
        }
        ended += 3

        // 7. A drain with 300 matches in play, then a restart: the resumed
        // matches hold no descriptor until someone writes to them; then the
        // idle timeout ends them all.
        let drained = 300
        failures = inGroups(4) { group in
            for _ in 0..<(drained / 4) {
                _ = try SeatedPair.start(server, from: Self.alias(5, group + 1))
            }
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(server.counts().liveMatches == drained)
        try server.drainAndRestart()
        #expect(server.descriptorsOnDataDirectory().isEmpty)
        let resumed = server.counts()
        #expect(resumed.liveMatches == drained && resumed.openJournals == 0, "\(resumed)")
        server.advance(by: .seconds(31))
        #expect(server.counts().liveMatches == 0)
        ended += drained
        // Finished matches nobody came back for are kept for the idle timeout
        // from when their replay is written, then forgotten.
        server.advance(by: .seconds(601))

#expect(ended >= 10_000)
        let final = server.counts()
        #expect(final.matches == 0 && final.liveMatches == 0 && final.waitingMatches == 0 && final.connections == 0 && final.openJournals == 0,
                "\(final)")
        #expect(server.descriptorsOnDataDirectory().isEmpty, "\(server.descriptorsOnDataDirectory())")
        let journals = try FileManager.default.contentsOfDirectory(atPath: server.journalsDirectory.path)
        #expect(journals.isEmpty, "every ended match is archived: \(journals.prefix(3))")
        let replays = try FileManager.default.contentsOfDirectory(atPath: server.replaysDirectory.path)
        #expect(replays.count == ended)
    }
}
