import DuoArguments
import Foundation
import TabletopEngine

/// `duo-server match`: plays a batch of matches between two bots and prints
/// a summary (and, with `--json`, the machine-readable results).
enum MatchCommand {
    static let tool = "duo-server match"

    /// Exit status when the SPRT accepted H0 (A is not elo1 stronger).
    static let sprtH0Status: Int32 = 4
    /// Exit status when the SPRT reached the game limit undecided.
    static let sprtUndecidedStatus: Int32 = 5

    static func help(games: GameCatalog) -> String {
        """
        usage: duo-server match [--game NAME] [--variant NAME] [--bots A,B] [--games N] [--pairs]
                                [--sprt SPEC] [--seed S] [--jobs N] [--shard I/N] [--json FILE]
                                [--junit FILE] [--expect EXPR]... [--move-time-ms MS]
                                [--replays DIR] [--quiet]

        Plays N matches between bot A and bot B (A in seat 0, B in seat 1; the seat
        that moves first alternates from match to match) and prints wins per seat
        with 95% confidence intervals, A against B (score, Elo difference with its
        95% interval, likelihood of superiority), the first-seat advantage, the
        mean and a histogram of the winner's score, and matches per second. The
        same game, variant, bots and seed always give the same results, whatever
        --jobs and however the batch is sharded.

        options:
          --game NAME     the game (default \(games.defaultGame))
          --variant NAME  the rules variant, a file of Assets/games/<game>/ (default: the game's)
          --bots A,B      bot A and bot B (default density,hunt); a name exec:PROGRAM runs an
                          outside bot as a child process speaking JSON lines (docs/BOTS.md)
          --games N       matches in the whole batch, 1...1000000000 (default 1000); even with --pairs
          --pairs         play each deal twice with the seats swapped (same seed and first
                          mover both times) and count the pairs (the pentanomial)
          --sprt SPEC     stop once a sequential test decides between H0 (A is elo0 stronger)
                          and H1 (elo1): elo0=0,elo1=10,alpha=0.05,beta=0.05 (keys left out keep
                          those values); --games is the limit. Exit 0: H1, 4: H0, 5: undecided
          --seed S        the batch seed, 0...18446744073709551615 (default 1);
                          match i is seeded from (S, i) alone (paired: from (S, i/2))
          --jobs N        worker threads, 1...256 (default: the number of cores)
          --shard I/N     play only shard I (0...N-1) of N equal parts of the batch;
                          merge the shards' --json files with 'duo-server merge'
          --json FILE     also write the results as JSON ('-' for standard output,
                          which then gets only the JSON)
          --junit FILE    also write the expectations (and SPRT, posture check) as JUnit XML
          --expect EXPR   fail (exit 1) unless EXPR holds, e.g. 'score(A)>=0.9', 'elo>=0',
                          'firstSeat<=0.55'; repeatable. Figures: \(BatchExpectation.figures.joined(separator: ", "))
          --move-time-ms MS  the time an outside bot has for each move, 1...600000 (default 1000)
          --replays DIR   write each match's replay to DIR/match-NNNNNN.jsonl
          --quiet         no progress on standard error
        \(PostureOption.help)
          --help          show this help

        exit status: 0 done (SPRT: H1 accepted), 1 a failure or an unmet --expect,
        2 a bad flag or value (nothing played), 4 SPRT accepted H0, 5 SPRT undecided

        games:
        \(GameLoading.listing(games))

        examples:
          duo-server match --bots density,random --games 500
          duo-server match --bots density,hunt --pairs --games 2000 --expect 'elo>=0'
          duo-server match --bots density,random --sprt elo0=0,elo1=10 --games 20000
          duo-server match --bots exec:Examples/ExecBot/random_bot.py,random --games 20
          duo-server match --games 100000 --shard 2/4 --json shard-2.json
        """
    }

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed = ParsedArguments.forCommand(
            arguments,
            options: Set(["game", "variant", "bots", "games", "seed", "jobs", "shard", "json", "junit", "replays", "sprt", "expect",
                          "move-time-ms"]).union(PostureOption.options),
            flags: Set(["help", "quiet", "pairs"]).union(PostureOption.flags),
            repeatable: ["expect"], tool: tool, help: help(games: games) + "\n")
        let configuration: BatchConfiguration
        let expectations: [BatchExpectation]
        let jsonPath: String?
        let junitPath: String?
        do {
            if let extra = parsed.positionals.first { throw ArgumentError("unexpected argument '\(extra)'") }
            configuration = try makeConfiguration(parsed)
            expectations = try parsed.values("expect").map { text in
                do throws(BatchError) { return try BatchExpectation(parsing: text) } catch { throw ArgumentError("--expect: \(error)") }
            }
            jsonPath = try parsed.outputPath("json")
            junitPath = try parsed.outputPath("junit")
            guard junitPath != "-" || jsonPath != "-" else { throw ArgumentError("--json - and --junit - cannot both use standard output") }
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        let gameName = parsed.value("game") ?? games.defaultGame
        let game = GameLoading.load(game: gameName, from: games, variant: parsed.value("variant"), assets: GameLoading.assets())
        for name in configuration.bots.values {
            do {
                if try ExternalBotCommand(name: name) != nil { continue }
                try game.checkBot(named: name)
            } catch let error as BatchError {
                CommandExit.usage("--bots: \(error)", tool: tool)
            } catch {
                CommandExit.usage("--bots: \(error)", tool: tool)
            }
        }
        let postures: PostureOption?
        do {
            postures = try PostureOption.parse(parsed, assets: GameLoading.assets())
        } catch let error as BrokenProfile {
            CommandExit.failure(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        if postures != nil, configuration.bots.values.contains(where: { $0.hasPrefix(ExternalBotCommand.prefix) }) {
            CommandExit.usage("--postures and --posture-walk play the game's own bots, not exec: bots", tool: tool)
        }
        if let directory = configuration.replayDirectory {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                CommandExit.usage("--replays: cannot create '\(directory.path)': \(error.localizedDescription)", tool: tool)
            }
        }
        let progress = ProgressReporter(quiet: parsed.has("quiet"))
        var report: BatchReport
        do {
            report = try game.runBatch(configuration, progress: progress.handler)
        } catch {
            progress.finish()
            if case .unknownBot(let unknown) = error { CommandExit.usage("--bots: \(unknown)", tool: tool) }
            CommandExit.failure(error.description, tool: tool)
        }
        progress.finish()
        var findings: [HUDPostureFinding] = []
        if let postures {
            // The posture check plays the matches the batch counted: with an SPRT, up to its stop.
            var checkedConfiguration = configuration
            if report.sprt?.covers == .wholeBatch { checkedConfiguration.games = report.games }
            do {
                let checked = try postures.run(gameName: gameName, from: games, variant: parsed.value("variant"),
                                               assets: GameLoading.assets(), configuration: checkedConfiguration)
                findings = checked.findings
                report.postures = checked.totals
            } catch let error as ArgumentError {
                CommandExit.usage(error.message, tool: tool)
            } catch {
                CommandExit.failure("posture check: \(error)", tool: tool)
            }
        }
        report.expectations = expectations.map { $0.check(report) }
        if jsonPath != "-" && junitPath != "-" { print(report.summaryText) }
        ReportOutput.write([(jsonPath, report.jsonData()), (junitPath, JUnitReport(report: report, postureFindings: findings).xmlData())], tool: tool)
        if !findings.isEmpty {
            for finding in findings.prefix(20) { CommandExit.printError("posture check: \(finding)", tool: tool) }
            let more = findings.count > 20 ? " (the first 20 listed)" : ""
            CommandExit.printError("posture check failed: \(findings.count) violation\(findings.count == 1 ? "" : "s")\(more)", tool: tool)
        }
        let failed = report.expectations.filter { !$0.passed }
        for result in failed { CommandExit.printError("expectation failed: \(result.summaryText)", tool: tool) }
        if !findings.isEmpty || !failed.isEmpty { return CommandExit.failureStatus }
        // One shard's verdict is not the batch's: only 'merge' of every shard gives the SPRT's status.
        guard let sprt = report.sprt, sprt.covers == .wholeBatch else { return 0 }
        switch sprt.verdict {
        case .h0: return sprtH0Status
        case .undecided: return sprtUndecidedStatus
        case .h1: return 0
        }
    }

    static func makeConfiguration(_ parsed: ParsedArguments) throws -> BatchConfiguration {
        let games = try parsed.integer("games", default: 1000, in: 1...1_000_000_000)
        let jobs = try parsed.integer("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        let moveTime = try parsed.integer("move-time-ms", default: BatchConfiguration.defaultMoveTimeMilliseconds, in: 1...600_000)
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
        var sprt: SPRTSettings?
        do throws(BatchError) {
            if let raw = parsed.value("shard") { shard = try Shard(parsing: raw) }
        } catch {
            throw ArgumentError("--shard: \(error)")
        }
        do throws(BatchError) {
            if let raw = parsed.value("sprt") { sprt = try SPRTSettings(parsing: raw) }
        } catch {
            throw ArgumentError("--\(error)")
        }
        let paired = parsed.has("pairs")
        if paired && games % 2 != 0 { throw ArgumentError("--pairs needs an even --games (two matches per deal), not \(games)") }
        let replays = parsed.value("replays").map { URL(fileURLWithPath: $0, isDirectory: true) }
        let configuration = BatchConfiguration(games: games, seed: seed, bots: SeatPair(botList[0], botList[1]), paired: paired,
                                               sprt: sprt, moveTimeMilliseconds: moveTime, jobs: jobs, shard: shard,
                                               replayDirectory: replays)
        do throws(BatchError) {
            try configuration.validate()
        } catch {
            throw ArgumentError("\(error)")
        }
        return configuration
    }
}
