import DuoArguments
import Foundation
import TabletopEngine

/// `duo-server match`: plays a batch of matches between two bots and prints
/// a summary (and, with `--json`, the machine-readable results).
enum MatchCommand {
    static let tool = "duo-server match"

    static func help(games: GameCatalog) -> String {
        """
        usage: duo-server match [--game NAME] [--variant NAME] [--bots A,B] [--games N]
                                [--seed S] [--jobs N] [--shard I/N] [--json FILE]
                                [--replays DIR] [--quiet]

        Plays N matches between two bots (A in seat 0, B in seat 1; the seat that
        moves first alternates from match to match) and prints wins per seat with
        95% confidence intervals, the mean and a histogram of shots to win, and
        matches per second. The same game, variant, bots and seed always give the
        same results, whatever --jobs and however the batch is sharded.

        options:
          --game NAME     the game (default \(games.defaultGame))
          --variant NAME  the rules variant, a file of Assets/games/<game>/ (default: the game's)
          --bots A,B      the bots of seat 0 and seat 1 (default density,hunt)
          --games N       matches in the whole batch, 1...1000000000 (default 1000)
          --seed S        the batch seed, 0...18446744073709551615 (default 1);
                          match i is seeded from (S, i) alone
          --jobs N        worker threads, 1...256 (default: the number of cores)
          --shard I/N     play only shard I (0...N-1) of N equal parts of the batch;
                          merge the shards' --json files with 'duo-server merge'
          --json FILE     also write the results as JSON ('-' for standard output,
                          which then gets only the JSON)
          --replays DIR   write each match's replay to DIR/match-NNNNNN.jsonl
          --quiet         no progress on standard error
        \(PostureOption.help)
          --help          show this help

        games:
        \(GameLoading.listing(games))

        examples:
          duo-server match --bots density,random --games 500
          duo-server match --variant salvo --bots hunt,hunt --seed 7 --json out.json
          duo-server match --games 100000 --shard 2/4 --json shard-2.json
        """
    }

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed: ParsedArguments
        let configuration: BatchConfiguration
        do {
            parsed = try ParsedArguments(
                arguments,
                options: Set(["game", "variant", "bots", "games", "seed", "jobs", "shard", "json", "replays"]).union(PostureOption.options),
                flags: Set(["help", "quiet"]).union(PostureOption.flags))
            if parsed.has("help") {
                print(help(games: games))
                return 0
            }
            if let extra = parsed.positionals.first { throw ArgumentError("unexpected argument '\(extra)'") }
            configuration = try makeConfiguration(parsed)
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        let game = GameLoading.load(game: parsed.value("game") ?? games.defaultGame, from: games,
                                    variant: parsed.value("variant"), assets: GameLoading.assets())
        for name in configuration.bots.values {
            do {
                try game.checkBot(named: name)
            } catch {
                CommandExit.usage("--bots: \(error)", tool: tool)
            }
        }
        let postures: PostureOption?
        do {
            postures = try PostureOption.parse(parsed, assets: GameLoading.assets())
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        let jsonPath = parsed.value("json")
        let progress = ProgressReporter(quiet: parsed.has("quiet"))
        let report: BatchReport
        do {
            report = try game.runBatch(configuration, progress: progress.handler)
        } catch {
            progress.finish()
            if case .unknownBot(let unknown) = error { CommandExit.usage("--bots: \(unknown)", tool: tool) }
            CommandExit.failure(error.description, tool: tool)
        }
        progress.finish()
        if jsonPath != "-" { print(report.summaryText) }
        if let postures {
            let findings: [HUDPostureFinding]
            do {
                findings = try postures.run(gameName: parsed.value("game") ?? games.defaultGame, from: games, variant: parsed.value("variant"),
                                            assets: GameLoading.assets(), configuration: configuration, quiet: parsed.has("quiet"))
            } catch let error as ArgumentError {
                CommandExit.usage(error.message, tool: tool)
            } catch {
                CommandExit.failure("posture check: \(error)", tool: tool)
            }
            if !findings.isEmpty {
                for finding in findings.prefix(20) { CommandExit.printError("posture check: \(finding)", tool: tool) }
                let more = findings.count > 20 ? " (the first 20 listed)" : ""
                CommandExit.failure("posture check failed: \(findings.count) violation\(findings.count == 1 ? "" : "s")\(more)", tool: tool)
            }
        }
        if let jsonPath {
            if jsonPath == "-" {
                FileHandle.standardOutput.write(report.jsonData())
            } else {
                do {
                    try report.jsonData().write(to: URL(fileURLWithPath: jsonPath))
                } catch {
                    CommandExit.failure("cannot write \(jsonPath): \(error.localizedDescription)", tool: tool)
                }
            }
        }
        return 0
    }

    static func makeConfiguration(_ parsed: ParsedArguments) throws -> BatchConfiguration {
        let games = try parsed.integer("games", default: 1000, in: 1...1_000_000_000)
        let jobs = try parsed.integer("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        var seed: UInt64 = 1
        if let raw = parsed.value("seed") {
            guard let value = UInt64(raw) else {
                throw ArgumentError("--seed must be a whole number in 0...\(UInt64.max), not '\(raw)'")
            }
            seed = value
        }
        let botList = (parsed.value("bots") ?? "density,hunt").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard botList.count == 2, botList.allSatisfy({ !$0.isEmpty }) else {
            throw ArgumentError("--bots must be two bot names separated by a comma, e.g. density,hunt, not '\(parsed.value("bots") ?? "")'")
        }
        var shard = Shard.whole
        if let raw = parsed.value("shard") {
            do {
                shard = try Shard(parsing: raw)
            } catch {
                throw ArgumentError("--shard: \(error)")
            }
        }
        let replays = parsed.value("replays").map { URL(fileURLWithPath: $0, isDirectory: true) }
        return BatchConfiguration(games: games, seed: seed, bots: SeatPair(botList[0], botList[1]),
                                  jobs: jobs, shard: shard, replayDirectory: replays)
    }
}
