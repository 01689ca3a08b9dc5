import DuoClient
import DuoDesktop
import Noughts
import NoughtsDesktop
import TabletopEngine
import Testing

/// The one table on every surface the engine gives it: against a bot and
/// with two people on this device, on a server, and in a replay.
@Suite struct NoughtsTableTests {
    let game = try! Fixture.noughts()

    func local(bot: String?) throws -> LocalMatchGame<NoughtsTable> {
        try LocalMatchGame(game: AnyGame(game), bot: bot, seed: 1, thinkingSeconds: 0.5, demoBot: "smart", hidesSeats: false) { _ in
            NoughtsTable(game: game, server: LocalMatchHost.serverName)
        }
    }

    @Test func againstTheBotTheTableAsksAndTheBotAnswersAfterThinking() throws {
        let match = try local(bot: "smart")
        let mover = try #require(match.host.seatsToMove.seats.first)
        if mover == .second { match.advance(by: 0.6) }
        let free = try #require(match.shown.table.view.cells.firstIndex(of: -1))
        match.shown.update { $0.play(cell: free) }
        match.advance(by: 0)
        #expect(match.shown.table.view.cells.filter { $0 == 0 }.count == 1, "X is where the person played")
        let marks = match.shown.table.view.cells.filter { $0 >= 0 }.count
        match.advance(by: 0.2)
        #expect(match.shown.table.view.cells.filter { $0 >= 0 }.count == marks, "the bot thinks")
        match.advance(by: 0.4)
        #expect(match.shown.table.view.cells.filter { $0 >= 0 }.count == marks + 1, "then plays O")
        #expect(match.shown.table.seat == .first && match.shown.table.view.seat == .first)
    }

    @Test func twoPeopleTakeTurnsAtTheirOwnTables() throws {
        let match = try local(bot: nil)
        #expect(match.seats.count == 2 && !match.isPrivacyScreenUp)
        for _ in 0..<4 {
            let mover = try #require(match.host.seatsToMove.seats.first)
            #expect(match.holder == mover && match.shown.table.seat == mover)
            let free = try #require(match.shown.table.view.cells.firstIndex(of: -1))
            match.shown.update { $0.play(cell: free) }
            match.advance(by: 0)
        }
        #expect(match.seats.allSatisfy { $0.table.view.cells.filter { $0 >= 0 }.count == 4 })
    }

    @Test func onAServerAndInAReplayTheSameTableShowsTheViews() throws {
        // A host in this process stands in for the server: the table is driven by a NetworkGame, as online.
        let server = LocalMatchHost(game: AnyGame(game), seed: 2, thinkingSeconds: 0)
        let online = NetworkGame(
            transport: server.connect(), request: .create(variant: nil, bot: "random"),
            table: NoughtsTable(game: game, server: "example.org:7777"), tickets: nil)
        for _ in 0..<20 where online.table.result == nil {
            online.advance(by: 0.1)
            let free = try #require(online.table.view.cells.firstIndex(of: -1))
            online.update { $0.play(cell: free) }
        }
        online.advance(by: 0.1)
        #expect(online.table.result != nil && online.table.code == "1")
        let session = try #require(server.session)
        let steps = try ReplaySteps(replay: session.replay, game: AnyGame(game), viewer: nil)
        let replay = ReplayTransport(steps: steps, step: 2)
        let shown = NetworkGame(
            transport: replay, request: .watch(code: ReplayTransport.code), table: NoughtsTable(game: game, server: "replay"), tickets: nil)
        shown.advance(by: 0)
        #expect(shown.table.seat == nil && shown.table.view.cells.filter { $0 >= 0 }.count == 2, "the replay's second step")
    }
}
