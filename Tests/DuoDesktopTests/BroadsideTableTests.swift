import Broadside
import BroadsideDesktop
import DuoDesktop
import TabletopEngine
import Testing

@Suite("Broadside at the desktop table: placement, turns, privacy, news")
struct BroadsideTableTests {
    @Test("A tap places the next ship where the pointer is, turned as chosen, pulled inside the board")
    func tapPlacesNextShip() throws {
        var table = DesktopFixtures.table()
        #expect(table.moment == .placement)
        #expect(table.shipToPlace == 0)
        table.tap(Cell(row: 2, column: 8))  // a 5-long carrier across from column 9 would stick out
        let carrier = try #require(table.view.fleet[0])
        #expect(carrier.heading == .across)
        #expect(carrier.origin == Cell(row: 2, column: 5))
        table.rotateShip()
        table.tap(Cell(row: 9, column: 0))
        let battleship = try #require(table.view.fleet[1])
        #expect(battleship.heading == .down)
        #expect(battleship.origin == Cell(row: 6, column: 0))
        #expect(table.shipToPlace == 2)
    }

    @Test("An overlapping placement is refused with the rules' sentence and changes nothing")
    func overlapIsRefused() {
        var table = DesktopFixtures.table()
        table.tap(Cell(row: 0, column: 0))
        let before = table.view
        table.rotateShip()
        table.tap(Cell(row: 0, column: 2))
        #expect(table.view == before)
        #expect(table.news.first?.lowercased().contains("overlap") == true)
    }

    @Test("A refusal is advice: it goes as soon as the player acts again, so it never sits over a move that worked")
    func refusalGoesStale() {
        var table = DesktopFixtures.table()
        table.tap(Cell(row: 0, column: 0))
        table.rotateShip()
        table.tap(Cell(row: 0, column: 2))
        #expect(table.feed.entries.first?.weight == .advice)
        table.tap(Cell(row: 4, column: 4))
        #expect(table.shipToPlace == 2, "the battleship is placed")
        #expect(!table.news.contains { $0.lowercased().contains("overlap") })
    }

    @Test("The score says whose ships are afloat, in words")
    func afloatInWords() {
        var table = DesktopFixtures.table()
        table.autoPlace()
        #expect(table.scoreParts.first == "Afloat: yours 5, theirs 5")
        #expect(table.scoreParts.last == "Wins: you 0, bot 0")
    }

    @Test("A sinking's banner stays while time passes, until the player fires again or dismisses it")
    func sinkingBannerStays() throws {
        var table = DesktopFixtures.table(seed: 9)
        table.autoPlace()
        var shooter = try DesktopFixtures.game.makeBot(named: "hunt", seat: .first, seed: 4)
        func fire() {
            if let move = shooter.move(for: table.view), case .fire(let cell) = move { table.tap(cell) }
        }
        for _ in 0..<300 where table.banner == nil && table.state.phase == .battle {
            if table.state.turn == .first { fire() } else { table.advance(by: BroadsideTable.botThinkingSeconds) }
        }
        let banner = try #require(table.banner, "a ship was sunk")
        #expect(banner.text.contains("sank"))
        let headlines = table.feed.entries.filter { $0.weight == .headline }.count
        for _ in 0..<20 { table.advance(by: 0.5) }
        #expect(table.state.turn == .first, "the bot has fired and waits for the player")
        let unchanged = table.feed.entries.filter { $0.weight == .headline }.count == headlines
        #expect(table.banner != nil, "ten seconds later a banner still shows")
        if unchanged { #expect(table.banner == banner, "the same one, as the bot sank nothing meanwhile") }
        let dismissed = table.dismissBanner()
        #expect(dismissed)
        #expect(table.banner == nil)
    }

    @Test("Auto-place hides the rest of the fleet, and the battle starts against the bot")
    func autoPlaceStartsBattle() {
        var table = DesktopFixtures.table()
        table.tap(Cell(row: 0, column: 0))
        table.autoPlace()
        #expect(table.view.isFleetComplete)
        #expect(table.view.fleet[0]?.origin == Cell(row: 0, column: 0), "ships placed by hand stay")
        #expect(table.moment == .battle)
        #expect(table.news.first?.contains("Battle stations") == true)
    }

    @Test("The bot answers after its thinking time, not before")
    func botMovesAfterThinking() {
        var table = DesktopFixtures.table(seed: 4)
        table.autoPlace()
        if table.state.turn == .first {
            let target = table.view.target
            table.tap(Cell(row: 4, column: 4))
            #expect(table.view.target != target)
        }
        #expect(table.state.turn == .second)
        table.advance(by: BroadsideTable.botThinkingSeconds / 2)
        #expect(table.state.turn == .second)
        table.advance(by: BroadsideTable.botThinkingSeconds)
        #expect(table.state.turn == .first)
        #expect(table.news.first?.hasPrefix("The hunt bot fired at") == true)
    }

    @Test("Sinking a ship is announced in the news and on a banner")
    func sinkingIsAnnounced() throws {
        var table = DesktopFixtures.table(seed: 9)
        table.playDemoTurns(400)
        #expect(table.state.phase == .over)
        #expect(table.news.contains { $0.contains("sank") })
        let banner = try #require(table.banner, "the victory banner stays until dismissed")
        #expect(banner.text.contains("whole fleet"))
        #expect(banner.text.hasSuffix("you win!") || banner.text.hasSuffix("you lose"), "says whether the player won: \(banner.text)")
        #expect(table.wins.first + table.wins.second == 1)
        #expect(table.moment == .gameOver)
        #expect(table.revealedOpponentFleet?.count == 5)
    }

    @Test("The first seat alternates from one match to the next")
    func firstSeatAlternates() {
        var table = DesktopFixtures.table()
        let first = table.state.firstSeat
        table.newGame()
        #expect(table.state.firstSeat == first.opponent)
        table.newGame()
        #expect(table.state.firstSeat == first)
    }

    @Test("Pass-and-play shows a privacy screen with no board before each player's turn")
    func passAndPlayPrivacy() throws {
        var table = DesktopFixtures.table(.passAndPlay)
        #expect(table.moment == .handoff)
        #expect(!table.screen.elements.contains { $0.anchor == .primaryBoard || $0.anchor == .secondaryBoard })
        table.reveal()
        #expect(table.viewer == .first)
        table.autoPlace()
        // Player 1's fleet is hidden: the device goes to player 2 behind the curtain.
        #expect(table.moment == .handoff)
        #expect(table.viewer == .second)
        table.reveal()
        #expect(table.view.fleet.count == 0, "player 2 starts with an empty board, never player 1's")
        table.autoPlace()
        #expect(table.moment == .handoff)
        #expect(table.viewer == table.state.turn)
        table.reveal()
        let shooter = table.viewer
        let cell = table.game.legalMoves(for: shooter, in: table.state).compactMap { move -> Cell? in
            if case .fire(let cell) = move { return cell } else { return nil }
        }.first!
        table.tap(cell)
        #expect(table.mustPass, "after firing, the shooter sees the result and passes")
        #expect(table.viewer == shooter)
        #expect(table.screen.elements.contains { $0.id == BroadsideHUD.ElementID.pass })
        table.press(BroadsideHUD.ElementID.pass)
        #expect(table.moment == .handoff)
        #expect(table.viewer == shooter.opponent)
    }

    @Test("The salvo variant fires one shot per ship afloat before the answer")
    func salvoAimsSeveralShots() {
        var table = DesktopFixtures.table(seed: 2, game: DesktopFixtures.salvo)
        table.autoPlace()
        while table.state.turn != .first { table.advance(by: 1) }
        #expect(table.state.salvoSize == 5)
        table.tap(Cell(row: 0, column: 0))
        table.tap(Cell(row: 0, column: 1))
        #expect(table.view.aimed.count == 2)
        #expect(table.turnText.contains("Shot 3 of 5"))
    }
}
