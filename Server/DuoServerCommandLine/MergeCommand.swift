import DuoArguments
import DuoPlatform
import DuoSupport
import Foundation
import TabletopEngine

/// `duo-server merge`: adds up the `--json` results of a batch's shards.
enum MergeCommand {
    static let tool = "duo-server merge"

    static let help = """
        usage: duo-server merge FILE... [--json FILE] [--quiet]

        Combines the --json results of shards of one batch (same game, variant,
        seed, bots, --games and shard count) into the batch's totals: once every
        shard is there, exactly the numbers of the unsharded run. Prints the
        summary; says which shards are missing, if any (exit status 3).

        options:
          --json FILE   also write the merged results as JSON ('-' for standard output only)
          --help        show this help

        example:
          duo-server merge shard-*.json --json batch.json
        """

    /// Exit status when the merge succeeded but shards are missing.
    static let incompleteStatus: Int32 = 3

    static func run(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ParsedArguments(arguments, options: ["json"], flags: ["help"])
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        if parsed.has("help") {
            print(help)
            return 0
        }
        guard !parsed.positionals.isEmpty else { CommandExit.usage("merge needs at least one results file", tool: tool) }
        var reports: [BatchReport] = []
        for path in parsed.positionals {
            do throws(DataFileError) {
                let data = try DataFileDecoder.contents(of: URL(fileURLWithPath: path))
                reports.append(try DataFileDecoder.decodeIgnoringUnknownFields(BatchReport.self, from: data))
            } catch let error where error.kind == .unreadable {
                CommandExit.failure("\(path): \(error.problem)", tool: tool)
            } catch {
                CommandExit.failure("\(path): not a results file of 'duo-server match --json': \(error)", tool: tool)
            }
        }
        let merged: BatchReport
        do {
            merged = try BatchReport.merge(reports)
        } catch {
            CommandExit.failure(error.description, tool: tool)
        }
        let jsonPath = parsed.value("json")
        if jsonPath != "-" { print(merged.summaryText) }
        if let jsonPath {
            if jsonPath == "-" {
                FileHandle.standardOutput.write(merged.jsonData())
            } else {
                do {
                    try merged.jsonData().write(to: URL(fileURLWithPath: jsonPath))
                } catch {
                    CommandExit.failure("cannot write \(jsonPath): \(error.localizedDescription)", tool: tool)
                }
            }
        }
        guard merged.isComplete else {
            let missing = Set(0..<merged.shardCount).subtracting(merged.shards).sorted()
            CommandExit.printError("incomplete: shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ",")) of \(merged.shardCount) missing", tool: tool)
            return incompleteStatus
        }
        return 0
    }
}
