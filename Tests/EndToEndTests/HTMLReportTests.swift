import DuoTestSupport
import Foundation
import Testing

/// `duo-server match --html`: the page opened in headless Chromium
/// (scripts/check-report-page.py) and checked by an HTML validator (`tidy`).
@Suite struct HTMLReportTests {
    let server: BuiltExecutable
    init() throws { server = try BuiltExecutable(named: "duo-server") }

    func json(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The built duo-server, linked into `directory/bin` beside a stand-in `duo` that draws its
    /// filmstrips (`scripts/stand-in-filmstrip.py`, linked, not written: see the script).
    func serverBesideStandInWindow(in directory: URL) throws -> BuiltExecutable {
        let programs = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: programs.appendingPathComponent("duo-server"), withDestinationURL: server.url)
        try FileManager.default.createSymbolicLink(
            at: programs.appendingPathComponent("duo"), withDestinationURL: PackageRoot.url.appendingPathComponent("scripts/stand-in-filmstrip.py"))
        return BuiltExecutable(url: programs.appendingPathComponent("duo-server"))
    }

    @Test func thePageOpensInChromiumWithNothingFetchedAndPlotsThatMatchTheJSON() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // duo-server run from a folder with a `duo` beside it that draws filmstrips.
        let linked = try serverBesideStandInWindow(in: directory)
        let page = directory.appendingPathComponent("report.html")
        let results = directory.appendingPathComponent("results.json")
        let run = try linked.run([
            "match", "--bots", "exec:Examples/ExecBot/faulty_bot.py cheat,random", "--games", "8", "--sprt", "elo0=0,elo1=10",
            "--expect", "score(A)>=0.9", "--show", "6", "--replays", directory.appendingPathComponent("replays").path,
            "--html", page.path, "--json", results.path, "--quiet",
        ])
        #expect(run.status == 1, "the expectation fails: \(run.errorOutput)")
        let report = try json(try Data(contentsOf: results))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("http://") || html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!html.contains("<script"), "a page with no script at all")

        let screenshot = directory.appendingPathComponent("report.png")
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", PackageRoot.url.appendingPathComponent("scripts/check-report-page.py").path, page.path, screenshot.path]
        let output = Pipe()
        check.standardOutput = output
        try check.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        let seen = try json(data)
        #expect((seen["console"] as? [Any])?.isEmpty == true, "no console message or exception: \(seen["console"] ?? "")")
        #expect((seen["log"] as? [Any])?.isEmpty == true, "no browser error: \(seen["log"] ?? "")")
        #expect((seen["requests"] as? [Any])?.isEmpty == true, "no request leaves the file: \(seen["requests"] ?? "")")

        let plots = try #require(seen["plots"] as? [String: [String: Any]])
        let sprt = try #require(report["sprt"] as? [String: Any])
        let llr = try #require(plots["plot-sprt"])
        #expect(llr["points"] as? String == "\(try #require(sprt["games"] as? Int))")
        #expect(llr["seriesPoints"] as? Int == (sprt["games"] as? Int).map { $0 + 1 }, "one point a game, from the origin")
        let bounds = try #require(llr["bounds"] as? [String: Double])
        #expect(bounds["lower"] == sprt["lower"] as? Double && bounds["upper"] == sprt["upper"] as? Double)
        let elo = try #require(plots["plot-elo"])
        #expect(elo["seriesPoints"] as? Int == (report["trend"] as? [Any])?.count)
        #expect(elo["seriesPoints"] as? Int == 8, "one part a match in a batch of 8")
        let byBot = try #require(report["botScoresToWin"] as? [[String: Any]])
        #expect(plots["score-to-win-B"]?["barTotal"] as? Int == byBot[1]["matches"] as? Int)
        #expect(plots["match-lengths"]?["barTotal"] as? Int == 8)

        let notable = try #require(seen["notable"] as? [[String: Any]])
        let matches = notable.compactMap { $0["match"] as? Int }
        #expect(matches.contains(1), "the forfeit")
        #expect(matches.contains(6), "the match asked for")
        #expect(notable.allSatisfy { $0["filmstrip"] as? Bool == true }, "each drawn by the window program beside: \(notable)")
        #expect(notable.allSatisfy { ($0["replay"] as? String)?.hasPrefix("replays/match-") == true }, "\(notable)")
        let images = try #require(seen["images"] as? [[String: Any]])
        #expect(images.count == notable.count)
        #expect(images.allSatisfy { $0["decoded"] as? Bool == true && $0["width"] as? Int == 8 }, "\(images)")
        let shot = try #require(seen["screenshot"] as? [String: Any])
        #expect((shot["nonBackgroundFraction"] as? Double ?? 0) > 0.05, "the screenshot is not blank: \(shot)")

        let tidy = Process()
        tidy.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tidy.arguments = ["tidy", "-e", "-q", page.path]
        let errors = Pipe()
        tidy.standardError = errors
        try tidy.run()
        let findings = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        tidy.waitUntilExit()
        #expect(tidy.terminationStatus == 0, "tidy finds no error or warning: \(findings)")
    }

    @Test func withoutTheWindowProgramANotableMatchIsTheSeatViewsTextForm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let programs = directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: programs, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: server.url, to: programs.appendingPathComponent("duo-server"))
        let page = directory.appendingPathComponent("report.html")
        let run = try BuiltExecutable(url: programs.appendingPathComponent("duo-server")).run([
            "match", "--bots", "density,random", "--games", "10", "--html", page.path, "--quiet",
        ])
        #expect(run.status == 0, "\(run.errorOutput)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<pre class=\"seat-view\">seat 0 after move "), "the text form of the last position")
        #expect(html.contains("shortest win ("))
        #expect(!html.contains("<img"))
        #expect(!html.contains("<a href"), "no replays were asked for: nothing to link")
        #expect(html.contains("Elo +inf (95% CI +111.7 to +inf)") || html.contains("+inf (95% CI +111.7 to +inf)"), "10-0 said as unbounded")
        let bad = try server.run(["match", "--games", "4", "--show", "9", "--html", page.path])
        #expect(bad.status == 2 && bad.errorOutput.contains("--show: '9' is not a match of the batch (0...3)"), "\(bad.errorOutput)")
    }

    @Test func mergedShardsGiveTheUnshardedNotableMatchesAndAPageDrawnFromTheirReplays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let replays = directory.appendingPathComponent("replays").path
        let whole = try server.run(["match", "--bots", "density,hunt", "--games", "12", "--json", "-", "--quiet"])
        var shards: [String] = []
        for index in 0..<3 {
            let file = directory.appendingPathComponent("shard-\(index).json").path
            let run = try server.run([
                "match", "--bots", "density,hunt", "--games", "12", "--shard", "\(index)/3", "--replays", replays, "--json", file, "--quiet",
            ])
            #expect(run.status == 0, "\(run.errorOutput)")
            shards.append(file)
        }
        // Merged beside the stand-in window program, as in the first test: the page's filmstrips are its
        // (drawing the real ones is 2 s of CPU each in a debug build, and FilmstripCommandTests').
        let page = directory.appendingPathComponent("merged.html")
        let merged = try serverBesideStandInWindow(in: directory).run(
            ["merge"] + shards + ["--json", "-", "--html", page.path, "--replays", replays, "--show", "11"])
        #expect(merged.status == 0, "\(merged.errorOutput)")
        let fields = ["notable", "trend", "botScoresToWin", "matchLengths", "rating"]
        let (a, b) = (try json(whole.stdout), try json(merged.stdout))
        for field in fields {
            #expect(NSDictionary(dictionary: [field: a[field] ?? 0]).isEqual(to: [field: b[field] ?? 0]), "\(field) merges to the unsharded batch's")
        }
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<section class=\"notable\" id=\"match-11\""))
        #expect(html.contains("<a href=\"replays/match-000011.jsonl\">replay</a>"))
        #expect(html.contains("<img class=\"filmstrip\""), "each notable match drawn from its replay")
    }
}
