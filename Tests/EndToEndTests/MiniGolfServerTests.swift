import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo-server` on the second game, as CI would: the same
/// commands as for Broadside, with `--game minigolf`.
@Suite struct MiniGolfServerTests {
    let server: BuiltExecutable

    init() throws {
        server = try BuiltExecutable(named: "duo-server")
    }

    @Test("duo-server match --game minigolf writes the JSON summary, the same for any --jobs")
    func matchWritesJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var summaries: [[String: Any]] = []
        for jobs in ["1", "2"] {
            let json = folder.appendingPathComponent("jobs-\(jobs).json")
            let result = try server.run([
                "match", "--game", "minigolf", "--bots", "aim,random", "--games", "2",
                "--seed", "9", "--jobs", jobs, "--json", json.path, "--replays", folder.appendingPathComponent("replays").path,
                "--quiet",
            ])
            #expect(result.status == 0, "\(result.errorOutput)")
            #expect(result.output.contains("minigolf (meadow): aim vs random, 2 matches, seed 9"))
            summaries.append(try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]))
        }
        for summary in summaries {
            #expect(summary["game"] as? String == "minigolf")
            #expect(summary["variant"] as? String == "meadow")
            #expect(summary["bots"] as? [String] == ["aim", "random"])
            #expect(summary["wins"] as? [Int] == [2, 0])
            #expect((summary["meanScoreToWin"] as? Double).map { $0 < 28 } == true, "aim plays under par 28")
        }
        #expect(summaries[0]["meanScoreToWin"] as? Double == summaries[1]["meanScoreToWin"] as? Double)
        let replay = folder.appendingPathComponent("replays/match-000000.jsonl")
        let verified = try server.run(["replay", replay.path])
        #expect(verified.status == 0, "\(verified.errorOutput)")
        #expect(verified.output.contains("minigolf (meadow)"))
        #expect(verified.output.contains("every state hash matches"))
    }

    @Test("the posture walk checks the golf HUD at every stroke, on a changing device, and finds nothing")
    func postureWalk() throws {
        let walked = try server.run([
            "match", "--game", "minigolf", "--bots", "random,random", "--games", "3", "--seed", "2",
            "--posture-walk", "--json", "-",
        ])
        #expect(walked.status == 0, "\(walked.errorOutput)")
        // The totals are in the JSON (and, without --json -, in the summary), not only on standard error.
        let totals = try #require((try JSONSerialization.jsonObject(with: walked.stdout) as? [String: Any])?["postures"] as? [String: Any])
        #expect((totals["steps"] as? Int ?? 0) > 0 && (totals["layouts"] as? Int ?? 0) > 0)
        #expect(totals["violations"] as? Int == 0)
        let plain = try server.run([
            "match", "--game", "minigolf", "--bots", "random,random", "--games", "3", "--seed", "2",
            "--json", "-", "--quiet",
        ])
        let a = try #require(try JSONSerialization.jsonObject(with: walked.stdout) as? [String: Any])
        let b = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        #expect(a["wins"] as? [Int] == b["wins"] as? [Int], "the device changes nothing in the match")
    }

    @Test("load clients that pick from the legal moves play golf from the described move space")
    func loadWithLegalMoves() throws {
        let run = try server.run([
            "load", "--game", "minigolf", "--moves", "legal", "--concurrent", "2", "--matches", "2",
            "--think-ms", "0", "--ramp-ms", "0", "--duration", "120", "--check-schemas", "--json", "-",
        ])
        #expect(run.status == 0, "\(run.errorOutput)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(report["matchesFinished"] as? Int == 2)
        #expect(report["errors"] as? Int == 0, "\(report)")
        #expect((report["legalRequests"] as? Int ?? 0) >= 2, "each client asked once and drew from the space after")
        #expect(report["hints"] as? Int == 0)
        #expect((report["linesChecked"] as? Int ?? 0) > 20, "every golf line was held to the schemas")
    }

    @Test("an unknown golf bot is a usage error naming the golf bots")
    func unknownBot() throws {
        let result = try server.run(["match", "--game", "minigolf", "--bots", "density,random", "--games", "1"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("random, aim"), "\(result.errorOutput)")
    }
}
