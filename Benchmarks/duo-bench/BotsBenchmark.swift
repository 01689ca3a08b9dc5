import Broadside
import DuoArguments
import DuoGames
import Foundation
import MiniGolf
import TabletopEngine

/// `duo-bench bots`: how strong each bot is and what it costs, measured the
/// same way for old and new bots in one run.
///
/// Broadside: shots to sink a whole classic fleet alone (no one firing
/// back, the published measure; see ``SinkingTrial``), as mean with its
/// standard error, median, 99th percentile and worst, for each shooter
/// against random placement and `density` against the other placers; then
/// each bot's per-move cost and its self-play matches per second on one core.
enum BotsBenchmark {
    static let tool = "duo-bench bots"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let trials: Option<Int?> = .integer(
            "trials", in: 1...100_000_000, defaultText: "100000; 10000 with --quick", help: "sinking trials per row")
        static let quick: Option<Bool> = .flag("quick", help: "10x fewer trials, matches and positions")
        static let only: Option<String?> = .text("only", "NAME", help: "only the rows of this shooter (no golf unless --golf is given)")
        static let search: Option<String?> = .text(
            "search", "NAME", help: "also a search bot's sinking trials and cost (e.g. mcts:200:density)")
        static let searchTrials: Option<Int> = .integer("search-trials", in: 1...1_000_000, default: 200, help: "its trials")
        static let golf: Option<Int?> = .integer(
            "golf", in: 0...1_000_000, defaultText: "200; 20 with --quick", help: "golf matches per level; 0 skips golf")
        static let golfSearch: Option<String?> = .text(
            "golf-search", "NAME", help: "a golf search bot against random (e.g. mcts:100): wins, draws, losses, strokes and its cost per move")
        static let golfSearchMatches: Option<Int> = .integer("golf-search-matches", in: 1...1_000_000, default: 100, help: "those matches")
    }

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                Broadside (classic): shots to sink a random fleet alone, per shooter
                (mean and standard error, median, p99, max), density against each
                placer, per-move cost of each shooter, self-play matches/s (1 job).
                Mini golf (meadow): strokes over the course of random, aim:easy,
                aim:medium, aim:hard and aim (each in self-play), and per-move cost.
                """),
            .options(
                "options:",
                [
                    Options.trials.spec, Options.quick.spec, Options.only.spec, Options.search.spec, Options.searchTrials.spec, Options.golf.spec,
                    Options.golfSearch.spec, Options.golfSearchMatches.spec,
                ]),
        ])

    /// The shooters measured, weakest first (`density-v1` is the first density bot, kept to compare).
    static let shooters = ["random", "hunt", "density-v1", "density", "sweep"]

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let trials = parsed[Options.trials] ?? (parsed[Options.quick] ? 10_000 : 100_000)
        #if DEBUG
        print("bots: warning: a debug build; use 'swift run -c release duo-bench bots' for real figures")
        #endif
        let scale = parsed[Options.quick] ? 10 : 1
        let only = parsed[Options.only]
        let names = shooters.filter { only == nil || $0 == only }
        let assets: URL
        let game: Broadside
        let erased: AnyGame
        do {
            assets = try GameAssets.locate()
            game = try Broadside(variant: "classic", rulesData: Data(contentsOf: assets.appendingPathComponent("games/broadside/classic.json")))
            erased = try GameCatalog.standard.entry(named: Broadside.name).load(variant: "classic", assets: assets)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        print("bots: broadside classic, shots to sink a whole fleet alone, \(trials) trials a row")
        do {
            for name in names {
                let rowTrials = name == "random" ? max(1, trials / 10) : trials
                print(row(name, "random", try sink(game, shooter: name, placer: "random", trials: rowTrials)))
            }
            for placer in ["spread", "evasive"] where only == nil || only == "density" {
                print(row("density", placer, try sink(game, shooter: "density", placer: placer, trials: trials)))
            }
            for (name, cost) in try BotMoveCost.measure(game, names: names, positions: 4_000 / scale) {
                print(String(format: "bots: per-move cost of %@: %.0f ns", name, cost))
            }
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        for name in names {
            let games = name == "random" ? 300_000 / scale : 30_000 / scale
            let rate = MatchBenchmark.best(of: 3) { MatchBenchmark.batch(erased, bots: (name, name), games: games, jobs: 1) }
            print(MatchBenchmark.line("\(name) vs \(name), 1 job", rate).replacingOccurrences(of: "match: ", with: "bots: "))
        }
        do {
            if let search = parsed[Options.search] {
                let searchTrials = parsed[Options.searchTrials]
                let start = ContinuousClock.now
                let cpuStart = FrameBenchmark.threadCPUSeconds()
                let shots = try sink(game, shooter: search, placer: "random", trials: searchTrials)
                let cpu = FrameBenchmark.threadCPUSeconds() - cpuStart
                let seconds = MiniGolfBenchmark.seconds(ContinuousClock.now - start)
                let moves = Double(shots.reduce(0, +) + searchTrials * game.rules.fleet.count)
                print(row(search, "random", shots))
                print(
                    String(
                        format: "bots: per-move cost of %@: %.2f ms of CPU, %.2f ms of wall clock (placements and shots)", search,
                        cpu * 1000 / moves, seconds * 1000 / moves))
            }
            let golfGames = parsed[Options.golf] ?? 200 / scale
            if golfGames > 0 && (only == nil || parsed.isGiven(Options.golf)) { try golf(assets: assets, games: golfGames) }
            if let search = parsed[Options.golfSearch] {
                try golfSearch(assets: assets, name: search, matches: parsed[Options.golfSearchMatches])
            }
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        return 0
    }

    /// Strokes over the course for each golf level in self-play (both seats
    /// counted), with the standard error of the mean, and the cost of a move.
    static func golf(assets: URL, games: Int) throws {
        let data = try Data(contentsOf: assets.appendingPathComponent("games/minigolf/\(MiniGolf.defaultVariant).json"))
        let golf = try MiniGolf(variant: MiniGolf.defaultVariant, rulesData: data)
        let par = golf.rules.holes.reduce(0) { $0 + $1.par }
        print("bots: minigolf \(golf.variant) (\(golf.rules.holes.count) holes, par \(par)), strokes over the course in self-play")
        for name in ["random", "aim:easy", "aim:medium", "aim:hard", "aim"] {
            var totals: [Int] = []
            var moves = 0
            let start = ContinuousClock.now
            for index in 0..<games {
                let setup = MatchSetup(batchSeed: 1, matchIndex: index)
                var zero = try golf.makeBot(named: name, seat: .first, seed: setup.botSeed(for: .first))
                var one = try golf.makeBot(named: name, seat: .second, seed: setup.botSeed(for: .second))
                var observer = NoObserver<MiniGolf>()
                let played = try MatchDriver.play(golf, setup: setup, seat0: &zero, seat1: &one, observer: &observer)
                totals += [played.result.scores.first, played.result.scores.second]
                moves += played.moveCount
            }
            let seconds = MiniGolfBenchmark.seconds(ContinuousClock.now - start)
            let sorted = totals.sorted()
            let mean = Double(sorted.reduce(0, +)) / Double(sorted.count)
            let variance = sorted.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / Double(max(1, sorted.count - 1))
            print(
                String(
                    format: "bots: golf %@: mean %.2f strokes (se %.2f), best %d, median %d, worst %d, %d players; %.0f us per move",
                    name, mean, (variance / Double(sorted.count)).squareRoot(), sorted.first ?? 0, sorted[sorted.count / 2],
                    sorted.last ?? 0, sorted.count, seconds * 1e6 / Double(max(1, moves))))
        }
    }

    /// A golf search bot against `random` over `matches` matches (the search
    /// in seat 0, the first tee alternating): its wins, draws and losses, both
    /// players' mean strokes, and the search's time per move alone.
    static func golfSearch(assets: URL, name: String, matches: Int) throws {
        let data = try Data(contentsOf: assets.appendingPathComponent("games/minigolf/\(MiniGolf.defaultVariant).json"))
        let golf = try MiniGolf(variant: MiniGolf.defaultVariant, rulesData: data)
        var wins = 0
        var draws = 0
        var strokes = SeatPair(0, 0)
        var moves = 0
        var thinking = Duration.zero
        for index in 0..<matches {
            let setup = MatchSetup(batchSeed: 1, matchIndex: index)
            var search = try golf.makeBot(named: name, seat: .first, seed: setup.botSeed(for: .first))
            var random = try golf.makeBot(named: "random", seat: .second, seed: setup.botSeed(for: .second))
            var state = golf.makeInitialState(setup)
            while golf.result(of: state) == nil, let seat = golf.seatsToMove(in: state).seats.first {
                let view = golf.seatView(of: state, for: seat)
                let move: MiniGolfShot?
                if seat == .first {
                    let start = ContinuousClock.now
                    move = search.move(for: view)
                    thinking += ContinuousClock.now - start
                    moves += 1
                } else {
                    move = random.move(for: view)
                }
                guard let move else { throw ArgumentError("\(name) gave no stroke") }
                try golf.play(move, by: seat, in: &state)
            }
            guard let result = golf.result(of: state) else { continue }
            if result.winner == .first { wins += 1 } else if result.winner == nil { draws += 1 }
            strokes = SeatPair(strokes.first + result.scores.first, strokes.second + result.scores.second)
        }
        let count = Double(matches)
        print(
            String(
                format:
                    "bots: golf %@ vs random: %d wins, %d draws, %d losses in %d matches (%.1f%%); mean strokes %.2f against %.2f; %.2f ms per move",
                name, wins, draws, matches - wins - draws, matches, 100 * Double(wins) / count, Double(strokes.first) / count,
                Double(strokes.second) / count, MiniGolfBenchmark.seconds(thinking) * 1000 / Double(max(1, moves))))
    }

    /// The shot counts of `trials` sinking trials, sorted.
    static func sink(_ game: Broadside, shooter: String, placer: String, trials: Int) throws -> [Int] {
        var shots: [Int] = []
        shots.reserveCapacity(trials)
        for trial in 0..<trials {
            shots.append(try SinkingTrial.shots(game, shooter: shooter, placer: placer, seed: UInt64(trial)))
        }
        return shots.sorted()
    }

    /// "density vs random placement: mean 41.93 (se 0.031), median 42, p99 63, max 71".
    static func row(_ shooter: String, _ placer: String, _ sorted: [Int]) -> String {
        let count = Double(sorted.count)
        let mean = Double(sorted.reduce(0, +)) / count
        let variance = sorted.reduce(0.0) { $0 + (Double($1) - mean) * (Double($1) - mean) } / max(1, count - 1)
        let error = (variance / count).squareRoot()
        let median = sorted[sorted.count / 2]
        let p99 = sorted[min(sorted.count - 1, Int(count * 0.99))]
        return String(
            format: "bots: %@ vs %@ placement: mean %.2f (se %.3f), median %d, p99 %d, max %d, %d trials",
            shooter, placer, mean, error, median, p99, sorted.last ?? 0, sorted.count)
    }
}
