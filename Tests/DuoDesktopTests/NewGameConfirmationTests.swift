import Broadside
import BroadsideDesktop
import DuoDesktop
import DuoPlatform
import TabletopEngine
import Testing

/// New game asked twice: a running match is never lost to one press of N or
/// of the New game button, and an abandoned match is recorded as resigned.
@Suite("New game asks before abandoning a match")
struct NewGameConfirmationTests {
    /// A session mid-battle against the hunt bot.
    static func midBattle(_ mode: DesktopFixtures.Mode = .versusBot("hunt")) -> DesktopSession {
        let session = DesktopFixtures.session(.tabletop, mode: mode)
        session.playDemoTurns(6)
        session.advance(by: 0)
        return session
    }

    @Test("One press of N keeps the match and asks, on the table and the status line")
    func firstPressAsks() throws {
        let session = Self.midBattle()
        let before = session.table.view
        #expect(before.phase == .battle)
        session.apply(try #require(Hotkeys.command(for: .letter("n"), shift: false)))
        session.advance(by: 0)
        #expect(session.table.view == before, "the match is untouched")
        #expect(session.match.host.matchNumber == 1)
        #expect(session.newGameConfirmation.isAsking)
        #expect(session.content.prompt == "Press N again to abandon this match")
        #expect(session.statusLine(frameMilliseconds: nil).contains("Press N again to abandon this match"))
    }

    @Test("A second press starts a new match and records the old one as resigned by the person")
    func secondPressResigns() {
        let session = Self.midBattle()
        let wins = session.table.wins
        session.apply(.newGame)
        session.advance(by: 1)
        session.apply(.newGame)
        let table = session.table
        #expect(session.match.host.matchNumber == 2)
        #expect(table.view.phase == .placing && table.code == "2")
        #expect(table.wins.second == wins.second + 1, "the bot is credited with the abandoned match")
        #expect(table.wins.first == wins.first)
        #expect(table.news.contains("You forfeited the match"), "\(table.news)")
        #expect(!session.newGameConfirmation.isAsking)
        #expect(session.content.prompt == nil)
    }

    @Test("The New game button asks too, and a second click resigns")
    func buttonAsks() throws {
        let session = Self.midBattle()
        let button = try #require(session.hudLayout.frame(of: BroadsideHUD.ElementID.newGame))
        let centre = Point(x: button.midX, y: button.midY)
        session.click(at: centre)
        session.release(at: centre)
        #expect(session.match.host.matchNumber == 1)
        #expect(session.content.prompt == NewGameConfirmation.prompt)
        session.click(at: centre)
        #expect(session.match.host.matchNumber == 2)
        #expect(session.table.wins.second == 1)
    }

    @Test("In pass-and-play the player holding the device resigns")
    func passAndPlayViewerResigns() {
        let session = Self.midBattle(.passAndPlay)
        let viewer = session.match.holder
        session.apply(.newGame)
        session.apply(.newGame)
        // Both tables heard the forfeit of the seat holding the device.
        for table in session.match.seats {
            #expect(table.wins[viewer.opponent] == 1 && table.wins[viewer] == 0)
        }
        let resigning = session.match.seats[viewer.index]
        #expect(resigning.news.contains("You forfeited the match"), "\(resigning.news)")
        let other = session.match.seats[viewer.opponent.index]
        #expect(other.news.contains("Player \(viewer.rawValue + 1) forfeited the match"), "\(other.news)")
    }

    @Test("The question lapses after a few seconds, and another action withdraws it")
    func questionLapses() {
        let session = Self.midBattle()
        session.apply(.newGame)
        session.advance(by: NewGameConfirmation.seconds + 0.5)
        #expect(!session.newGameConfirmation.isAsking)
        session.apply(.newGame)
        #expect(session.match.host.matchNumber == 1, "a press after the lapse asks again")
        session.apply(.gameKey(.space, shift: false))
        #expect(!session.newGameConfirmation.isAsking)
        session.apply(.newGame)
        #expect(session.match.host.matchNumber == 1)
        #expect(session.newGameConfirmation.isAsking)
    }

    @Test("N on a finished match, or on one where nothing was played, starts at once and records no resignation")
    func finishedMatchStartsAtOnce() {
        let session = DesktopFixtures.session(.tabletop)
        session.apply(.newGame)
        #expect(session.match.host.matchNumber == 2, "nothing placed yet: nothing to lose")
        session.playDemoTurns(1000)
        #expect(session.table.view.phase == .over)
        let wins = session.table.wins
        session.apply(.newGame)
        #expect(session.match.host.matchNumber == 3)
        #expect(session.table.wins == wins)
        #expect(!session.table.news.contains { $0.contains("forfeited") })
        #expect(session.content.prompt == nil)
    }

    @Test("The rule: ask while a match runs, go on the second press, at once when none runs")
    func decisions() {
        var confirmation = NewGameConfirmation()
        #expect(confirmation.press(matchInProgress: false) == .startNow)
        #expect(confirmation.press(matchInProgress: true) == .ask)
        #expect(confirmation.press(matchInProgress: true) == .abandon)
        #expect(confirmation.press(matchInProgress: true) == .ask)
        confirmation.advance(by: NewGameConfirmation.seconds - 0.1)
        #expect(confirmation.isAsking)
        confirmation.advance(by: 0.2)
        #expect(!confirmation.isAsking)
    }
}

extension OffscreenRenderingTests {
    @Test("The New game question is drawn across the flat half, and goes with the second press")
    func newGamePromptPixels() throws {
        let session = NewGameConfirmationTests.midBattle()
        let flat = try #require(session.hudLayout.panes.first { $0.role == .lower }?.frame)
        let stripe = Rect(x: flat.minX, y: flat.minY + (flat.height - 56) / 2, width: flat.width, height: 3)
        let plain = try Screenshot.scene(of: session)
        #expect(Self.count(Palette.noticeHeadline, in: plain, rect: stripe, tolerance: 4) < Int(flat.width) / 4)
        session.apply(.newGame)
        let asking = try Screenshot.scene(of: session)
        #expect(Self.count(Palette.noticeHeadline, in: asking, rect: stripe, tolerance: 4) > Int(flat.width) * 3 * 9 / 10)
        session.apply(.newGame)
        let after = try Screenshot.scene(of: session)
        #expect(Self.count(Palette.noticeHeadline, in: after, rect: stripe, tolerance: 4) < Int(flat.width) / 4)
    }
}
