import DuoArguments
import Foundation
import TabletopEngine

/// `duo-server match`: plays a batch of matches between two bots and prints
/// a summary (and, with `--json`, the machine-readable results).
enum MatchCommand {
    static let tool = "\(DuoServerCommand.tool) match"

    /// Exit status when the SPRT accepted H0 (A is not elo1 stronger).
    static let sprtH0Status: Int32 = 4
    /// Exit status when the SPRT reached the game limit undecided.
    static let sprtUndecidedStatus: Int32 = 5

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let game: Option<String?> = .text("game", "NAME", help: "the game")
        static let variant: Option<String?> = .text(
            "variant", "NAME", defaultText: "the game's", help: "the rules variant, a file of Assets/games/<game>/")
        static let bots: Option<String?> = .text(
            "bots", "A,B", defaultText: "the game's pair",
            help: """
                bot A and bot B; a name exec:PROGRAM runs an
                outside bot as a child process speaking JSON lines (docs/BOTS.md)
                """)
        static let games: Option<Int> = .integer("games", in: 1...1_000_000_000, default: 1000, help: "matches in the whole batch; even with --pairs")
        static let pairs: Option<Bool> = .flag(
            "pairs",
            help: """
                play each deal twice with the seats swapped (same seed and first
                mover both times) and count the pairs (the pentanomial)
                """)
        static let sprt: Option<String?> = .text(
            "sprt", "SPEC",
            help: """
                stop once a sequential test decides between H0 (A is elo0 stronger)
                and H1 (elo1): elo0=0,elo1=10,alpha=0.05,beta=0.05 (keys left out keep
                those values); --games is the limit. Exit 0: H1, 4: H0, 5: undecided
                """)
        static let seed: Option<UInt64> = .unsigned(
            "seed", "S", default: 1,
            help: """
                the batch seed;
                match i is seeded from (S, i) alone (paired: from (S, i/2))
                """)
        static let jobs: Option<Int?> = .integer("jobs", in: 1...256, defaultText: "the number of cores", help: "worker threads")
        static let shard: Option<String?> = .text(
            "shard", "I/N",
            help: """
                play only shard I (0...N-1) of N equal parts of the batch;
                merge the shards' --json files with '\(DuoServerCommand.tool) merge'
                """)
        static let json: Option<String?> = .text(
            "json", "FILE",
            help: """
                also write the results as JSON ('-' for standard output,
                which then gets only the JSON)
                """)
        static let junit: Option<String?> = .text("junit", "FILE", help: "also write the expectations (and SPRT, posture check) as JUnit XML")
        static let expect: Option<[String]> = .repeatable(
            "expect", "EXPR",
            help: """
                fail (exit 1) unless EXPR holds, e.g. 'score(A)>=0.9', 'elo>=0',
                'firstSeat<=0.55'. Figures: \(BatchExpectation.figures.joined(separator: ", "))
                """)
        static let moveTime: Option<Int> = .integer(
            "move-time-ms", "MS", in: 1...600_000, default: BatchConfiguration.defaultMoveTimeMilliseconds,
            help: "the time an outside bot has for each move")
        static let replays: Option<String?> = .text("replays", "DIR", help: "write each match's replay to DIR/match-NNNNNN.jsonl")
        static let html: Option<String?> = .text(
            "html", "FILE",
            help: """
                also write a self-contained HTML page: the summary, rating, plots,
                forfeits and the notable matches drawn (linked to their replays with --replays)
                """)
        static let show: Option<[String]> = .repeatable("show", "MATCH", help: "with --html, also draw match MATCH (an index)")
        static let quiet: Option<Bool> = .flag("quiet", help: "no progress on standard error")
    }

    /// The command's declaration: its help and what it accepts.
    static func command(games: GameCatalog) -> CommandSpec {
        CommandSpec(
            tool,
            sections: [
                .usage,
                .text(
                    """
                    Plays N matches between bot A and bot B (A in seat 0, B in seat 1; the seat
                    that moves first alternates from match to match) and prints wins per seat
                    with 95% confidence intervals, A against B (score, Elo difference with its
                    95% interval, likelihood of superiority), the first-seat advantage, the
                    mean and a histogram of the winner's score, and matches per second. The
                    same game, variant, bots and seed always give the same results, whatever
                    --jobs and however the batch is sharded.
                    """),
                .options(
                    "options:",
                    [
                        Options.game.with(defaultText: games.defaultGame).spec, Options.variant.spec, Options.bots.spec, Options.games.spec,
                        Options.pairs.spec, Options.sprt.spec, Options.seed.spec, Options.jobs.spec, Options.shard.spec, Options.json.spec,
                        Options.junit.spec, Options.expect.spec, Options.moveTime.spec, Options.replays.spec, Options.html.spec, Options.show.spec,
                        Options.quiet.spec,
                    ] + PostureOption.specs),
                .text(
                    """
                    exit status: 0 done (SPRT: H1 accepted), 1 a failure or an unmet --expect,
                    2 a bad flag or value (nothing played), 4 SPRT accepted H0, 5 SPRT undecided
                    """),
                .deferred { "games:\n\(GameLoading.listing(games))" },
                .list(
                    "examples:",
                    [
                        "\(DuoServerCommand.tool) match --bots density,random --games 500",
                        "\(DuoServerCommand.tool) match --bots density,hunt --pairs --games 2000 --expect 'elo>=0'",
                        "\(DuoServerCommand.tool) match --bots density,random --sprt elo0=0,elo1=10 --games 20000",
                        "\(DuoServerCommand.tool) match --bots exec:Examples/ExecBot/random_bot.py,random --games 20",
                        "\(DuoServerCommand.tool) match --games 100000 --shard 2/4 --json shard-2.json",
                    ]),
            ])
    }

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed = command(games: games).parseOrExit(arguments)
        var configuration: BatchConfiguration
        let expectations: [BatchExpectation]
        let jsonPath: String?
        let junitPath: String?
        let htmlPath: String?
        let shown: [Int]
        do {
            configuration = try makeConfiguration(parsed)
            htmlPath = try parsed.outputPath(Options.html)
            guard htmlPath != "-" else { throw ArgumentError("--html needs a file, not standard output") }
            shown = try HTMLReportWriter.shownMatches(parsed[Options.show], games: configuration.games)
            if !shown.isEmpty && htmlPath == nil { throw ArgumentError("--show draws a match on the --html page: give --html FILE") }
            expectations = try parsed[Options.expect].map { text in
                do throws(BatchError) { return try BatchExpectation(parsing: text) } catch { throw ArgumentError("--expect: \(error)") }
            }
            jsonPath = try parsed.outputPath(Options.json)
            junitPath = try parsed.outputPath(Options.junit)
            guard junitPath != "-" || jsonPath != "-" else { throw ArgumentError("--json - and --junit - cannot both use standard output") }
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        let gameName = parsed[Options.game] ?? games.defaultGame
        let game = GameLoading.load(game: gameName, from: games, variant: parsed[Options.variant], assets: GameLoading.assets())
        // No --bots: the game's own pair (each game names its default bots).
        if parsed[Options.bots] == nil { configuration.bots = game.defaultBots }
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
        // The page draws its notable matches from their replays: kept in a scratch folder when --replays was not asked for.
        let scratchReplays =
            htmlPath != nil && configuration.replayDirectory == nil
            ? FileManager.default.temporaryDirectory.appendingPathComponent("duo-replays-\(UUID().uuidString)", isDirectory: true) : nil
        defer { if let scratchReplays { try? FileManager.default.removeItem(at: scratchReplays) } }
        let linkReplays = configuration.replayDirectory != nil
        if let scratchReplays { configuration.replayDirectory = scratchReplays }
        if let directory = configuration.replayDirectory {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                CommandExit.usage("--replays: cannot create '\(directory.path)': \(error.localizedDescription)", tool: tool)
            }
        }
        let progress = ProgressReporter(quiet: parsed[Options.quiet])
        var report: BatchReport
        do {
            report = try game.runBatch(configuration, progress: progress.handler)
        } catch {
            progress.finish()
            if case .unknownBot(let unknown) = error { CommandExit.usage("--bots: \(unknown)", tool: tool) }
            if let htmlPath {
                // The page says what stopped the batch.
                let empty = BatchReport(
                    game: game.name, variant: game.variant, rulesHash: game.rulesHash, scoreUnit: game.scoreUnit,
                    configuration: configuration, tally: BatchTally(), elapsedSeconds: 0)
                HTMLReportWriter.write(
                    empty, to: htmlPath, show: [], replays: nil, linkReplays: false, game: game, error: error.description, tool: tool)
            }
            if let scratchReplays { try? FileManager.default.removeItem(at: scratchReplays) }
            CommandExit.failure(error.description, tool: tool)
        }
        progress.finish()
        var findings: [HUDPostureFinding] = []
        if let postures {
            // The posture check plays the matches the batch counted: with an SPRT, up to its stop.
            var checkedConfiguration = configuration
            if report.sprt?.covers == .wholeBatch { checkedConfiguration.games = report.games }
            do {
                let checked = try postures.run(
                    gameName: gameName, from: games, variant: parsed[Options.variant],
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
        ReportOutput.write(
            [(jsonPath, report.jsonData()), (junitPath, JUnitReport(report: report, postureFindings: findings).xmlData())], tool: tool)
        if let htmlPath {
            HTMLReportWriter.write(
                report, to: htmlPath, show: shown, replays: configuration.replayDirectory, linkReplays: linkReplays, game: game, tool: tool)
        }
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

    static func makeConfiguration(_ parsed: ParsedOptions) throws -> BatchConfiguration {
        let games = parsed[Options.games]
        let jobs = parsed[Options.jobs] ?? ProcessInfo.processInfo.activeProcessorCount
        let moveTime = parsed[Options.moveTime]
        let seed = parsed[Options.seed]
        // Without --bots, placeholders until the game (loaded next) names its own pair.
        let botText = parsed[Options.bots] ?? "A,B"
        let botList = botText.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard botList.count == 2, botList.allSatisfy({ !$0.isEmpty }) else {
            throw ArgumentError("--bots must be two bot names separated by a comma, e.g. density,hunt, not '\(botText)'")
        }
        var shard = Shard.whole
        var sprt: SPRTSettings?
        do throws(BatchError) {
            if let raw = parsed[Options.shard] { shard = try Shard(parsing: raw) }
        } catch {
            throw ArgumentError("--shard: \(error)")
        }
        do throws(BatchError) {
            if let raw = parsed[Options.sprt] { sprt = try SPRTSettings(parsing: raw) }
        } catch {
            throw ArgumentError("--\(error)")
        }
        let paired = parsed[Options.pairs]
        if paired && games % 2 != 0 { throw ArgumentError("--pairs needs an even --games (two matches per deal), not \(games)") }
        let replays = parsed[Options.replays].map { URL(fileURLWithPath: $0, isDirectory: true) }
        let configuration = BatchConfiguration(
            games: games, seed: seed, bots: SeatPair(botList[0], botList[1]), paired: paired,
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
