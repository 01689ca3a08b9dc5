import DuoTestSupport
import Foundation
import Testing

/// `--show-fps` of the built `duo`: the window accepts it, and `duo screenshot --show-fps`
/// draws timed frames and shows the readout they measured, with no display.
@Suite struct FrameTimingCommandTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    @Test("duo screenshot --show-fps measures frames and draws the readout on the status line; duo --help lists the flag and F3")
    func screenshotShowsReadout() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-fps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shown = folder.appendingPathComponent("fps.png")
        let plain = folder.appendingPathComponent("plain.png")
        let result = try duo.run(["screenshot", "--posture", "tabletop", "--show-fps", "--out", shown.path])
        #expect(result.status == 0, "\(result.errorOutput)")
        let readout = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("frame timing: ") })
        #expect(
            readout.range(of: #"^frame timing: \d+ fps · frame \d+\.\d ms · draw \d+\.\d ms$"#, options: .regularExpression) != nil,
            "\(readout)")
        #expect(try duo.run(["screenshot", "--posture", "tabletop", "--out", plain.path]).status == 0)
        let with = try PNGImage(contentsOf: shown)
        let without = try PNGImage(contentsOf: plain)
        #expect(with.width == without.width && with.height == without.height)
        // The same device; the status line (the bottom strip) carries the readout.
        var changedAbove = 0
        var changedBelow = 0
        for y in stride(from: 0, to: with.height, by: 1) {
            for x in stride(from: 0, to: with.width, by: 3) where with.pixel(x: x, y: y) != without.pixel(x: x, y: y) {
                if y < with.height - 44 { changedAbove += 1 } else { changedBelow += 1 }
            }
        }
        #expect(changedAbove == 0)
        #expect(changedBelow > 30)
        let help = try duo.run(["--help"]).output
        #expect(help.contains("--show-fps"))
        #expect(help.contains("F3"))
        let mistake = try duo.run(["screenshot", "--show-fps", "--no-status-line", "--out", plain.path])
        #expect(mistake.status == 2)
        #expect(mistake.errorOutput.contains("--show-fps and --no-status-line exclude each other"))
    }

    @Test("duo-bench frame --help gives the tabletop window's size, the one a screenshot (and the benchmark) measures")
    func frameHelpGivesTheMeasuredSize() throws {
        // The benchmark sizes its frames as screenshots are sized (Screenshot.windowSize): a screenshot is the quick way to measure it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-frame-size-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = try duo.run(["screenshot", "--posture", "tabletop", "--out", folder.appendingPathComponent("t.png").path])
        #expect(shot.status == 0, "\(shot.errorOutput)")
        let size = try #require(shot.output.firstMatch(of: /\((\d+)x(\d+)\)/))
        let help = try BuiltExecutable(named: "duo-bench").run(["frame", "--help"]).output
        #expect(help.contains("\(size.1) x \(size.2) pixels in tabletop"), "the help says \(help), a tabletop window is \(size.0)")
    }
}
