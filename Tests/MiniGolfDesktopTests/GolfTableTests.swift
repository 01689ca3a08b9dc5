import DuoDesktop
import DuoPlatform
import DuoTestSupport
import MiniGolf
import MiniGolfDesktop
import TabletopEngine
import Testing

/// Mini golf's table as the window plays it (no SDL): the view-painted
/// table of each seat, fed by the in-process host; aiming, striking,
/// the roll, the news and a whole match, all through the host.
@Suite("Mini golf at the desktop table, through the host")
struct GolfTableTests {
    typealias Match = LocalMatchGame<MiniGolfNetworkTable>

    static func match(bot: String? = "aim", seed: UInt64 = 4) throws -> Match {
        let game = try GameLoader.game(MiniGolf.self, variant: "meadow", locator: AssetLocator(directory: PackageRoot.assets))
        return try LocalMatchGame(game: AnyGame(game), bot: bot, seed: seed, thinkingSeconds: 0.6, demoBot: "aim", hidesSeats: false) { _ in
            MiniGolfNetworkTable(game: game, seed: seed)
        }
    }

    /// The table on screen.
    static func golf(_ match: Match) -> GolfShown { GolfShown(match.shown) }

    /// Lets the rolling stroke finish.
    static func settle(_ match: Match) {
        for _ in 0..<1_000 where match.shown.table.isShowingMove { match.advance(by: 0.25) }
    }

    /// Presses a game key `count` times.
    static func press(_ letter: Character, shift: Bool = false, _ count: Int, on match: Match) {
        for _ in 0..<count { match.perform(.gameKey(.letter(letter), shift: shift)) }
    }

    /// Aims the shown table's keyboard stroke at `shot` with J/K and I/M, as a person would.
    static func aim(_ match: Match, at shot: MiniGolfShot) {
        let aim = golf(match).aim
        let turn = ((shot.angle - aim.angle) % 360 + 540) % 360 - 180
        press(turn > 0 ? "k" : "j", shift: true, abs(turn) / 10, on: match)
        press(turn > 0 ? "k" : "j", abs(turn) % 10, on: match)
        let power = shot.power - aim.power
        press(power > 0 ? "i" : "m", shift: true, abs(power) / 10, on: match)
        press(power > 0 ? "i" : "m", abs(power) % 10, on: match)
    }

    @Test("the keyboard aims and strikes; the stroke rolls, then the bot plays after thinking")
    func keyboardStrokeThenBot() throws {
        let match = try Self.match()
        #expect(Self.golf(match).acceptsStroke)
        #expect(Self.golf(match).aim.angle == 270, "aimed at the cup by default")
        Self.press("j", 3, on: match)
        Self.press("i", shift: true, 2, on: match)
        Self.press("i", 5, on: match)
        #expect(Self.golf(match).aim == MiniGolfShot(angle: 267, power: 65))
        Self.press("i", shift: true, 50, on: match)
        #expect(Self.golf(match).aim.power == 100)
        Self.press("m", shift: true, 4, on: match)
        match.perform(.confirm)
        let golf = Self.golf(match)
        #expect(golf.isRolling)
        #expect(!golf.acceptsStroke, "no stroke while the ball rolls")
        #expect(golf.shownState.scorecard.first == [0], "the moment before the stroke is shown while it rolls")
        #expect(golf.state.scorecard.first == [1])
        Self.settle(match)
        #expect(Self.golf(match).seatToPlay == .second)
        #expect(!Self.golf(match).acceptsStroke, "the bot's turn")
        match.advance(by: 0)
        match.advance(by: MiniGolfTable.botThinkingSeconds / 2)
        #expect(!Self.golf(match).isRolling)
        match.advance(by: MiniGolfTable.botThinkingSeconds)
        #expect(Self.golf(match).isRolling, "the bot struck")
        #expect(Self.golf(match).news.first?.hasPrefix("The aim bot") != true, "told only once its ball has rolled")
        Self.settle(match)
        #expect(Self.golf(match).news.first?.hasPrefix("The aim bot") == true, "\(Self.golf(match).news)")
    }

    @Test("Issue 21, defect 2: nothing about a stroke's outcome is told before the table shows it: the ball at rest, the strokes counted")
    func newsWaitsForTheBall() throws {
        let match = try Self.match(bot: nil)
        var strokes = 0
        var holed = false
        for _ in 0..<40 where !holed && match.shown.session.result == nil {
            let shown = match.shown
            let before = (news: shown.session.feed.lines, score: Self.golf(match).scoreText)
            match.perform(.confirm)
            strokes += 1
            #expect(shown.isShowingMove, "stroke \(strokes) rolls")
            while shown.isShowingMove {
                #expect(
                    shown.session.feed.lines == before.news, "stroke \(strokes): told while the ball rolls: \(shown.session.feed.lines.prefix(2))")
                #expect(shown.readout.turn == "Rolling..." && GolfShown(shown).scoreText == before.score)
                #expect(shown.session.result == nil)
                match.advance(by: 0.1)
            }
            let told = try #require(shown.session.feed.lines.first)
            #expect(told != before.news.first, "stroke \(strokes) is told once it has rolled")
            holed = told.contains("holed out") || told.contains("hole in one")
        }
        #expect(holed, "a hole was finished in \(strokes) strokes")
    }

    @Test("the news says when a player picks up at the stroke cap, also when that ends the hole")
    func pickedUpNews() throws {
        let match = try Self.match(bot: nil)
        for _ in 0..<16 {
            // Away from the cup at 1%: into the back wall, stroke after stroke.
            Self.aim(match, at: MiniGolfShot(angle: (Self.golf(match).aim.angle + 90) % 360, power: 1))
            match.perform(.confirm)
            Self.settle(match)
        }
        let first = GolfShown(match.seats[0])
        #expect(first.state.hole == 1, "both picked up: the second hole")
        #expect(first.news.contains("You picked up at the cap") && first.news.contains("Player 2 picked up at the cap"), "\(first.news)")
        #expect(GolfShown(match.seats[1]).news.contains("Player 1 picked up at the cap"))
    }

    @Test("while a stroke rolls the moving ball follows the animation and the camera follows the ball")
    func rollingBallAndCamera() throws {
        let match = try Self.match(bot: nil)
        Self.press("k", 10, on: match)
        Self.press("i", 5, on: match)
        match.perform(.confirm)
        let golf = Self.golf(match)
        #expect(golf.state.lastShot?.end == .rest)
        let viewport = Rect(x: 0, y: 0, width: 300, height: 200)
        let start = golf.balls.first { $0.seat == .first }?.position
        let camera = golf.caddieCamera(in: viewport)
        match.advance(by: 0.5)
        let rolled = Self.golf(match)
        #expect(rolled.balls.first { $0.seat == .first }?.position != start)
        #expect(rolled.caddieCamera(in: viewport) != camera)
        Self.settle(match)
        let settled = Self.golf(match)
        #expect(settled.balls.first { $0.seat == .first }?.position == settled.state.balls.first)
    }

    @Test("a whole match against the bot ends with a result and counts the win; the next match alternates the first seat")
    func wholeMatchAndNewGame() throws {
        let match = try Self.match(bot: "random")
        for step in 0..<5_000 where match.shown.session.result == nil {
            let golf = Self.golf(match)
            if golf.acceptsStroke {
                let planner = ShotPlanner(
                    simulator: golf.game.simulators[golf.state.hole], field: golf.game.pathFields[golf.state.hole], waterPenalty: 1)
                var generator = SeededGenerator(seed: UInt64(step))
                Self.aim(match, at: planner.bestShot(from: golf.state.balls.first, generator: &generator))
                match.perform(.confirm)
            }
            match.advance(by: 0.5)
        }
        Self.settle(match)
        let golf = Self.golf(match)
        let result = try #require(golf.result)
        #expect(result.winner == .first)
        #expect(golf.wins == SeatPair(1, 0))
        #expect(golf.turnText.hasPrefix("You win"))
        match.perform(.newGame)
        let next = Self.golf(match)
        #expect(next.seatToPlay == .second, "the bot tees off first in the second match")
        #expect(next.state.scorecard == SeatPair([0], [0]))
        #expect(next.holeText == "1/9 Front Lawn · par 2")
        #expect(next.scoreText == "You 0 · Bot 0 · wins 1-0")
    }
}
