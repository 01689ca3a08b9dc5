import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo` for the victory photo: the picture `duo screenshot
/// --victory-photo` draws with no display, its errors, the window's
/// `--photos` flag and `duo lint` covering the photo's screen.
@Suite struct VictoryPhotoCommandTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    @Test("duo screenshot --victory-photo draws the preview and the outer display's inset, with no display")
    func victoryPhotoScreenshot() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("duo-victory-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try duo.run(
            ["screenshot", "--pass-and-play", "--victory-photo", "--posture", "tabletop", "--out", file.path],
            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.status == 0, "\(result.errorOutput)")
        let image = try PNGImage(contentsOf: file)
        let plain = try duo.run(["screenshot", "--pass-and-play", "--posture", "tabletop", "--out", file.path + ".plain.png"])
        defer { try? FileManager.default.removeItem(atPath: file.path + ".plain.png") }
        #expect(plain.status == 0)
        let width = try PNGImage(contentsOf: URL(fileURLWithPath: file.path + ".plain.png")).width
        #expect(image.width > width + 100, "a column for the outer display's inset")
        // The synthetic sky and the sun are on screen.
        var sky = 0
        var sun = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) {
                let p = image.pixel(x: x, y: y)
                if Int(p.blue) > Int(p.red) + 100 && Int(p.blue) > Int(p.green) + 50 { sky += 1 }
                if p.red > 200 && p.green > 150 && p.blue < 60 { sun += 1 }
            }
        }
        #expect(sky > 1_000 && sun > 50)
        #expect(result.output.contains("wrote"))
    }

    @Test("No victory photo when the bot wins, said in one line with the fix; --shots with it is a usage error")
    func victoryPhotoErrors() throws {
        let lost = try duo.run([
            "screenshot", "--victory-photo", "--seed", "6", "--out",
            FileManager.default.temporaryDirectory.appendingPathComponent("never-written.png").path,
        ])
        #expect(lost.status == 1)
        #expect(lost.errorOutput.contains("no person won"))
        #expect(lost.errorOutput.contains("--pass-and-play"))
        #expect(lost.errorOutput.split(separator: "\n").count == 1)
        let both = try duo.run(["screenshot", "--victory-photo", "--shots", "3", "--out", "x.png"])
        #expect(both.status == 2)
        #expect(both.errorOutput.contains("exclude each other"))
        // Mini golf does not conform to VictoryPhotoGame: a usage error, never a crash.
        let golf = try duo.run(["screenshot", "--game", "minigolf", "--victory-photo", "--out", "x.png"])
        #expect(golf.status == 2)
        #expect(golf.errorOutput.contains("Mini golf has none"))
    }

    @Test("The window's --photos must name an existing folder (exit 2, before any window opens)")
    func photosFolderFlag() throws {
        let result = try duo.run(["--photos", "/nonexistent-\(UUID().uuidString)"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--photos must name an existing folder"))
        #expect(try duo.run(["--help"]).output.contains("--photos DIR"))
    }

    @Test("duo lint lays out the victory photo's screen too, and finds it clean")
    func lintCoversTheVictoryPhoto() throws {
        // Broadside's lint alone: the victory photo is its screen, swept at every situation as in the whole
        // lint (golf's half of that lint, 7 s of CPU, has no victory photo; LintCommandTests runs the whole).
        let result = try duo.run(["lint", "--game", "broadside", "--drawn-moves", "2"])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("victory photo"))
    }
}
