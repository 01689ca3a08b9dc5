import DuoPlatform
import TabletopEngine
import Testing

@testable import MiniGolf

@Suite("Mini golf at the desktop table (no SDL)")
struct TableTests {
    static func table(_ mode: MiniGolfTable.Mode = .versusBot("aim")) throws -> MiniGolfTable {
        try MiniGolfTable(game: GolfFixtures.meadow, mode: mode, seed: 4)
    }

    /// Lets the rolling stroke finish.
    static func settle(_ table: inout MiniGolfTable) {
        var guardCount = 0
        while table.isRolling && guardCount < 1_000 {
            table.advance(by: 0.25)
            guardCount += 1
        }
    }

    @Test("the keyboard aims and strikes; the stroke rolls, then the bot plays after thinking")
    func keyboardStrokeThenBot() throws {
        var table = try Self.table()
        #expect(table.acceptsStroke)
        #expect(table.aim.angle == 270, "aimed at the cup by default")
        table.turnAim(by: -3)
        table.changePower(by: 25)
        #expect(table.aim == MiniGolfShot(angle: 267, power: 65))
        table.changePower(by: 500)
        #expect(table.aim.power == 100)
        table.changePower(by: -40)
        table.strike()
        #expect(table.isRolling)
        #expect(!table.acceptsStroke, "no stroke while the ball rolls")
        #expect(table.shownState.scorecard.first == [0], "the moment before the stroke is shown while it rolls")
        #expect(table.state.scorecard.first == [1])
        Self.settle(&table)
        #expect(table.seatToPlay == .second)
        #expect(!table.acceptsStroke, "the bot's turn")
        table.advance(by: MiniGolfTable.botThinkingSeconds / 2)
        #expect(!table.isRolling)
        table.advance(by: MiniGolfTable.botThinkingSeconds)
        #expect(table.isRolling, "the bot struck")
        #expect(table.news.count == 2)
    }

    @Test("the news says when a player picks up at the stroke cap, also when that ends the hole")
    func pickedUpNews() throws {
        var table = try Self.table(.twoPlayers)
        table.turnAim(by: 90)  // away from the cup: down the page, into the back wall
        table.changePower(by: -39)  // 1%
        for _ in 0..<16 {
            table.strike()
            Self.settle(&table)
        }
        #expect(table.state.hole == 1, "both picked up: the second hole")
        #expect(table.news.first == "Player 2 picked up at the cap")
        #expect(table.news.dropFirst().first == "Player 1 picked up at the cap")
    }

    @Test("a drag on the course plays the slingshot stroke; a tap plays nothing")
    func dragStroke() throws {
        var table = try Self.table(.twoPlayers)
        let viewport = CourseViewport(hole: table.game.rules.holes[0], in: Rect(x: 0, y: 0, width: 300, height: 600))
        let ball = viewport.point(table.state.balls.first)
        table.beginDrag(at: ball)
        table.endDrag(on: viewport)
        #expect(!table.isRolling, "a tap is no stroke")
        table.beginDrag(at: ball)
        table.moveDrag(to: Point(x: ball.x, y: ball.y + 96))
        #expect(table.aimPreview(on: viewport) == MiniGolfShot(angle: 270, power: 60))
        table.endDrag(on: viewport)
        #expect(table.isRolling)
        #expect(table.state.lastShot?.shot == MiniGolfShot(angle: 270, power: 60))
        #expect(table.drag == nil)
    }

    @Test("while a stroke rolls the moving ball follows the animation and the camera follows the ball")
    func rollingBallAndCamera() throws {
        var table = try Self.table(.twoPlayers)
        table.turnAim(by: 10)
        table.changePower(by: 5)
        table.strike()
        #expect(table.state.lastShot?.end == .rest)
        let viewport = Rect(x: 0, y: 0, width: 300, height: 200)
        let start = table.balls.first { $0.seat == .first }?.position
        let camera0 = table.caddieCamera(in: viewport)
        table.advance(by: 0.5)
        let moved = table.balls.first { $0.seat == .first }?.position
        #expect(start != moved)
        #expect(table.caddieCamera(in: viewport) != camera0)
        Self.settle(&table)
        #expect(table.balls.first { $0.seat == .first }?.position == table.state.balls.first)
    }

    @Test("a whole match against the bot ends with a result and counts the win; the next match alternates the first seat")
    func wholeMatchAndNewGame() throws {
        var table = try Self.table(.versusBot("random"))
        var steps = 0
        while table.result == nil && steps < 5_000 {
            if table.acceptsStroke {
                let planner = ShotPlanner(
                    simulator: table.game.simulators[table.state.hole],
                    field: table.game.pathFields[table.state.hole], waterPenalty: 1)
                var generator = SeededGenerator(seed: UInt64(steps))
                let best = planner.bestShot(from: table.state.balls.first, generator: &generator)
                table.turnAim(by: best.angle - table.aim.angle)
                table.changePower(by: best.power - table.aim.power)
                table.strike()
            }
            table.advance(by: 0.5)
            steps += 1
        }
        let result = try #require(table.result)
        #expect(result.winner == .first)
        #expect(table.wins == SeatPair(1, 0))
        #expect(table.turnText.hasPrefix("You win"))
        table.newGame()
        #expect(table.seatToPlay == .second, "the bot tees off first in the second match")
        #expect(table.state.scorecard == SeatPair([0], [0]))
        #expect(table.news.isEmpty)
        #expect(table.holeText == "1/9 Front Lawn · par 2")
        #expect(table.scoreText == "You 0 · Bot 0 · wins 1-0")
    }
}
