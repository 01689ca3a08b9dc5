import DuoTestSupport
import Foundation
import Testing

/// Runs every example as a user would and checks what it prints and the
/// screenshot it renders offscreen, so the examples can never rot.
@Suite("Examples", .serialized)
struct ExamplesTests {
    /// Runs example `name` with `arguments` plus a screenshot into a temporary file.
    static func run(_ name: String, _ arguments: [String] = []) throws -> (output: String, screenshot: PNGImage) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try BuiltExecutable(named: name).run(arguments + ["--screenshot", file.path])
        #expect(result.status == 0, "\(name) failed: \(result.errorOutput)")
        #expect(result.output.contains("screenshot: \(file.path)"))
        return (result.output, try PNGImage(contentsOf: file))
    }

    @Test("Regions: lists the fold and cameras, and keeps the button off the fold in every posture")
    func regions() throws {
        let (output, image) = try Self.run("ExampleRegions")
        #expect(output.contains("fold (division) (0, 450, 660, 32) active"))
        #expect(output.contains("innerCamera (occlusion) (311, 6, 38, 38) inactive"))
        #expect(output.contains("in the lower half (0, 466, 660, 466): fold at (0, -16, 660, 32)"))
        #expect(image.width == 660 && image.height == 932)
        for posture in ["book", "flat", "tent", "tabletop"] {
            let result = try BuiltExecutable(named: "ExampleRegions").run(["--posture", posture])
            #expect(result.status == 0)
            #expect(result.output.contains("crosses fold: no"), "\(posture): \(result.output)")
            #expect(result.output.contains("under an occlusion: no"))
        }
        let bad = try BuiltExecutable(named: "ExampleRegions").run(["--posture", "upside"])
        #expect(bad.status == 2)
        #expect(bad.errorOutput.contains("--posture must be one of"))
    }

    @Test("Arrangements: split never overlaps, overlay stacks when flat and moves apart when folded")
    func arrangements() throws {
        let (output, image) = try Self.run("ExampleArrangements")
        #expect(output.contains("book split: primary (0, 0, 450, 660), secondary (482, 0, 450, 660)"))
        #expect(output.contains("flat overlay: primary (0, 0, 932, 660), secondary (0, 0, 932, 660), stacked in z"))
        #expect(output.contains("tabletop overlay: primary (0, 482, 660, 450), secondary (0, 0, 660, 450)"))
        #expect(output.contains("inside a scroll view: refused"))
        #expect(image.width == 960)
    }

    @Test("Hinge effect: follows the angle while partially open, resets flat and closed, no layout pass in the sweep")
    func hingeEffect() throws {
        let (output, _) = try Self.run("ExampleHingeEffect")
        #expect(output.contains("effect after opening flat: reset to 0"))
        #expect(output.contains("effect after closing: reset to 0"))
        let rows = output.split(separator: "\n").filter { $0.contains("partiallyOpen") }
        #expect(rows.count >= 10)
        // Layout passes: one at start, one per status change, none for angles inside partiallyOpen.
        let passes = Set(rows.prefix(17).map { $0.split(separator: " ").last.map(String.init) ?? "" })
        #expect(passes == ["2"], "passes during the sweep: \(passes)")
        #expect(output.contains("90     partiallyOpen  1.0"))
    }

    @Test("HUD: tabletop puts status up and controls down, and the lint sweep is clean")
    func hud() throws {
        let (output, image) = try Self.run("ExampleHUD")
        #expect(output.contains("turn (status) in upper"))
        #expect(output.contains("board (primaryBoard) in lower"))
        #expect(output.contains("play (controls) in lower"))
        #expect(output.contains("lint: clean"))
        #expect(image.width == 660 && image.height == 932)
        let book = try BuiltExecutable(named: "ExampleHUD").run(["--posture", "book"])
        #expect(book.output.contains("board (primaryBoard) in trailing"))
        let classic = try BuiltExecutable(named: "ExampleHUD").run(["--profile", "classic"])
        #expect(classic.output.contains("in whole"))
    }

    @Test("Tic-tac-toe: a whole game on the engine, replay verified, the smart bot beats the random one")
    func ticTacToe() throws {
        let (output, image) = try Self.run("ExampleTicTacToe", ["--games", "100", "--seed", "3"])
        #expect(output.contains("replay: "))
        #expect(output.contains("verified"))
        #expect(output.contains("a move after the end: matchOver"))
        let summary = try #require(output.split(separator: "\n").first { $0.hasPrefix("100 games, smart vs random") })
        let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        // "100 games, smart vs random: wins A-B, draws C"
        #expect(numbers.count == 4 && numbers[1] + numbers[2] + numbers[3] == 100)
        #expect(numbers[1] > 5 * numbers[2], "smart must win far more: \(summary)")
        #expect(image.width == 300)
        let again = try BuiltExecutable(named: "ExampleTicTacToe").run(["--games", "100", "--seed", "3"])
        #expect(again.output.contains(String(summary)), "same seed, same results")
    }

    @Test("Tic-tac-toe: the engine's search bot, given only the sampling hook, loses none of a seeded batch to smart or random")
    func ticTacToeSearch() throws {
        // 1,000 games each way and in each seat in release (docs/BOTS.md); here a debug-sized batch.
        for (bots, searchSeat) in [("mcts,smart", 0), ("mcts,random", 0), ("smart,mcts", 1)] {
            let run = try BuiltExecutable(named: "ExampleTicTacToe").run(["--games", "12", "--seed", "5", "--bots", bots])
            let pair = bots.replacingOccurrences(of: ",", with: " vs ")
            let summary = try #require(run.output.split(separator: "\n").first { $0.hasPrefix("12 games, \(pair)") })
            let numbers = summary.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            // "12 games, mcts vs smart: wins A-B, draws C"
            #expect(numbers.count == 4 && numbers[2 - searchSeat] == 0, "mcts lost: \(summary)")
        }
    }

    @Test("Server client: plays a whole match against a bot of a real duo-server serve, golf by itself, Broadside by hints")
    func serverClient() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("example-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = Process()
        server.executableURL = try BuiltExecutable(named: "duo-server").url
        server.arguments = ["serve", "--port", "0", "--data", data.path]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        // The server prints 'listening on HOST:PORT' once it serves.
        var announced = Data()
        while !announced.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            announced += chunk
        }
        let line = String(decoding: announced, as: UTF8.self)
        let port = try #require(line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }, "\(line)")
        let (golf, image) = try Self.run("ExampleServerClient", ["--port", String(port), "--bot", "random"])
        #expect(golf.contains("minigolf (meadow), we are seat 0"))
        #expect(golf.contains("match over after"))
        #expect(golf.contains("fewerStrokes") || golf.contains("tie"))
        #expect(image.height == 220)
        let broadside = try BuiltExecutable(named: "ExampleServerClient").run(["--port", String(port), "--game", "broadside"])
        #expect(broadside.status == 0, "\(broadside.errorOutput)")
        #expect(broadside.output.contains("fleetSunk"))
        let refused = try BuiltExecutable(named: "ExampleServerClient").run(["--port", String(port), "--game", "chess"])
        #expect(refused.status == 1)
        #expect(refused.errorOutput.contains("could not create a match"))
    }

    @Test("every example is under 200 lines and its screenshot is in Examples/README.md")
    func examplesStaySmall() throws {
        let examples = PackageRoot.url.appendingPathComponent("Examples")
        let readme = try String(contentsOf: examples.appendingPathComponent("README.md"), encoding: .utf8)
        let folders = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter {
            FileManager.default.fileExists(atPath: examples.appendingPathComponent("\($0)/main.swift").path)
        }
        #expect(folders.count >= 6)
        for folder in folders {
            let source = try String(contentsOf: examples.appendingPathComponent("\(folder)/main.swift"), encoding: .utf8)
            let lines = source.split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines < 200, "\(folder)/main.swift has \(lines) lines")
            let screenshot = "Screenshots/\(folder).png"
            #expect(readme.contains(screenshot), "README does not show \(screenshot)")
            #expect(FileManager.default.fileExists(atPath: examples.appendingPathComponent(screenshot).path), "\(screenshot) missing")
        }
    }
}
