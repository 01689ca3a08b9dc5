import DuoTestSupport
import Foundation
import Testing

/// One test per exit-status or message bug reported against the commands
/// (issue "exit codes and messages a CI can trust"), each run end to end.
@Suite struct ReportedBugTests {
    let duo: BuiltExecutable
    let server: BuiltExecutable
    init() throws {
        duo = try BuiltExecutable(named: "duo")
        server = try BuiltExecutable(named: "duo-server")
    }

    func temporaryDirectory() throws -> URL {
        try ScratchFolder.make("duo-bugs")
    }

    /// A usage error: status 2, one line on standard error containing `message`, nothing on standard output.
    func expectUsageError(_ run: ProcessResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status == 2, "\(run.errorOutput)", sourceLocation: sourceLocation)
        #expect(run.errorOutput.contains(message), "\(run.errorOutput)", sourceLocation: sourceLocation)
        #expect(run.errorOutput.split(separator: "\n").count == 1, "\(run.errorOutput)", sourceLocation: sourceLocation)
        #expect(run.output.isEmpty, sourceLocation: sourceLocation)
    }

    @Test func anUnknownVariantIsAUsageErrorInTheWindowScreenshotAndLint() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("duo-bugs-\(UUID().uuidString).png").path
        for command in [[], ["screenshot", "--out", out], ["lint"]] {
            expectUsageError(try duo.run(command + ["--variant", "nope"]), "unknown variant 'nope' of broadside (known: classic, salvo)")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "no picture written")
    }

    @Test func lintChecksTheVariantOfTheGameItIsGiven() throws {
        expectUsageError(try duo.run(["lint", "--game", "minigolf", "--variant", "nope"]), "unknown variant 'nope' of minigolf (known: meadow)")
    }

    @Test func aMalformedProfileFileIsTheSameFailureInDuoAndInThePostureWalk() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let profile = directory.appendingPathComponent("broken.json")
        try "{\"name\": ".write(to: profile, atomically: true, encoding: .utf8)
        let window = try duo.run(["--profile", profile.path])
        let walk = try server.run(["match", "--games", "2", "--posture-walk", "--posture-profile", profile.path, "--quiet"])
        #expect(window.status == 1 && walk.status == 1, "\(window.errorOutput)\(walk.errorOutput)")
        #expect(walk.errorOutput.contains("not valid JSON"))
        expectUsageError(try server.run(["match", "--posture-walk", "--posture-profile", "nope"]), "--posture-profile must be one of")
    }

    @Test func duoServerWithNoCommandIsAUsageError() throws {
        let run = try server.run([])
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.errorOutput.contains("usage: duo-server <command>") && run.errorOutput.contains("error: no command given"))
    }

    @Test func anUnwritableJSONPathIsRefusedBeforeAnyMatchIsPlayed() throws {
        let run = try server.run(["match", "--games", "100000", "--json", "/nonexistent/x.json"])
        expectUsageError(run, "--json: cannot write '/nonexistent/x.json': the folder '/nonexistent' does not exist")
        #expect(!run.errorOutput.contains("progress"), "nothing was played")
        expectUsageError(try server.run(["match", "--junit", "/nonexistent/r.xml"]), "--junit: cannot write")
        expectUsageError(try server.run(["merge", "a.json", "--json", "/nonexistent/x.json"]), "--json: cannot write")
    }

    @Test func aShardWithNoMatchIsAUsageErrorNotAnEmptyReport() throws {
        expectUsageError(
            try server.run(["match", "--games", "10", "--shard", "0/2000"]),
            "shard 0/2000 of a batch of 10 games has no match to play; use at most 10 shards")
    }

    @Test func mergeRefusesAShardWhoseNumbersDoNotAddUp() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("shard-0.json")
        let run = try server.run(["match", "--games", "20", "--bots", "hunt,random", "--shard", "0/2", "--json", file.path, "--quiet"])
        #expect(run.status == 0)
        var report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var wins = try #require(report["wins"] as? [Int])
        wins[0] += 5
        report["wins"] = wins
        try JSONSerialization.data(withJSONObject: report).write(to: file)
        let merged = try server.run(["merge", file.path])
        #expect(merged.status == 1)
        #expect(merged.errorOutput.contains("shard-0.json: refused: its numbers do not add up: wins"), "\(merged.errorOutput)")
        #expect(merged.output.isEmpty, "nothing merged from a bad file")
    }

    @Test func theMergedSpeedLineSaysWhatItAddsUp() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = []
        for index in 0..<2 {
            let file = directory.appendingPathComponent("s\(index).json").path
            _ = try server.run(["match", "--games", "20", "--shard", "\(index)/2", "--json", file, "--quiet"])
            files.append(file)
        }
        let merged = try server.run(["merge"] + files)
        #expect(merged.status == 0, "\(merged.errorOutput)")
        #expect(merged.output.contains("20 matches over 2 shards: "))
        #expect(merged.output.contains("s of play summed over the shards") && merged.output.contains("matches/s summed over them"))
    }

    @Test func replayAsJSONWritesNoErrorWhenAllIsWell() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try server.run(["match", "--games", "1", "--quiet", "--replays", directory.path])
        let file = directory.appendingPathComponent("match-000000.jsonl").path
        for viewer in [["--seat", "0"], ["--spectator"]] {
            let run = try server.run(["replay", file, "--json"] + viewer)
            #expect(run.status == 0)
            #expect(!run.errorOutput.contains("error"), "\(run.errorOutput)")
            #expect(run.errorOutput.contains("ok: ") && run.errorOutput.contains("every state hash matches"))
            #expect(run.output.split(separator: "\n").allSatisfy { $0.hasPrefix("{\"line\":") })
        }
    }

    @Test func replayOfAFolderSaysItIsAFolder() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try server.run(["match", "--games", "1", "--quiet", "--replays", directory.path])
        let run = try server.run(["replay", directory.path])
        #expect(run.status == 1)
        #expect(run.errorOutput.contains("is a folder: give one replay file, e.g. "), "\(run.errorOutput)")
        #expect(!run.errorOutput.contains("NSCocoaErrorDomain"))
    }

    @Test func postureWalkTotalsAreInTheSummaryAndTheJSONEvenWhenQuiet() throws {
        let run = try server.run(["match", "--games", "2", "--posture-walk", "--quiet"])
        #expect(run.status == 0, "\(run.errorOutput)")
        #expect(run.output.contains("postures (duo, random walk): ") && run.output.contains("HUD layouts checked, no violations"))
        let json = try server.run(["match", "--games", "2", "--posture-walk", "--quiet", "--json", "-"])
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let postures = try #require(report["postures"] as? [String: Any])
        #expect((postures["steps"] as? Int ?? 0) > 0)
    }

    @Test func aPostureScriptAngleOutOfRangeSaysTheRange() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("steps.txt")
        try "book angle 999\n".write(to: script, atomically: true, encoding: .utf8)
        expectUsageError(try server.run(["match", "--postures", script.path]), "angle must be in 0...180 degrees (shut to flat), not 999")
    }

    @Test func aMisspeltRequiredProfileFieldIsNamedAsMisspelt() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try String(contentsOf: PackageRoot.assets.appendingPathComponent("profiles/duo.json"), encoding: .utf8)
        let profile = directory.appendingPathComponent("typo.json")
        try source.replacingOccurrences(of: "\"displays\"", with: "\"displys\"").write(to: profile, atomically: true, encoding: .utf8)
        let run = try duo.run(["inspect", "--profile", profile.path])
        #expect(run.status != 0)
        #expect(run.errorOutput.contains("displays: is missing (misspelt as 'displys'?)"), "\(run.errorOutput)")
    }
}
