import DuoTestSupport
import Foundation
import Testing

/// Runs the built `duo filmstrip` as the match report will: one sheet, several in one run,
/// each written file a line (or a JSON object), a bad replay named on standard error.
@Suite struct FilmstripCommandTests {
    let duo: BuiltExecutable
    let server: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
        server = try BuiltExecutable(named: "duo-server")
    }

    func temporaryDirectory() throws -> URL {
        try ScratchFolder.make("duo-filmstrip")
    }

    /// Two replays of Broadside matches, played here.
    func replays(in directory: URL) throws -> [String] {
        let run = try server.run(["match", "--games", "2", "--quiet", "--replays", directory.path])
        #expect(run.status == 0, "\(run.errorOutput)")
        return ["match-000000.jsonl", "match-000001.jsonl"].map { directory.appendingPathComponent($0).path }
    }

    @Test("One replay, one sheet: its size and frames are printed, the PNG is that size")
    func oneSheet() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let replay = try replays(in: directory)[0]
        let out = directory.appendingPathComponent("strip.png").path
        let run = try duo.run(["filmstrip", "--replay", replay, "--every", "20", "--scale", "0.2", "--posture", "book", "--out", out])
        #expect(run.status == 0, "\(run.errorOutput)")
        let line = try #require(run.output.split(separator: "\n").first)
        #expect(line.hasPrefix("wrote \(out) ("), "\(line)")
        let image = try PNGImage(contentsOf: URL(fileURLWithPath: out))
        #expect(line.contains("(\(image.width)x\(image.height), "), "\(line)")
        #expect(line.contains(" frames of ") && line.hasSuffix(" moves)"), "\(line)")
    }

    @Test("Several replays in one run, with --json: a line per sheet written, a bad replay named and the status 1")
    func severalSheets() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let good = try replays(in: directory)
        let bad = directory.appendingPathComponent("broken.jsonl")
        try Data("{\"format\":\"duo-replay\"\n".utf8).write(to: bad)
        let strips = directory.appendingPathComponent("strips")
        try FileManager.default.createDirectory(at: strips, withIntermediateDirectories: true)
        let run = try duo.run(
            [
                "filmstrip", "--replay", good[0], "--replay", bad.path, "--replay", good[1], "--events", "--spectator", "--scale", "0.15", "--json",
                "--out-dir", strips.path,
            ])
        #expect(run.status == 1, "\(run.output)\(run.errorOutput)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 2)
        for (line, replay) in zip(lines, good) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = URL(fileURLWithPath: replay).deletingPathExtension().lastPathComponent
            #expect(object["replay"] as? String == replay)
            #expect(object["file"] as? String == strips.appendingPathComponent("\(name).png").path)
            let frames = try #require(object["frames"] as? [[String: Any]])
            #expect(frames.first?["step"] as? Int == 0 && frames.first?["caption"] as? String == "the start")
            #expect(frames.last?["step"] as? Int == object["moves"] as? Int)
            // --events: every frame after the start is a move the table told news of.
            #expect(frames.dropFirst().dropLast().allSatisfy { ($0["news"] as? [String])?.isEmpty == false })
            #expect(FileManager.default.fileExists(atPath: strips.appendingPathComponent("\(name).png").path))
        }
        #expect(run.errorOutput.hasPrefix("duo filmstrip: error: \(bad.path): "), "\(run.errorOutput)")
        #expect(run.errorOutput.split(separator: "\n").count == 1)
    }

    @Test("Bad flags are usage errors before anything is filmed")
    func usageErrors() throws {
        let cases: [([String], String)] = [
            (["filmstrip", "--out", "x.png"], "--replay FILE is required"),
            (["filmstrip", "--replay", "a.jsonl", "--replay", "b.jsonl", "--out", "x.png"], "give --out-dir DIR for 2 replays"),
            (["filmstrip", "--replay", "a.jsonl", "--every", "3", "--events", "--out", "x.png"], "--every and --events exclude each other"),
            (["filmstrip", "--replay", "a.jsonl", "--seat", "1", "--spectator", "--out", "x.png"], "--seat and --spectator exclude each other"),
            (["filmstrip", "--replay", "a.jsonl"], "--out FILE (or --out-dir DIR) is required"),
            (["filmstrip", "--replay", "a.jsonl", "--out-dir", "/nonexistent-folder"], "--out-dir: '/nonexistent-folder' is not a folder"),
        ]
        for (arguments, message) in cases {
            let run = try duo.run(arguments)
            #expect(run.status == 2, "\(arguments): \(run.errorOutput)")
            #expect(run.errorOutput.contains(message), "\(arguments): \(run.errorOutput)")
            #expect(run.output.isEmpty)
        }
    }
}
