import Broadside
import DuoArguments
import DuoGames
import Foundation
import TabletopEngine

/// `duo-bench ci`: what the CI features of `duo-server match` cost: paired
/// games and an SPRT against a plain batch (run in turns, so machine load
/// hits all three alike), and an outside bot's round trip per move.
enum CIMatchBenchmark {
    static let tool = "duo-bench ci"

    /// `--quick`.
    static let quick: Option<Bool> = .flag("quick", help: "fewer matches and moves (a quick check, noisier figures)")

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                Figures (release build, Broadside classic rules, random vs random, 1 job):
                  plain, --pairs, --sprt   matches/s of each, in turns, best of 5
                                           (goal: pairs and SPRT within noise of plain)
                  outside bot round trip   one view sent and one move read back, in µs:
                                           'duo-server bot random' as the child (needs
                                           duo-server built next to duo-bench), and the
                                           Python example bot when python3 is there
                """),
            .options("options:", [quick.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let scale = parsed[quick] ? 10 : 1
        #if DEBUG
        print("ci: warning: a debug build; use 'swift run -c release duo-bench ci' for real figures")
        #endif
        let assets: URL
        let game: AnyGame
        let broadside: Broadside
        do {
            assets = try GameAssets.locate()
            game = try GameCatalog.standard.entry(named: "broadside").load(variant: "classic", assets: assets)
            broadside = try Broadside(variant: "classic", rulesData: Data(contentsOf: assets.appendingPathComponent("games/broadside/classic.json")))
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        let games = 200_000 / scale
        // Bounds no batch of identical bots reaches in this many games: the test runs to the end.
        let sprt = try? SPRTSettings(elo0: -1, elo1: 1, alpha: 0.0001, beta: 0.0001)
        let variants: [(String, BatchConfiguration)] = [
            ("plain", BatchConfiguration(games: games, seed: 1, bots: SeatPair("random", "random"))),
            ("--pairs", BatchConfiguration(games: games, seed: 1, bots: SeatPair("random", "random"), paired: true)),
            ("--sprt", BatchConfiguration(games: games, seed: 1, bots: SeatPair("random", "random"), sprt: sprt)),
        ]
        var best = [Double](repeating: 0, count: variants.count)
        var bestCPU = [Double](repeating: 0, count: variants.count)
        var played = [Int](repeating: 0, count: variants.count)
        for _ in 0..<5 {
            for (index, variant) in variants.enumerated() {
                do {
                    let cpuStart = MatchBenchmark.processCPUSeconds()
                    let report = try game.runBatch(variant.1)
                    let cpu = MatchBenchmark.processCPUSeconds() - cpuStart
                    best[index] = max(best[index], report.matchesPerSecond)
                    bestCPU[index] = max(bestCPU[index], Double(report.games) / cpu)
                    played[index] = report.games
                } catch {
                    CommandExit.failure("\(error)", tool: tool)
                }
            }
        }
        for (index, variant) in variants.enumerated() {
            print(
                String(
                    format: "ci: random vs random %@: %@ matches/s, cpu %@/s (%d matches; %.3f x plain, cpu %.3f x)",
                    variant.0, MatchBenchmark.grouped(best[index]), MatchBenchmark.grouped(bestCPU[index]), played[index],
                    best[index] / best[0], bestCPU[index] / bestCPU[0]))
        }
        let moves = 20_000 / scale
        let server = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("duo-server").path
        roundTrip(broadside, command: "exec:\(server) bot random", label: "duo-server bot random", moves: moves)
        if let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:)) {
            let script = assets.deletingLastPathComponent().appendingPathComponent("Examples/ExecBot/random_bot.py").path
            roundTrip(broadside, command: "exec:\(python) \(script)", label: "Examples/ExecBot/random_bot.py", moves: moves / 4)
        }
        return 0
    }

    /// Sends the view of a match in its firing phase `moves` times and prints the mean round trip.
    static func roundTrip(_ game: Broadside, command name: String, label: String, moves: Int) {
        let command: ExternalBotCommand
        do {
            guard let parsed = try ExternalBotCommand(name: name) else { return }
            command = parsed
        } catch {
            print("ci: outside bot round trip (\(label)): skipped: \(error) (build it: swift build -c release)")
            return
        }
        // A view from a real match: both fleets placed by bots, a few shots fired.
        var state = game.makeInitialState(MatchSetup(seed: 7))
        var placers = [try? game.makeBot(named: "random", seat: .first, seed: 1), try? game.makeBot(named: "random", seat: .second, seed: 2)]
        var turn = 0
        while game.seatView(of: state, for: .first).phase == .placing, turn < 1000 {
            let seat: Seat = turn % 2 == 0 ? .first : .second
            turn += 1
            guard game.seatsToMove(in: state).contains(seat),
                let move = placers[seat.rawValue]?.move(for: game.seatView(of: state, for: seat))
            else { continue }
            try? game.play(move, by: seat, in: &state)
        }
        let view = game.seatView(of: state, for: .first)
        let process = ExternalBotProcess(command: command)
        defer { process.stop() }
        var bot = ExternalBot(process: process, game: game, seat: .first, code: "bench", opponent: "random", moveTimeMilliseconds: 10_000)
        _ = bot.move(for: view)  // start-up, not timed
        let started = ContinuousClock.now
        for _ in 0..<moves {
            guard bot.move(for: view) != nil else {
                print("ci: outside bot round trip (\(label)): failed: \(bot.failure?.reason ?? "no move")")
                return
            }
        }
        let elapsed = started.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        print(String(format: "ci: outside bot round trip (%@): %.1f µs per move (%d moves)", label, seconds / Double(moves) * 1e6, moves))
    }
}
