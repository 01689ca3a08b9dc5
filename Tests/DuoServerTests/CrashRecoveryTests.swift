import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine
import Testing

@Suite struct CrashRecoveryTests {
    /// Reconnects both players of `pair` to a restarted server with their tickets.
    private func resumeBoth(_ server: TestServer, _ pair: SeatedPair) throws -> SeatedPair {
        var players: [TestPlayer] = []
        var views: [ViewUpdate] = []
        for seat in Seat.allCases {
            let player = try TestPlayer(server)
            let ticket = pair.tickets[seat]
            try player.send(#"{"type":"resume","code":"\#(ticket.code)","seat":\#(seat.index),"token":"\#(ticket.token)"}"#)
            try player.expect("resumed")
            views.append(try player.nextView())
            players.append(player)
        }
        return SeatedPair(
            players: SeatPair(players[0], players[1]), code: pair.code, tickets: pair.tickets,
            views: SeatPair(views[0], views[1]))
    }

    @Test func aCrashedServerResumesEveryMatchWithTheSameTokensAndNoMoveLost() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        for _ in 0..<14 {
            guard let seat = pair.seatToMove else { break }
            try pair.playOne(seat)
        }
        let acknowledged = pair.views.first.moves
        let seatView = pair.views.first.view
        try server.crashAndRestart()
        #expect(server.logLines.all.contains { $0.contains("match \(pair.code): resumed after restart at move \(acknowledged)") })

        var resumed = try resumeBoth(server, pair)
        #expect(resumed.views.first.moves == acknowledged)
        #expect(resumed.views.first.view == seatView)
        let result = try resumed.playToTheEnd()
        #expect(result?.reason == "fleetSunk")
        let replay = server.replaysDirectory.appendingPathComponent(pair.code + ".jsonl")
        let game = try TestServer.catalog.entry(named: "broadside").load(assets: TestServer.assets)
        #expect(try game.verifyReplay(Data(contentsOf: replay)).moveCount == resumed.views.first.moves)
    }

    @Test func aTornLastJournalLineIsDroppedWithALogLineAndTheMatchResumes() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        for _ in 0..<3 { try pair.playOne(.first) }
        server.abandon()
        // A write cut short by the crash: half a move line, no newline.
        let journal = server.journalsDirectory.appendingPathComponent(pair.code + ".jsonl")
        let handle = try FileHandle(forWritingTo: journal)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"type":"move","n":4,"seat":0,"mo"#.utf8))
        try handle.close()
        try server.crashAndRestart()
        #expect(server.logLines.all.contains { $0.contains("dropped a torn last line") })
        let resumed = try resumeBoth(server, pair)
        #expect(resumed.views.first.moves == 3)
    }

    @Test func aDamagedJournalIsLoggedAndSkippedWithoutStoppingTheServer() throws {
        let server = try TestServer()
        defer { server.stop() }
        let pair = try SeatedPair.start(server)
        server.abandon()
        try Data("{\"type\":\"journal\",\"version\":1,\"code\":\"BADBAD\"}\nnot json\n{}\n".utf8)
            .write(to: server.journalsDirectory.appendingPathComponent("BADBAD.jsonl"))
        try server.crashAndRestart()
        #expect(server.logLines.all.contains { $0.contains("BADBAD.jsonl: not resumed") })
        // The good match came back.
        let player = try TestPlayer(server)
        try player.send(#"{"type":"resume","code":"\#(pair.code)","seat":0,"token":"\#(pair.tickets.first.token)"}"#)
        try player.expect("resumed")
    }

    @Test func drainingFinishesJournalsTellsClientsAndKeepsMatchesForTheNextStart() throws {
        let server = try TestServer()
        defer { server.stop() }
        var pair = try SeatedPair.start(server)
        try pair.playOne(.second)
        let lobby = try TestPlayer(server)
        server.beginDrain()
        for player in [pair.players.first, pair.players.second, lobby] {
            try player.expectError("serverStopping")
            #expect(throws: LineSocketError.closed) { try player.connection.receiveLine() }
        }
        server.waitUntilStopped()
        #expect(server.logLines.all.contains { $0.contains("drained: 1 unfinished matches kept") })
        try server.crashAndRestart()
        let resumed = try resumeBoth(server, pair)
        #expect(resumed.views.second.moves == 1)
    }
}

@Suite struct DataDirectoryTests {
    @Test func twoServersCannotShareADataDirectory() throws {
        let server = try TestServer()
        defer { server.stop() }
        var configuration = ServerConfiguration(catalog: TestServer.catalog, assets: TestServer.assets)
        configuration.address = .loopback(port: 0)
        configuration.dataDirectory = server.directory
        configuration.log = .silent
        #expect(throws: DataDirectoryLockError.self) { try DuoServer(configuration: configuration) }
    }
}
