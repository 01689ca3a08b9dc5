import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo lint` as CI would: the shipped HUD is clean, and a
/// device too cramped for it is reported with the posture, the element and
/// the region, and exit status 1.
@Suite struct LintCommandTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    @Test("duo lint passes the shipped HUDs on every situation, and every text drawn in whole matches of every game")
    func shippedHUDIsClean() throws {
        let result = try duo.run(["lint"])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.contains("no violations"))
        #expect(result.output.contains("situations"))
        #expect(!result.output.contains("violation:"), "\(result.output)")
        // The drawn-text lint says how much it drew and checked: every kind of match of each game, whole.
        let counts = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("checked ") && $0.contains("drawn texts") })
        let texts = try #require(Int(counts.split(separator: " ")[1]))
        #expect(texts > 20_000, "\(counts)")
        for kind in [
            "bot match (duo", "pass-and-play (duo", "two seats in tent (duo", "replay (seat 0) (duo", "replay (spectator) (duo", "bot match (classic",
        ] {
            #expect(result.output.contains("  broadside: ") && result.output.contains(kind), "\(kind)")
        }
        #expect(result.output.contains("  minigolf: bot match (duo"))
        // Known findings are printed with their reason, and only the known list's.
        for line in result.output.split(separator: "\n") where line.hasPrefix("known: ") {
            #expect(line.contains("[issue 21 defect"), "\(line)")
        }
        // docs/DESKTOP.md shows this run (its block is not run twice by the docs runner: this test holds it).
        let shown = try DocConsoleBlock(doc: "docs/DESKTOP.md", command: "duo lint")
        #expect(shown.matches(result.output), "\(shown.place) shows \(shown.expected), and duo lint printed:\n\(result.output)")
    }

    @Test("duo lint --json reports the counts and an empty list of findings")
    func jsonReport() throws {
        let result = try duo.run(["lint", "--json", "--profile", "duo", "--fold-positions", "3", "--drawn-moves", "2"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect((report["findings"] as? [Any])?.isEmpty == true)
        let drawn = try #require(report["drawnTexts"] as? [[String: Any]])
        #expect(drawn.map { $0["game"] as? String } == ["broadside", "minigolf"])
        #expect(drawn.allSatisfy { ($0["textCount"] as? Int ?? 0) > 0 && ($0["matches"] as? [Any])?.isEmpty == false })
        #expect((report["situationCount"] as? Int ?? 0) > 500)
        #expect((report["foldingPairCount"] as? Int ?? 0) > 0)
    }

    @Test("A cramped device profile fails the lint with the posture, the element and the region named")
    func crampedProfileFails() throws {
        let cramped = try CrampedProfile.json()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-lint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cramped.json")
        try cramped.write(to: file, atomically: true, encoding: .utf8)
        let result = try duo.run(["lint", "--profile", file.path, "--drawn-moves", "1"])
        #expect(result.status == 1, "\(result.output)\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("violation:") }
        #expect(!lines.isEmpty)
        // Each report names the situation (profile, posture), the screen, the element and what it broke.
        let first = try #require(lines.first)
        #expect(first.contains("cramped"))
        #expect(Posture.names.contains { first.contains(" \($0) ") })
        #expect(first.contains("element '"))
        #expect(result.output.contains("cells") || result.output.contains("crosses the active division 'fold'"))
    }

    @Test("A bad flag is a one-line error and exit status 2")
    func badFlag() throws {
        let result = try duo.run(["lint", "--fold-positions", "zero"])
        #expect(result.status == 2)
        #expect(result.errorOutput.split(separator: "\n").count == 1)
        #expect(result.errorOutput.contains("--fold-positions"))
    }
}

/// Posture names as the reports print them.
enum Posture {
    static let names = ["closed", "flat", "book", "tent", "tabletop"]
}
