import DuoClient
import DuoDesktop
import DuoPlatform
import Noughts
import NoughtsDesktop
import TabletopEngine
import Testing

/// The one table on every surface the engine gives it: against a bot and
/// with two people on this device, on a server, and in a replay; and the
/// engine's notices, which the table has no code for.
@Suite struct NoughtsTableTests {
    let game = try! Fixture.noughts()

    func local(bot: String?) throws -> LocalMatchGame<NoughtsTable> {
        try LocalMatchGame(game: AnyGame(game), bot: bot, seed: 1, thinkingSeconds: 0.5, demoBot: "smart", hidesSeats: false) { _ in
            NoughtsTable(game: game)
        }
    }

    /// Asks for the first empty cell at a seat's table.
    func playFirstFree(_ seat: NetworkGame<NoughtsTable>) throws {
        let free = try #require(seat.table.view.cells.firstIndex(of: -1))
        seat.ask { table, session in table.play(cell: free, session: session) }
    }

    @Test func againstTheBotTheTableAsksAndTheBotAnswersAfterThinking() throws {
        let match = try local(bot: "smart")
        let mover = try #require(match.host.seatsToMove.seats.first)
        if mover == .second { match.advance(by: 0.6) }
        try playFirstFree(match.shown)
        match.advance(by: 0)
        #expect(match.shown.table.view.cells.filter { $0 == 0 }.count == 1, "X is where the person played")
        let marks = match.shown.table.view.cells.filter { $0 >= 0 }.count
        match.advance(by: 0.2)
        #expect(match.shown.table.view.cells.filter { $0 >= 0 }.count == marks, "the bot thinks")
        match.advance(by: 0.4)
        #expect(match.shown.table.view.cells.filter { $0 >= 0 }.count == marks + 1, "then plays O")
        #expect(match.shown.session.seat == .first && match.shown.table.view.seat == .first)
    }

    @Test func twoPeopleTakeTurnsAtTheirOwnTables() throws {
        let match = try local(bot: nil)
        #expect(match.seats.count == 2 && !match.isPrivacyScreenUp)
        for _ in 0..<4 {
            let mover = try #require(match.host.seatsToMove.seats.first)
            #expect(match.holder == mover && match.shown.session.seat == mover)
            try playFirstFree(match.shown)
            match.advance(by: 0)
        }
        #expect(match.seats.allSatisfy { $0.table.view.cells.filter { $0 >= 0 }.count == 4 })
    }

    @Test func onAServerAndInAReplayTheSameTableShowsTheViews() throws {
        // A host in this process stands in for the server: the table is driven by a NetworkGame, as online.
        let server = LocalMatchHost(game: AnyGame(game), seed: 2, thinkingSeconds: 0)
        let online = NetworkGame(
            transport: server.connect(), server: "example.org:7777", request: .create(variant: nil, bot: "random"),
            table: NoughtsTable(game: game), tickets: nil)
        for _ in 0..<20 where online.session.result == nil {
            online.advance(by: 0.1)
            try playFirstFree(online)
        }
        online.advance(by: 0.1)
        #expect(online.session.result != nil && online.session.code == "1")
        let session = try #require(server.session)
        let steps = try ReplaySteps(replay: session.replay, game: AnyGame(game), viewer: nil)
        let replay = ReplayTransport(steps: steps, step: 2)
        let shown = NetworkGame(
            transport: replay, server: "replay", request: .watch(code: ReplayTransport.code), table: NoughtsTable(game: game), tickets: nil)
        shown.advance(by: 0)
        #expect(shown.session.isSpectator && shown.table.view.cells.filter { $0 >= 0 }.count == 2, "the replay's second step")
    }

    @Test func whileWaitingTheWindowShowsTheMatchCodeBig() throws {
        // A match created with no bot waits for an opponent: the engine's notice shows its code, in the news box.
        let server = LocalMatchHost(game: AnyGame(game), seed: 2)
        let waiting = NetworkGame(
            transport: server.connect(), server: "192.168.1.20:7447", request: .create(variant: nil, bot: nil),
            table: NoughtsTable(game: game), tickets: nil)
        waiting.advance(by: 0)
        #expect(waiting.session.notice?.headline == "1")
        let profile = try DeviceProfile.named("duo", locator: AssetLocator(directory: Fixture.assets))
        let window = DesktopSession(state: DeviceState(profile: profile, posture: .tabletop), profiles: [profile], game: waiting)
        let news = try #require(window.hudLayout.frame(of: DesktopElementID.news))
        let picture = try Screenshot.scene(of: window)
        // The code's yellow, in type big enough to read across a table: many pixels of it, in a run taller than 20 points.
        var yellow = 0
        var rows = Set<Int>()
        for y in Int(news.minY)..<Int(news.maxY) {
            for x in Int(news.minX)..<Int(news.maxX) where picture.pixel(x: x, y: y).isClose(to: Palette.noticeHeadline, tolerance: 30) {
                yellow += 1
                rows.insert(y)
            }
        }
        #expect(yellow > 150 && rows.count > 20, "\(yellow) pixels of the code's colour over \(rows.count) rows")
    }
}
