import DuoDesktop
import DuoPlatform
import DuoTestSupport
import MiniGolf
import MiniGolfDesktop
import TabletopEngine
import Testing

/// Mini golf on this device through the in-process host: the window's
/// table is the networked one, painted from views; the host's bot waits
/// for the ball to stop, two people take turns with no privacy screen
/// (golf hides nothing), and New game resigns the match under way.
@Suite("Mini golf through the in-process host")
struct LocalGolfTests {
    static func match(bot: String?, seed: UInt64 = 5) throws -> LocalMatchGame<MiniGolfNetworkTable> {
        let locator = AssetLocator(directory: PackageRoot.assets)
        let game = try GameLoader.game(MiniGolf.self, variant: "meadow", locator: locator)
        return try LocalMatchGame(game: AnyGame(game), bot: bot, seed: seed, thinkingSeconds: 0.6, demoBot: "aim", hidesSeats: false) { _ in
            MiniGolfNetworkTable(game: game, seed: seed)
        }
    }

    /// Strikes for the seat holding the device, and lets the host's answer in.
    static func strike(_ match: LocalMatchGame<MiniGolfNetworkTable>) {
        match.perform(.confirm)
        match.advance(by: 0)
    }

    @Test("The bot strokes only once the person's ball has stopped, and then after its thinking time")
    func theBotWaitsForTheBall() throws {
        let match = try Self.match(bot: "aim")
        #expect(match.shown.table.table.name(of: .second) == "The aim bot")
        // Play the person's strokes until the bot is to play.
        for _ in 0..<20 where match.host.seatsToMove != SeatSet(.second) {
            Self.strike(match)
            for _ in 0..<400 where match.shown.table.isShowingMove { match.advance(by: 0.05) }
        }
        let session = try #require(match.host.session)
        #expect(match.host.seatsToMove == SeatSet(.second))
        let before = session.moveCount
        // The first frame with every ball at rest starts the bot's thinking time.
        match.advance(by: 0)
        match.advance(by: 0.3)
        #expect(session.moveCount == before, "the bot thinks")
        match.advance(by: 0.4)
        #expect(session.moveCount == before + 1, "then strokes")
        match.advance(by: 0)
        #expect(match.shown.table.isShowingMove, "and the table rolls its ball")
        // While it rolls, the bot (if still to play) waits, however long the roll.
        if match.host.seatsToMove == SeatSet(.second) {
            match.advance(by: 0.7)
            #expect(session.moveCount == before + 1 || !match.shown.table.isShowingMove)
        }
    }

    @Test("Two people: the table of the seat to play shows, no privacy screen, each table fed its own seat")
    func twoPlayersTakeTurns() throws {
        let match = try Self.match(bot: nil)
        #expect(match.seats.count == 2 && !match.isPrivacyScreenUp)
        #expect(match.seats[0].session.seat == .first && match.seats[1].session.seat == .second)
        var holders: Set<Seat> = []
        for _ in 0..<6 {
            let toPlay = try #require(match.host.seatsToMove.seats.first)
            #expect(match.holder == toPlay)
            holders.insert(match.holder)
            Self.strike(match)
            for _ in 0..<400 where match.shown.table.isShowingMove { match.advance(by: 0.05) }
            #expect(!match.isPrivacyScreenUp)
        }
        #expect(holders == [.first, .second], "both players held the device")
    }

    @Test("New game while a match runs resigns it for the person: the bot is credited, the news says so")
    func newGameResigns() throws {
        let match = try Self.match(bot: "aim")
        #expect(!match.isMatchInProgress)
        Self.strike(match)
        #expect(match.isMatchInProgress)
        match.abandonMatch()
        let table = GolfShown(match.shown)
        #expect(table.wins == SeatPair(0, 1))
        #expect(table.news.contains("You forfeited the match"))
        #expect(match.shown.session.code == "2" && match.shown.session.result == nil)
        #expect(table.shownState.lastShot == nil, "the next match starts on the first tee")
    }

    @Test("Demo turns end with every ball at rest, the same for the same seed")
    func demoTurns() throws {
        let first = try Self.match(bot: "aim")
        first.playDemoTurns(6)
        let second = try Self.match(bot: "aim")
        second.playDemoTurns(6)
        #expect(!first.shown.table.isShowingMove)
        #expect(try #require(first.host.session).moveCount >= 6)
        #expect(first.shown.table.table.shownState.balls == second.shown.table.table.shownState.balls)
    }
}
