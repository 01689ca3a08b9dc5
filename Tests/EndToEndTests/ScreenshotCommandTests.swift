import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo screenshot` with no display and reads back the PNG it wrote.
@Suite struct ScreenshotCommandTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("duo-shot-\(UUID().uuidString)-\(name)")
    }

    @Test("duo screenshot renders the tabletop scene with no display, the crease at the fold")
    func tabletopSceneWithoutDisplay() throws {
        let file = temporaryFile("tabletop.png")
        defer { try? FileManager.default.removeItem(at: file) }
        // No display at all: the command must not need one.
        let result = try duo.run(
            ["screenshot", "--posture", "tabletop", "--scene-only", "--out", file.path],
            environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("660x932"))
        let image = try PNGImage(contentsOf: file)
        #expect(image.width == 660 && image.height == 932)
        // The crease (near black) across the middle; the sea (blue) above and below.
        let crease = image.pixel(x: 330, y: 462)
        #expect(crease.red < 12 && crease.green < 12 && crease.blue < 12)
        let sea = image.pixel(x: 650, y: 700)
        #expect(sea.blue > sea.red + 20)
    }

    @Test("duo screenshot draws the whole window: bezel, panels and status line at the requested size")
    func wholeWindowAtSize() throws {
        let file = temporaryFile("book.png")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try duo.run([
            "screenshot", "--posture", "book", "--inner-camera", "--regions", "--shots", "10",
            "--width", "800", "--height", "600", "--out", file.path,
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        let image = try PNGImage(contentsOf: file)
        #expect(image.width == 800 && image.height == 600)
        // The window background in the corner, something bright (the debug overlay's magenta) somewhere.
        let corner = image.pixel(x: 1, y: 1)
        #expect(corner.red < 40 && corner.green < 40 && corner.blue < 40)
        var magenta = 0
        for y in stride(from: 0, to: 600, by: 2) {
            for x in stride(from: 0, to: 800, by: 2) {
                let pixel = image.pixel(x: x, y: y)
                if pixel.red > 200 && pixel.blue > 160 && pixel.green < 90 { magenta += 1 }
            }
        }
        #expect(magenta > 20)
    }

    @Test("Bad screenshot flags are one-line errors with exit status 2")
    func badFlags() throws {
        for arguments in [
            ["screenshot"], ["screenshot", "--out", "x.png", "--posture", "folded"],
            ["screenshot", "--out", "x.png", "--width", "100"], ["screenshot", "--out", "x.png", "--bogus"],
            ["screenshot", "--out", "x.png", "--victory-photo", "--in-flight", "1"], ["screenshot", "--out", "x.png", "--in-flight", "31"],
        ] {
            let result = try duo.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorOutput.split(separator: "\n").count == 1, "\(arguments): \(result.errorOutput)")
        }
    }

    @Test("An unwritable output is a clear failure with exit status 1")
    func unwritableOutput() throws {
        let result = try duo.run(["screenshot", "--out", "/nonexistent-dir/shot.png"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("cannot write"))
        #expect(result.errorOutput.contains("Fix:"))
    }

    @Test("The window without a display says why and how to fix it, exit status 1, no crash")
    func windowWithoutDisplay() throws {
        let result = try duo.run([], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("no display"))
        #expect(result.errorOutput.contains("xvfb-run"))
        #expect(result.errorOutput.split(separator: "\n").count == 1)
    }
}
