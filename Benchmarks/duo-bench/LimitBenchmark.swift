import CBroadsideLimit
import DuoArguments
import DuoGames
import Foundation
import TabletopEngine

/// `duo-bench limit`: the engine's match loop against what the machine
/// allows, a plain C loop of the same game (`Benchmarks/CBroadsideLimit`).
///
/// Both play classic Broadside, the same bots' rules with the same seeds
/// from the same generator, so they play the very same matches: the
/// benchmark checks the two tallies are equal before it compares speeds.
/// The engine runs the path `duo-server match` takes (catalog -> AnyGame ->
/// BatchRunner), one job; rates divide by the CPU time of the thread.
enum LimitBenchmark {
    static let tool = "duo-bench limit"

    /// The options, each declared once.
    enum Options {
        static let quick: Option<Bool> = .flag("quick", help: "10x fewer matches (a quick check, noisier figures)")
        static let rounds: Option<Int> = .integer("rounds", in: 1...99, default: 5, help: "runs of each loop, alternated; the median is shown")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                Classic Broadside, random vs random and hunt vs hunt, one core: the
                engine's batch (what duo-server match runs) and a plain C loop of the
                same game, the two run in turn; matches per CPU second of each (the
                median of the rounds) and engine / C (goal >= 0.30). The two must
                play the same matches (same wins, moves and shots), or it fails.
                """),
            .options("options:", [Options.quick.spec, Options.rounds.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let scale = parsed[Options.quick] ? 10 : 1
        let rounds = parsed[Options.rounds]
        #if DEBUG
        print("limit: warning: a debug build; use 'swift run -c release duo-bench limit' for real figures")
        #endif
        let game: AnyGame
        do {
            game = try GameCatalog.standard.entry(named: "broadside").load(variant: "classic", assets: GameAssets.locate())
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        var status: Int32 = 0
        for (name, shooter, games) in [("random", DuoLimitRandom, 300_000 / scale), ("hunt", DuoLimitHunt, 100_000 / scale)] {
            var engineRates: [Double] = []
            var cRates: [Double] = []
            var agree = true
            for _ in 0..<rounds {
                let (report, engineSeconds) = timed { () -> BatchReport in
                    do {
                        return try game.runBatch(BatchConfiguration(games: games, seed: 1, bots: SeatPair(name, name), jobs: 1))
                    } catch {
                        CommandExit.failure("\(error)", tool: tool)
                    }
                }
                let (tally, cSeconds) = timed { duo_limit_play(1, 0, Int64(games), shooter) }
                engineRates.append(Double(games) / engineSeconds)
                cRates.append(Double(games) / cSeconds)
                agree = agree && sameMatches(report, tally)
            }
            let engine = median(engineRates)
            let c = median(cRates)
            print(
                "limit: \(name) vs \(name): engine \(MatchBenchmark.grouped(engine)) matches/s, C \(MatchBenchmark.grouped(c)) matches/s, "
                    + String(format: "engine / C = %.3f", engine / c) + " (cpu, median of \(rounds))")
            if !agree {
                print("limit: \(name) vs \(name): the engine and the C loop played different matches")
                status = 1
            }
        }
        return status
    }

    /// Whether the engine's batch and the C loop's tally count the same matches.
    static func sameMatches(_ report: BatchReport, _ tally: DuoLimitTally) -> Bool {
        report.games == Int(tally.games) && report.wins.first == Int(tally.wins.0) && report.wins.second == Int(tally.wins.1)
            && report.firstSeatWins == Int(tally.firstSeatWins) && report.moves == Int(tally.moves)
            && report.scoresToWin.total == Int(tally.winnerShots)
    }

    /// The value of `body` and the CPU seconds of this thread it took.
    static func timed<Value>(_ body: () -> Value) -> (Value, Double) {
        let start = FrameBenchmark.threadCPUSeconds()
        let value = body()
        return (value, FrameBenchmark.threadCPUSeconds() - start)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
