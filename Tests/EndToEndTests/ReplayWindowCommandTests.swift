import DuoTestSupport
import Foundation
import Testing

/// `duo --replay FILE` as a user runs it, offscreen through `duo screenshot --replay`,
/// on replays the built `duo-server match --replays` wrote.
@Suite struct ReplayWindowCommandTests {
    let duo: BuiltExecutable
    let server: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
        server = try BuiltExecutable(named: "duo-server")
    }

    /// A folder with the replay of one match of `game`.
    func replays(_ arguments: [String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-replay-window-\(UUID().uuidString)")
        let result = try server.run(["match", "--games", "1", "--quiet", "--replays", folder.path] + arguments)
        #expect(result.status == 0, "\(result.errorOutput)")
        return folder
    }

    @Test("A Broadside replay is drawn at any move, as a seat or a spectator; the status line says which")
    func broadsideReplayOffscreen() throws {
        let folder = try replays(["--bots", "hunt,random"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = folder.appendingPathComponent("match-000000.jsonl").path
        for (flags, who) in [(["--seat", "1", "--move", "100000"], "seat 1"), (["--spectator", "--move", "12"], "spectator")] {
            let file = folder.appendingPathComponent("shot-\(who).png")
            let result = try duo.run(["screenshot", "--replay", replay, "--out", file.path] + flags, environment: ["DISPLAY": ""])
            #expect(result.status == 0, "\(result.errorOutput)")
            let image = try PNGImage(contentsOf: file)
            #expect(image.width > 0)
        }
    }

    @Test("A golf replay is drawn too; flags that do not go with a replay, and a missing file, are clear errors")
    func golfReplayAndMistakes() throws {
        let folder = try replays(["--game", "minigolf", "--bots", "aim,random"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let replay = folder.appendingPathComponent("match-000000.jsonl").path
        let golf = try duo.run([
            "screenshot", "--replay", replay, "--seat", "1", "--move", "100000",
            "--out", folder.appendingPathComponent("golf.png").path,
        ])
        #expect(golf.status == 0, "\(golf.errorOutput)")
        #expect(golf.output.contains("wrote"), "\(golf.output)")
        let both = try duo.run(["screenshot", "--replay", replay, "--seat", "1", "--spectator", "--out", "x.png"])
        #expect(both.status == 2)
        #expect(both.errorOutput.contains("--seat and --spectator exclude each other"), "\(both.errorOutput)")
        let missing = try duo.run(["screenshot", "--replay", "/nonexistent/match.jsonl", "--out", "x.png"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput.contains("cannot read the replay"), "\(missing.errorOutput)")
    }
}
