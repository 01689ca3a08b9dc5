// Example: a whole game on the engine protocol, played headless by two bots.
//
//   swift run ExampleTicTacToe [--games 200] [--seed 1] [--bots smart,random] [--screenshot FILE.png]
//
// `TicTacToe` conforms to `TabletopGame`: rules data, state, moves, typed
// rejections, seat views, a stable state hash and bots. Nothing else is
// needed for the engine's match driver, replays and batch runner to play it.
// One more hook (`DeterminizableGame.sampleState`) and it gets the engine's
// search bot too: `--bots mcts,smart`, `--bots mcts:200,random`.
//
// The game itself is in TicTacToe.swift; this file plays it.
import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

// MARK: - Headless: one recorded match, its replay verified, then a batch.

let tool = "ExampleTicTacToe"
let gamesOption: Option<Int> = .integer("games", in: 1...1_000_000, default: 200, help: "matches played")
let seedOption: Option<Int> = .integer("seed", in: 0...Int.max, default: 1, help: "seed of the batch")
let botsOption: Option<String> = .text("bots", "A,B", default: "smart,random", help: "the two bots")
let screenshotOption: Option<String?> = .text("screenshot", "FILE.png", help: "also render the last match's final board offscreen to this PNG file")
let command = CommandSpec(
    tool,
    sections: [
        .usage,
        .text(
            """
            A whole game on the engine protocol, played headless by two bots: rules
            data, state, moves, typed rejections, seat views, a stable state hash and
            bots; with DeterminizableGame.sampleState it gets the search bot too
            (--bots mcts,smart, --bots mcts:200,random).
            """),
        .options("options:", [gamesOption.spec, seedOption.spec, botsOption.spec, screenshotOption.spec]),
    ])
let options = command.parseOrExit(Array(CommandLine.arguments.dropFirst()))
let games = options[gamesOption]
let seed = options[seedOption]
let bots = options[botsOption].split(separator: ",").map(String.init)
if bots.count != 2 { CommandExit.usage("--bots takes two names, e.g. smart,random", tool: tool) }
let game = TicTacToe()
do {
    var seat0 = try game.makeBot(named: bots[0], seat: .first, seed: 1)
    var seat1 = try game.makeBot(named: bots[1], seat: .second, seed: 2)
    var recorder = ReplayRecorder<TicTacToe>(players: SeatPair(bots[0], bots[1]))
    let played = try MatchDriver.play(game, setup: MatchSetup(seed: UInt64(seed)), seat0: &seat0, seat1: &seat1, observer: &recorder)
    print(game.describe(game.publicView(of: played.finalState)))
    print("result: \(played.result.winner.map { "\($0) wins" } ?? "draw") (\(played.result.reason)) in \(played.moveCount) moves")
    let summary = try ReplaySummary(verifying: recorder.data, game: game)
    print("replay: \(ReplayLines.split(recorder.data).count) lines, verified, \(summary.moveCount) moves")
    var refused = played.finalState
    do { try game.play(.init(cell: 4), by: .first, in: &refused) } catch { print("a move after the end: \(error.code): \(error.message)") }

    let report = try BatchRunner.run(game, configuration: BatchConfiguration(games: games, seed: UInt64(seed), bots: SeatPair(bots[0], bots[1])))
    print("\(games) games, \(bots[0]) vs \(bots[1]): wins \(report.wins.first)-\(report.wins.second), draws \(report.draws)")

    if let path = options[screenshotOption] {
        let image = try OffscreenRenderer(width: 300, height: 340)
        defer { image.close() }
        let canvas = image.canvas
        canvas.clear(RGBAColor(hex: 0xF4F1E8))
        let ink = RGBAColor(hex: 0x2B2B2B)
        for step in 1...2 {
            canvas.line(fromX: 30 + Double(step) * 80, y1: 30, toX: 30 + Double(step) * 80, y2: 270, color: ink, thickness: 4)
            canvas.line(fromX: 30, y1: 30 + Double(step) * 80, toX: 270, y2: 30 + Double(step) * 80, color: ink, thickness: 4)
        }
        for (cell, owner) in played.finalState.cells.enumerated() {
            let x = 70 + Double(cell % 3) * 80
            let y = 70 + Double(cell / 3) * 80
            if owner == .first {
                canvas.line(fromX: x - 25, y1: y - 25, toX: x + 25, y2: y + 25, color: RGBAColor(hex: 0xC0392B), thickness: 6)
                canvas.line(fromX: x - 25, y1: y + 25, toX: x + 25, y2: y - 25, color: RGBAColor(hex: 0xC0392B), thickness: 6)
            } else if owner == .second {
                canvas.strokeCircle(centerX: x, centerY: y, radius: 26, color: RGBAColor(hex: 0x2E6DB4), thickness: 6)
            }
        }
        _ = canvas.drawText(
            played.result.winner.map { "\($0) wins" } ?? "draw", x: 150, y: 300,
            style: TextStyle(size: 18, bold: true, color: ink), alignment: .top)
        try image.readPixels().writePNG(to: URL(fileURLWithPath: path))
        print("screenshot: \(path)")
    }
} catch {
    CommandExit.failure("\(error)", tool: tool)
}
