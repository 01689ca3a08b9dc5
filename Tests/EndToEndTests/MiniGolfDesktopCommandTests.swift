import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo` on the second game: screenshots offscreen and the HUD lint.
@Suite struct MiniGolfDesktopCommandTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    @Test("duo screenshot --game minigolf renders tabletop and book offscreen")
    func screenshots() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golf-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for posture in ["tabletop", "book", "flat"] {
            let file = folder.appendingPathComponent("\(posture).png")
            let result = try duo.run([
                "screenshot", "--game", "minigolf", "--posture", posture, "--shots", "4", "--scene-only",
                "--out", file.path,
            ])
            #expect(result.status == 0, "\(posture): \(result.errorOutput)")
            let image = try PNGImage(contentsOf: file)
            #expect(posture == "tabletop" ? (image.width, image.height) == (660, 932) : (image.width, image.height) == (932, 660))
        }
    }

    /// Both games in one lint: `LintCommandTests` (the whole lint, and `--json` with each game's counts).
    @Test("duo lint --game minigolf lints mini golf alone, as docs/MINIGOLF.md shows")
    func lint() throws {
        let golf = try duo.run(["lint", "--game", "minigolf"])
        #expect(golf.status == 0, "\(golf.output)\(golf.errorOutput)")
        #expect(golf.output.contains("Mini golf HUD: 4 screens (course+caddie, course+caddie (tall), course, course (tall))"))
        #expect(golf.output.contains("no violations"))
        #expect(!golf.output.contains("Broadside"))
        #expect(golf.output.contains("  minigolf: bot match (duo, "), "\(golf.output)")
        // docs/MINIGOLF.md shows this run (the docs runner does not run it again: this test holds it).
        let shown = try DocConsoleBlock(doc: "docs/MINIGOLF.md", command: "swift run duo lint --game minigolf")
        #expect(shown.matches(golf.output), "\(shown.place) shows \(shown.expected), and duo lint --game minigolf printed:\n\(golf.output)")
        let unknown = try duo.run(["lint", "--game", "chess"])
        #expect(unknown.status == 2)
        #expect(unknown.errorOutput.contains("--game must be one of broadside|minigolf"))
    }

    @Test("the window refuses a bot the game does not have, naming the game's bots")
    func unknownGolfBot() throws {
        let result = try duo.run(["screenshot", "--game", "minigolf", "--bot", "density", "--out", "/tmp/never.png"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--bot must be one of random|aim"))
    }
}
