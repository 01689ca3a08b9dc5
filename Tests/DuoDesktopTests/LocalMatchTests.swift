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
        let table = match.shown
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
        #expect(match.shown.moment == .battle)
        #expect(match.isMatchInProgress)
        if match.host.seatsToMove == SeatSet(.first) {
            let table = match.shown
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
        let table = match.shown
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
        let table = first.shown
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
        let winner = try #require(match.shown.result?.winner)
        #expect(photo.personVictory == (winner == .first ? "You win!" : nil))
    }

    static func firstFreeCell(_ view: BroadsideSeatView) -> Cell? {
        let rules = DesktopFixtures.game.rules
        return (0..<rules.board.rows).lazy.flatMap { row in (0..<rules.board.columns).map { Cell(row: row, column: $0) } }
            .first { !view.target.shots.contains($0) }
    }
}

/// The rules of play at the view-painted table, driven through the host
/// as the window drives them: what `BroadsideTableTests` holds the
/// full-state table to, held to the table the window now plays.
@Suite("Broadside on this device: placement, turns, privacy, through the host")
struct LocalBroadsideRulesTests {
    static func match(bot: String? = "hunt", seed: UInt64 = 3, game: Broadside = DesktopFixtures.game) throws -> LocalMatchGame<BroadsideNetworkTable>
    {
        try BroadsideNetworkTable.localGame(game, bot: bot, seed: seed)
    }

    /// Does what an input asks at the shown table and lets the host's answer in.
    static func act(_ match: LocalMatchGame<BroadsideNetworkTable>, _ input: BroadsideInput) {
        match.shown.handle(input)
        match.advance(by: 0)
    }

    @Test("A tap places the next ship where the pointer is, turned as chosen, pulled inside the board")
    func tapPlacesNextShip() throws {
        let match = try Self.match()
        Self.act(match, .tap(Cell(row: 2, column: 8)))  // a 5-long carrier across from column 9 would stick out
        let carrier = try #require(match.shown.table.view.fleet[0])
        #expect(carrier.heading == .across && carrier.origin == Cell(row: 2, column: 5))
        Self.act(match, .rotateShip)
        Self.act(match, .tap(Cell(row: 9, column: 0)))
        let battleship = try #require(match.shown.table.view.fleet[1])
        #expect(battleship.heading == .down && battleship.origin == Cell(row: 6, column: 0))
        #expect(match.shown.shipToPlace == 2)
    }

    @Test("An overlapping placement is refused by the host with the rules' sentence, as advice, and changes nothing")
    func overlapIsRefused() throws {
        let match = try Self.match()
        Self.act(match, .tap(Cell(row: 0, column: 0)))
        let before = match.shown.table.view
        Self.act(match, .rotateShip)
        Self.act(match, .tap(Cell(row: 0, column: 2)))
        let table = match.shown
        #expect(table.view == before)
        #expect(table.news.first?.lowercased().contains("overlap") == true, "\(table.news)")
        #expect(table.feed.entries.first?.weight == .advice)
        Self.act(match, .tap(Cell(row: 4, column: 4)))
        #expect(match.shown.shipToPlace == 2, "the battleship is placed")
        #expect(!match.shown.news.contains { $0.lowercased().contains("overlap") })
    }

    @Test("The first seat alternates from one match to the next")
    func firstSeatAlternates() throws {
        let match = try Self.match()
        let first = try #require(match.host.session).setup.firstSeat
        match.perform(.newGame)
        #expect(try #require(match.host.session).setup.firstSeat == first.opponent)
        match.perform(.newGame)
        #expect(try #require(match.host.session).setup.firstSeat == first)
        #expect(match.shown.code == "3")
    }

    @Test("Pass-and-play: a privacy screen with no board before each player's screen, the other table never holding the first's fleet")
    func passAndPlayPrivacy() throws {
        let match = try Self.match(bot: nil)
        let context = DesktopFixtures.session().sceneContext
        #expect(match.isPrivacyScreenUp && match.holder == .first)
        #expect(!match.screen(in: context).elements.contains { $0.anchor == .primaryBoard || $0.anchor == .secondaryBoard })
        match.perform(.confirm)
        #expect(!match.isPrivacyScreenUp)
        Self.act(match, .autoPlace)
        // Player 1's fleet is hidden: after a moment to see it, the device goes to player 2 behind the curtain.
        #expect(match.holder == .first && !match.isPrivacyScreenUp)
        match.advance(by: LocalMatchGame<BroadsideNetworkTable>.handOverSeconds)
        #expect(match.isPrivacyScreenUp && match.holder == .second)
        match.perform(.confirm)
        #expect(match.shown.table.view.fleet.count == 0, "player 2 starts with an empty board, never player 1's")
        #expect(match.seats[1].table.view.seat == .second)
        Self.act(match, .autoPlace)
        let turn = try #require(match.host.seatsToMove.seats.first)
        if turn == .first {
            match.perform(.confirm)  // Enter hands over at once
            #expect(match.isPrivacyScreenUp && match.holder == .first)
            match.perform(.confirm)
        }
        #expect(match.holder == turn && !match.isPrivacyScreenUp)
        #expect(match.shown.isViewerFiring)
    }

    @Test("The score says whose ships are afloat, in words, and the session's wins")
    func afloatInWords() throws {
        let match = try Self.match()
        Self.act(match, .autoPlace)
        #expect(match.shown.scoreParts == ["Afloat: yours 5, theirs 5", "Wins: you 0, bot 0"])
    }

    @Test("Auto-place hides the rest of the fleet, ships placed by hand stay, and the battle starts against the bot")
    func autoPlaceStartsBattle() throws {
        let match = try Self.match()
        Self.act(match, .tap(Cell(row: 0, column: 0)))
        Self.act(match, .autoPlace)
        let table = match.shown
        #expect(table.view.isFleetComplete)
        #expect(table.view.fleet[0]?.origin == Cell(row: 0, column: 0))
        #expect(table.moment == .battle)
        #expect(table.news.first?.contains("Battle stations") == true, "\(table.news)")
    }

    @Test("The bot's shot is news in the table's words")
    func botShotIsNews() throws {
        let match = try Self.match(seed: 4)
        Self.act(match, .autoPlace)
        if match.host.seatsToMove == SeatSet(.first) {
            Self.act(match, .tap(Cell(row: 4, column: 4)))
        }
        for _ in 0..<10 where match.host.seatsToMove == SeatSet(.second) { match.advance(by: 0.5) }
        #expect(match.host.seatsToMove == SeatSet(.first))
        #expect(match.shown.news.first?.hasPrefix("The hunt bot fired at") == true, "\(match.shown.news)")
    }

    @Test("A sinking's banner stays while time passes, until the player fires again or dismisses it")
    func sinkingBannerStays() throws {
        let match = try Self.match(seed: 9)
        Self.act(match, .autoPlace)
        var shooter = try DesktopFixtures.game.makeBot(named: "hunt", seat: .first, seed: 4)
        for _ in 0..<600 where match.shown.banner == nil && match.shown.table.view.phase == .battle {
            let table = match.shown
            if table.isViewerFiring, table.movesInFlight == 0, let move = shooter.move(for: table.view), case .fire(let cell) = move {
                Self.act(match, .tap(cell))
            } else {
                match.advance(by: 0.5)
            }
        }
        let banner = try #require(match.shown.banner, "a ship was sunk")
        #expect(banner.text.contains("sank"))
        let headlines = match.shown.feed.entries.filter { $0.weight == .headline }.count
        for _ in 0..<20 { match.advance(by: 0.5) }
        #expect(match.host.seatsToMove == SeatSet(.first), "the bot has fired and waits for the player")
        #expect(match.shown.banner != nil, "ten seconds later a banner still shows")
        if match.shown.feed.entries.filter({ $0.weight == .headline }).count == headlines {
            #expect(match.shown.banner == banner, "the same one, as the bot sank nothing meanwhile")
        }
        #expect(match.dismissBanner())
        #expect(match.shown.banner == nil)
    }

    @Test("The end of a match is announced in the news and on a banner, and counted in the wins")
    func victoryIsAnnounced() throws {
        let match = try Self.match(seed: 9)
        match.playDemoTurns(400)
        let table = match.shown
        #expect(table.moment == .gameOver)
        #expect(table.news.contains { $0.contains("sank") })
        let banner = try #require(table.banner, "the victory banner stays until dismissed")
        #expect(banner.text.contains("whole fleet"))
        #expect(banner.text.hasSuffix("you win!") || banner.text.hasSuffix("you lose"), "says whether the player won: \(banner.text)")
        #expect(table.wins.first + table.wins.second == 1)
    }

    @Test("The salvo variant fires one shot per ship afloat before the answer")
    func salvoAimsSeveralShots() throws {
        let match = try Self.match(seed: 2, game: DesktopFixtures.salvo)
        Self.act(match, .autoPlace)
        for _ in 0..<200 where match.host.seatsToMove != SeatSet(.first) { match.advance(by: 1) }
        #expect(match.shown.table.view.salvoSize == 5)
        Self.act(match, .tap(Cell(row: 0, column: 0)))
        Self.act(match, .tap(Cell(row: 0, column: 1)))
        #expect(match.shown.table.view.aimed.count == 2)
        #expect(match.shown.turnText.contains("Shot 3 of 5"))
    }
}
