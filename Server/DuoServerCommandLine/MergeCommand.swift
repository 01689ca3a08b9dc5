import DuoArguments
import DuoPlatform
import DuoSupport
import Foundation
import TabletopEngine

/// `duo-server merge`: adds up the `--json` results of a batch's shards.
enum MergeCommand {
    static let tool = "\(DuoServerCommand.tool) merge"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let json: Option<String?> = .text("json", "FILE", help: "also write the merged results as JSON ('-' for standard output only)")
        static let junit: Option<String?> = .text("junit", "FILE", help: "also write the expectations (and SPRT) as JUnit XML")
        static let expect: Option<[String]> = .repeatable(
            "expect", "EXPR", help: "fail (exit 1) unless EXPR holds for the merged batch, as in 'match'")
        static let html: Option<String?> = .text("html", "FILE", help: "also write the merged batch's self-contained HTML page, as in 'match'")
        static let replays: Option<String?> = .text(
            "replays", "DIR", help: "with --html: the folder holding the shards' replays, to draw and link the notable matches")
        static let show: Option<[String]> = .repeatable("show", "MATCH", help: "with --html, also draw match MATCH (an index)")
    }

    /// The command's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool, positionals: "FILE...",
        sections: [
            .usage,
            .text(
                """
                Combines the --json results of shards of one batch (same game, variant,
                seed, bots, --games, --pairs, --sprt and shard count) into the batch's
                totals: once every shard is there, exactly the numbers of the unsharded
                run (with --sprt, the test runs again over every shard's games in index
                order: the verdict and its stop are the unsharded run's). A file whose
                own numbers do not add up is refused. Prints the summary.
                """),
            .text(
                """
                exit status: 0 merged, 1 a file unreadable, refused or of another batch,
                2 a bad flag, 3 merged but shards are missing (named), 4 SPRT accepted H0,
                5 SPRT undecided
                """),
            .options(
                "options:", [Options.json.spec, Options.junit.spec, Options.expect.spec, Options.html.spec, Options.replays.spec, Options.show.spec]),
            .list("example:", ["\(DuoServerCommand.tool) merge shard-*.json --json batch.json"]),
        ])

    /// Exit status when the merge succeeded but shards are missing.
    static let incompleteStatus: Int32 = 3

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        guard !parsed.positionals.isEmpty else { CommandExit.usage("merge needs at least one results file", tool: tool) }
        let jsonPath: String?
        let junitPath: String?
        let expectations: [BatchExpectation]
        let htmlPath: String?
        do {
            htmlPath = try parsed.outputPath(Options.html)
            guard htmlPath != "-" else { throw ArgumentError("--html needs a file, not standard output") }
            jsonPath = try parsed.outputPath(Options.json)
            junitPath = try parsed.outputPath(Options.junit)
            guard junitPath != "-" || jsonPath != "-" else { throw ArgumentError("--json - and --junit - cannot both use standard output") }
            expectations = try parsed[Options.expect].map { text in
                do throws(BatchError) { return try BatchExpectation(parsing: text) } catch { throw ArgumentError("--expect: \(error)") }
            }
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        var reports: [BatchReport] = []
        for path in parsed.positionals {
            do throws(DataFileError) {
                let data = try DataFileDecoder.contents(of: URL(fileURLWithPath: path))
                let report = try decode(data, path: path)
                do {
                    try report.checkSums()
                } catch {
                    CommandExit.failure("\(path): refused: \(error)", tool: tool)
                }
                reports.append(report)
            } catch let error where error.kind == .unreadable {
                CommandExit.failure("\(path): \(error.problem)", tool: tool)
            } catch {
                CommandExit.failure("\(path): not a results file of '\(DuoServerCommand.tool) match --json': \(error)", tool: tool)
            }
        }
        var merged: BatchReport
        do {
            merged = try BatchReport.merge(reports)
        } catch {
            CommandExit.failure(error.description, tool: tool)
        }
        merged.expectations = expectations.map { $0.check(merged) }
        if jsonPath != "-" && junitPath != "-" { print(merged.summaryText) }
        ReportOutput.write([(jsonPath, merged.jsonData()), (junitPath, JUnitReport(report: merged, postureFindings: []).xmlData())], tool: tool)
        if let htmlPath {
            let shown: [Int]
            do {
                shown = try HTMLReportWriter.shownMatches(parsed[Options.show], games: merged.batchGames)
            } catch {
                CommandExit.usage("\(error)", tool: tool)
            }
            // The game draws the text form of a notable match; a game this build does not know leaves the pictures out.
            let game = (try? games.entry(named: merged.game)).flatMap { try? $0.load(variant: merged.variant, assets: GameLoading.assets()) }
            let replays = parsed[Options.replays].map { URL(fileURLWithPath: $0, isDirectory: true) }
            HTMLReportWriter.write(merged, to: htmlPath, show: shown, replays: replays, linkReplays: replays != nil, game: game, tool: tool)
        }
        let failed = merged.expectations.filter { !$0.passed }
        for result in failed { CommandExit.printError("expectation failed: \(result.summaryText)", tool: tool) }
        if !failed.isEmpty { return CommandExit.failureStatus }
        guard merged.isComplete else {
            let missing = Set(0..<merged.shardCount).subtracting(merged.shards).sorted()
            CommandExit.printError(
                "incomplete: shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ",")) of \(merged.shardCount) missing",
                tool: tool)
            return incompleteStatus
        }
        switch merged.sprt?.verdict {
        case .h0?: return MatchCommand.sprtH0Status
        case .undecided?: return MatchCommand.sprtUndecidedStatus
        default: return 0
        }
    }

    /// Decodes one results file; a file of an older version exits 1 saying why.
    private static func decode(_ data: Data, path: String) throws(DataFileError) -> BatchReport {
        do {
            return try BatchReport.decode(data) { data in try DataFileDecoder.decodeIgnoringUnknownFields(BatchReport.self, from: data) }
        } catch let error as BatchError {
            CommandExit.failure("\(path): \(error)", tool: tool)
        } catch let error as DataFileError {
            throw error
        } catch {
            CommandExit.failure("\(path): not a results file of '\(DuoServerCommand.tool) match --json': \(error)", tool: tool)
        }
    }
}
