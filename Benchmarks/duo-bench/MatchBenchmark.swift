import Broadside
import DuoArguments
import DuoGames
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// `duo-bench match`: the speed of headless matches through the very path
/// `duo-server match` takes (catalog -> AnyGame -> BatchRunner), and the
/// per-move cost of each Broadside bot.
enum MatchBenchmark {
    static let tool = "duo-bench match"

    /// `--quick`.
    static let quick: Option<Bool> = .flag("quick", help: "fewer matches (a quick check, noisier figures)")

    /// The benchmark's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                Figures (release build, Broadside classic rules):
                  random vs random   matches/s on one core (goal >= 100,000)
                  density vs density matches/s and time per match (goal < 2 ms)
                  per-move cost      of each bot, over positions from real matches
                  jobs 1 vs jobs 2   random vs random throughput (goal: close to 2x)
                Each figure is the best of 3 runs; 'cpu' figures divide by the CPU
                time used, which a busy machine does not inflate.
                """),
            .options("options:", [quick.spec]),
        ])

    static func run(_ arguments: [String]) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        let scale = parsed[quick] ? 10 : 1
        #if DEBUG
        print("match: warning: a debug build; use 'swift run -c release duo-bench match' for real figures")
        #endif
        let assets: URL
        let game: AnyGame
        do {
            assets = try GameAssets.locate()
            game = try GameCatalog.standard.entry(named: "broadside").load(variant: "classic", assets: assets)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }

        let random = best(of: 3) { batch(game, bots: ("random", "random"), games: 300_000 / scale, jobs: 1) }
        print(line("random vs random, 1 job", random) + "   (goal >= 100,000/s)")
        let density = best(of: 3) { batch(game, bots: ("density", "density"), games: 3_000 / scale, jobs: 1) }
        print(
            line("density vs density, 1 job", density)
                + String(format: ", %.3f ms per match (cpu %.3f ms)   (goal < 2 ms)", 1000 / density.wallRate, 1000 / density.cpuRate))
        let hunt = best(of: 3) { batch(game, bots: ("hunt", "hunt"), games: 60_000 / scale, jobs: 1) }
        print(line("hunt vs hunt, 1 job", hunt))

        do {
            let broadside = try Broadside(
                variant: "classic", rulesData: Data(contentsOf: assets.appendingPathComponent("games/broadside/classic.json")))
            for (name, cost) in try BotMoveCost.measure(
                broadside, names: broadside.botNames.filter { !$0.hasPrefix(SearchSettings.botName) },
                positions: 4_000 / scale)
            {
                print(String(format: "match: per-move cost of the %@ bot: %.0f ns", name, cost))
            }
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }

        let two = best(of: 3) { batch(game, bots: ("random", "random"), games: 300_000 / scale, jobs: 2) }
        print(
            line("random vs random, 2 jobs", two)
                + String(format: "   jobs 2 / jobs 1 = %.2fx (wall)", two.wallRate / random.wallRate))
        return 0
    }

    /// Throughput of one run: matches per wall-clock second and per CPU second.
    struct Rate {
        var wallRate: Double
        var cpuRate: Double
    }

    static func line(_ label: String, _ rate: Rate) -> String {
        "match: \(label): \(grouped(rate.wallRate)) matches/s (cpu: \(grouped(rate.cpuRate))/s)"
    }

    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var result = ""
        for (index, digit) in digits.reversed().enumerated() {
            if index > 0 && index % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return String(result.reversed())
    }

    static func best(of runs: Int, _ body: () -> Rate) -> Rate {
        var best = Rate(wallRate: 0, cpuRate: 0)
        for _ in 0..<runs {
            let rate = body()
            best.wallRate = max(best.wallRate, rate.wallRate)
            best.cpuRate = max(best.cpuRate, rate.cpuRate)
        }
        return best
    }

    /// One batch through the catalog's erased game: exactly what `duo-server match` runs.
    static func batch(_ game: AnyGame, bots: (String, String), games: Int, jobs: Int) -> Rate {
        let configuration = BatchConfiguration(games: games, seed: 1, bots: SeatPair(bots.0, bots.1), jobs: jobs)
        let cpuStart = processCPUSeconds()
        let report: BatchReport
        do {
            report = try game.runBatch(configuration)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        let cpu = processCPUSeconds() - cpuStart
        return Rate(wallRate: report.matchesPerSecond, cpuRate: Double(report.games) / cpu)
    }

    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}
