import Broadside
import BroadsideDesktop
import DuoClient
import DuoDesktop
import Foundation
import TabletopEngine
import Testing

/// Local play through the in-process host: the window's table is the
/// game's networked table, fed only its seat's views by a
/// `LocalMatchHost` that answers as a server does, with the bot thinking
/// on the window's clock and New game resigning as the server's `resign` does.
@Suite("Local play through the in-process host")
struct LocalMatchTests {
    static func versusBot(seed: UInt64 = 3) throws -> LocalMatchGame<BroadsideNetworkTable> {
        try BroadsideNetworkTable.localGame(DesktopFixtures.game, bot: "hunt", seed: seed)
    }

    /// Places the person's fleet at random and lets the table take in the host's answers.
    static func hideFleet(_ match: LocalMatchGame<BroadsideNetworkTable>) {
        match.perform(.gameKey(.letter("a"), shift: false))
        match.advance(by: 0)
    }

    @Test("Against a bot the table is seated by the host, told the bot's name, and sees only its own seat")
    func seatedAgainstTheBot() throws {
        let match = try Self.versusBot()
        #expect(match.seats.count == 1)
        let table = match.shown.table
        #expect(table.seat == .first && table.isLocal && table.opponent == "bot:hunt")
        #expect(table.name(of: .second) == "The hunt bot")
        #expect(table.view.seat == .first)
        // The bot hid its fleet at once (both seats may place), the person has placed nothing.
        #expect(table.view.opponentReady)
        #expect(table.view.fleet.count == 0)
        #expect(table.scoreParts.last == "Wins: you 0, bot 0")
        #expect(!match.isMatchInProgress, "the bot's hidden fleet alone is no match to lose")
    }

    @Test("The bot moves only after its thinking time on the window's clock")
    func theBotThinks() throws {
        // Seed 3 lets the person fire first or the bot; play until it is the bot's turn.
        let match = try Self.versusBot()
        Self.hideFleet(match)
        #expect(match.shown.table.moment == .battle)
        #expect(match.isMatchInProgress)
        if match.host.seatsToMove == SeatSet(.first) {
            let table = match.shown.table
            let cell = try #require(Self.firstFreeCell(table.view))
            match.shown.handle(.tap(cell))
            match.advance(by: 0)
        }
        #expect(match.host.seatsToMove == SeatSet(.second))
        let moves = try #require(match.host.session).moveCount
        match.advance(by: match.host.thinkingSeconds / 2)
        #expect(try #require(match.host.session).moveCount == moves, "the bot waits")
        match.advance(by: match.host.thinkingSeconds)
        #expect(try #require(match.host.session).moveCount == moves + 1, "then fires")
        match.advance(by: 0)
        #expect(match.shown.table.view.ownBoard.shots.count == 1, "and the table sees the shot in its own view")
    }

    @Test("A refused move comes back with the session's own code and sentence")
    func refusalsKeepTheirCode() throws {
        let host = LocalMatchHost(game: AnyGame(DesktopFixtures.game), seed: 1)
        let transport = host.connect()
        try transport.create(game: nil, variant: nil, bot: "hunt", seat: nil)
        _ = transport.poll()
        // Firing while placing is not a move the rules allow now.
        try transport.send(move: BroadsideMove.fire(Cell(row: 0, column: 0)))
        let refusal = try #require(
            transport.poll().compactMap { event -> ProtocolError? in
                if case .message(.error(let error)) = event { error } else { nil }
            }.first)
        #expect(refusal.inReplyTo == "move")
        let session = try #require(host.session)
        let outcome = session.submit(try JSONEncoder().encode(BroadsideMove.fire(Cell(row: 0, column: 0))), by: .first)
        let rejection: SessionRejection? = if case .failure(let refused) = outcome { refused } else { nil }
        let expected = try #require(rejection, "the session refuses a shot while placing")
        #expect(refusal.code == expected.code && refusal.message == expected.message)
        try transport.create(game: "minigolf", variant: nil, bot: nil, seat: nil)
        #expect(transport.poll() == [.message(.error(ProtocolError(.unknownGame, "this window plays broadside, not minigolf", inReplyTo: "create")))])
    }

    @Test("New game while a match runs resigns it: the bot is credited, the news says so, the next match starts")
    func newGameResigns() throws {
        let match = try Self.versusBot()
        Self.hideFleet(match)
        #expect(match.isMatchInProgress)
        match.abandonMatch()
        let table = match.shown.table
        #expect(table.wins == SeatPair(0, 1))
        #expect(table.news.contains("You forfeited the match"))
        #expect(table.code == "2" && table.moment == .placement && table.result == nil)
        #expect(table.scoreParts.last == "Wins: you 0, bot 1")
        #expect(!match.isMatchInProgress)
    }

    @Test("Demo turns play both seats with bots to a mid-game position, the same for the same seed")
    func demoTurns() throws {
        let first = try Self.versusBot(seed: 5)
        first.playDemoTurns(12)
        let second = try Self.versusBot(seed: 5)
        second.playDemoTurns(12)
        let table = first.shown.table
        #expect(table.moment == .battle)
        #expect(table.view.target.shots.count >= 5)
        #expect(table.view == second.shown.table.view)
        #expect(first.isMatchInProgress)
    }

    @Test("The victory photo is the shown table's: a person's win says so")
    func victoryPhoto() throws {
        let match = try Self.versusBot(seed: 2)
        let game: any DesktopGame = match
        let photo = try #require(game as? any VictoryPhotoGame)
        #expect(!photo.isMatchOver && photo.personVictory == nil)
        match.playDemoTurns(1000)
        #expect(photo.isMatchOver)
        let winner = try #require(match.shown.table.result?.winner)
        #expect(photo.personVictory == (winner == .first ? "You win!" : nil))
    }

    static func firstFreeCell(_ view: BroadsideSeatView) -> Cell? {
        let rules = DesktopFixtures.game.rules
        return (0..<rules.board.rows).lazy.flatMap { row in (0..<rules.board.columns).map { Cell(row: row, column: $0) } }
            .first { !view.target.shots.contains($0) }
    }
}
