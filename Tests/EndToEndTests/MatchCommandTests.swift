import DuoGames
import DuoTestSupport
import Foundation
import TabletopEngine
import Testing

/// Runs the built `duo-server match`, `merge` and `replay` as a user (or CI) would.
@Suite struct MatchCommandTests {
    let server: BuiltExecutable
    init() throws { server = try BuiltExecutable(named: "duo-server") }

    func temporaryDirectory() throws -> URL {
        try ScratchFolder.make("duo-match")
    }

    func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The fields that must not depend on threads or shards.
    func outcome(_ report: [String: Any]) throws -> String {
        let fields = ["games", "wins", "draws", "meanScoreToWin", "scoresToWin", "firstSeatWins"].map { report[$0] ?? NSNull() }
        return String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func matchPrintsASummaryAndWritesTheJSONResults() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("results.json")
        let run = try server.run(["match", "--games", "40", "--bots", "hunt,random", "--seed", "3", "--json", file.path])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("hunt vs random, 40 matches, seed 3"))
        #expect(run.output.contains("95% CI"))
        #expect(run.output.contains("shots to win: mean"))
        // Not a terminal: progress comes as plain lines on standard error.
        #expect(run.errorOutput.contains("progress: 100% (40/40 matches)"))
        let report = try json(try Data(contentsOf: file))
        #expect(report["games"] as? Int == 40)
        #expect(report["seed"] as? Int == 3)
        #expect(report["bots"] as? [String] == ["hunt", "random"])
        #expect(report["variant"] as? String == "classic")
        let wins = try #require(report["wins"] as? [Int])
        #expect(wins.count == 2 && wins.reduce(0, +) == 40)
        #expect(wins[0] > wins[1])
        #expect((40...60).contains(try #require(report["meanScoreToWin"] as? Double)))
        #expect(try #require(report["matchesPerSecond"] as? Double) > 0)
    }

    @Test func theSameSeedGivesTheSameResultsWhateverTheJobs() throws {
        let arguments = ["match", "--games", "60", "--bots", "density,hunt", "--variant", "salvo", "--seed", "12", "--json", "-", "--quiet"]
        let one = try server.run(arguments + ["--jobs", "1"])
        let two = try server.run(arguments + ["--jobs", "2"])
        #expect(one.status == 0 && two.status == 0, "\(one.errorOutput)\(two.errorOutput)")
        #expect(one.errorOutput.isEmpty)
        #expect(try outcome(try json(one.stdout)) == outcome(try json(two.stdout)))
        let other = try server.run([
            "match", "--games", "60", "--bots", "density,hunt", "--variant", "salvo", "--seed", "13", "--json", "-", "--quiet",
        ])
        #expect(try outcome(try json(other.stdout)) != outcome(try json(one.stdout)))
    }

    @Test func mergedShardsEqualTheUnshardedRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let common = ["match", "--games", "45", "--bots", "random,hunt", "--seed", "5", "--quiet"]
        let whole = try server.run(common + ["--json", "-"])
        var files: [String] = []
        for index in 0..<3 {
            let file = directory.appendingPathComponent("shard-\(index).json").path
            let run = try server.run(common + ["--shard", "\(index)/3", "--json", file])
            #expect(run.status == 0, "\(run.errorOutput)")
            files.append(file)
        }
        let partial = try server.run(["merge", files[0], files[2]])
        #expect(partial.status == 3)
        #expect(partial.errorOutput.contains("shard 1 of 3 missing"))
        let merged = try server.run(["merge"] + files + ["--json", "-"])
        #expect(merged.status == 0, "\(merged.errorOutput)")
        #expect(try outcome(try json(merged.stdout)) == outcome(try json(whole.stdout)))
        let twice = try server.run(["merge", files[0], files[0]])
        #expect(twice.status == 1)
        #expect(twice.errorOutput.contains("shard 0 given twice"))
    }

    @Test func replaysAreWrittenVerifiedAndCorruptionIsNamedByLine() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try server.run(["match", "--games", "3", "--bots", "density,random", "--replays", directory.path, "--quiet"])
        #expect(run.status == 0, "\(run.errorOutput)")
        let replay = directory.appendingPathComponent("match-000001.jsonl")
        let verified = try server.run(["replay", replay.path])
        #expect(verified.status == 0, "\(verified.errorOutput)")
        #expect(verified.output.hasPrefix("ok: "))
        #expect(verified.output.contains("every state hash matches"))
        let seatView = try server.run(["replay", replay.path, "--seat", "1"])
        #expect(seatView.output.contains("(hidden from seat 1)"))
        #expect(seatView.output.contains("your fleet"))
        var lines = try String(contentsOf: replay, encoding: .utf8).split(separator: "\n").map(String.init)
        lines[20] = lines[20].replacingOccurrences(of: "\"hash\":\"", with: "\"hash\":\"0").replacingOccurrences(
            of: #"0(.)([0-9a-f]{15})""#, with: "0$2\"", options: .regularExpression)
        try (lines.joined(separator: "\n") + "\n").write(to: replay, atomically: true, encoding: .utf8)
        let corrupt = try server.run(["replay", replay.path])
        #expect(corrupt.status == 1)
        #expect(corrupt.errorOutput.contains("line 21: hashMismatch"), "\(corrupt.errorOutput)")
        try (lines.prefix(10).joined(separator: "\n") + "\n").write(to: replay, atomically: true, encoding: .utf8)
        let truncated = try server.run(["replay", replay.path])
        #expect(truncated.status == 1)
        #expect(truncated.errorOutput.contains("line 11: truncated"), "\(truncated.errorOutput)")
    }

    @Test(arguments: [
        (["match", "--games", "0"], "--games must be a whole number in 1...1000000000, not '0'"),
        (["match", "--bots", "random"], "--bots must be two bot names separated by a comma"),
        (["match", "--bots", "random,oracle"], "unknown bot 'oracle'"),
        (["match", "--shard", "3/3"], "--shard: shard 3/3 is not a shard"),
        (["match", "--game", "chess"], "unknown game 'chess' (known: \(GameCatalog.standard.names.joined(separator: ", ")))"),
        (["match", "--variant", "blitz"], "broadside has no variant 'blitz' (known: classic, salvo)"),
        (["match", "--fast"], "unknown option --fast"),
        (["replay"], "replay needs a FILE"),
        (["conquer"], "unknown command 'conquer'"),
    ])
    func badCommandLinesAreOneLineErrorsWithStatusTwo(arguments: [String], message: String) throws {
        let run = try server.run(arguments)
        #expect(run.status == 2)
        #expect(run.errorOutput.contains(message), "\(run.errorOutput)")
        #expect(run.errorOutput.split(separator: "\n").count == 1)
        #expect(run.output.isEmpty)
    }

    @Test func everyCommandExplainsItselfWithHelp() throws {
        for command in ["match", "merge", "replay"] {
            let run = try server.run([command, "--help"])
            #expect(run.status == 0)
            #expect(run.output.contains("usage: duo-server \(command)"))
        }
        let top = try server.run(["--help"])
        #expect(top.output.contains("match") && top.output.contains("merge") && top.output.contains("replay"))
    }
}
