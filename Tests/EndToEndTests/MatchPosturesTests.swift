import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo-server match` with the device changing during every
/// match: clean on the shipped profile, failing (exit 1, the posture, the
/// element and the region named) on a device too small for the HUD.
@Suite struct MatchPosturesTests {
    let server: BuiltExecutable

    init() throws {
        server = try BuiltExecutable(named: "duo-server")
    }

    func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("duo-postures-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("A posture script through a batch checks the HUD at every step and passes")
    func scriptPasses() throws {
        let script = try temporaryFile(
            "fold.txt", "flat\nbook angle 120\ntabletop\nangle 95 camera on\norientation landscapeRight fold 0.3 direction rtl\nclosed\n")
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try server.run(["match", "--games", "6", "--bots", "hunt,random", "--postures", script.path, "--quiet"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("6 matches"))
    }

    @Test("A posture walk reports its steps and layouts, and the match results are unchanged by it")
    func walkPassesAndChangesNoResult() throws {
        let plain = try server.run(["match", "--games", "8", "--seed", "4", "--json", "-", "--quiet"])
        let walked = try server.run(["match", "--games", "8", "--seed", "4", "--json", "-", "--posture-walk"])
        #expect(walked.status == 0, "\(walked.errorOutput)")
        // The totals are in the JSON (and, without --json -, in the summary), not only on standard error.
        let totals = try #require((try JSONSerialization.jsonObject(with: walked.stdout) as? [String: Any])?["postures"] as? [String: Any])
        #expect((totals["steps"] as? Int ?? 0) > 0 && (totals["layouts"] as? Int ?? 0) > 0)
        #expect(totals["violations"] as? Int == 0)
        let a = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        let b = try #require(try JSONSerialization.jsonObject(with: walked.stdout) as? [String: Any])
        #expect(a["wins"] as? [Int] == b["wins"] as? [Int])
        #expect(a["meanScoreToWin"] as? Double == b["meanScoreToWin"] as? Double)
    }

    @Test("A device too small for the HUD fails the run, naming the posture, the element and the region")
    func crampedDeviceFails() throws {
        let profile = try temporaryFile("cramped.json", try CrampedProfile.json())
        let script = try temporaryFile("fold.txt", "tabletop\nbook fold 0.75\n")
        defer {
            try? FileManager.default.removeItem(at: profile)
            try? FileManager.default.removeItem(at: script)
        }
        let result = try server.run(["match", "--games", "2", "--postures", script.path, "--posture-profile", profile.path, "--quiet"])
        #expect(result.status == 1)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.last?.contains("posture check failed") == true)
        let first = try #require(lines.first { $0.contains("posture check: match") })
        #expect(first.contains("cramped"))
        #expect(first.contains("tabletop") || first.contains("book"))
        #expect(first.contains("element '"))
    }

    @Test("Bad posture options are one-line errors with exit status 2")
    func badOptions() throws {
        let bad = try temporaryFile("bad.txt", "flat\nsideways\n")
        defer { try? FileManager.default.removeItem(at: bad) }
        for arguments in [
            ["match", "--postures", bad.path], ["match", "--postures", "/nonexistent/script"],
            ["match", "--postures", bad.path, "--posture-walk"], ["match", "--posture-profile", "duo"],
        ] {
            let result = try server.run(arguments + ["--games", "1", "--quiet"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorOutput.split(separator: "\n").count == 1, "\(result.errorOutput)")
        }
        let result = try server.run(["match", "--postures", bad.path, "--games", "1", "--quiet"])
        #expect(result.errorOutput.contains(":2: unknown word 'sideways'"))
    }
}
