import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Mini golf through the surfaces the other suites do not reach: the local
/// window (against a bot and two players on one device) on SDL's offscreen
/// driver, and a batch split in shards and merged back (the networked match
/// between windows is in `NetworkWindowMatchTests`; screenshot, lint, the
/// posture walk, load and replays in the window have their own suites).
@Suite struct MiniGolfSurfacesTests {
    @Test("The golf window opens and runs, against its bot and with two players on one device", arguments: [[], ["--pass-and-play"]])
    func localWindowRuns(mode: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-golf-window-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let window = try Background(
            try BuiltExecutable(named: "duo"), ["--game", "minigolf", "--seed", "3"] + mode, folder: folder, name: "window",
            environment: [
                "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "SDL_AUDIODRIVER": "dummy",
                "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
            ])
        defer { window.stop(SIGKILL) }
        // About a hundred frames: long enough for a table that cannot load, draw or take its bot's turn to have stopped.
        usleep(1_500_000)
        #expect(window.process.isRunning, "the window stopped: \(window.log)")
        #expect(window.log.isEmpty, "\(window.log)")
    }

    @Test("A golf batch split in two shards and merged has the totals of the whole batch")
    func shardsMergeToTheBatch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-golf-merge-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try BuiltExecutable(named: "duo-server")
        let batch = ["match", "--game", "minigolf", "--bots", "random,random", "--games", "10", "--quiet", "--json"]
        func run(_ arguments: [String]) throws {
            let result = try server.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
        }
        try run(batch + [folder.appendingPathComponent("whole.json").path])
        for shard in 0..<2 { try run(batch + [folder.appendingPathComponent("shard-\(shard).json").path, "--shard", "\(shard)/2"]) }
        try run(
            ["merge", folder.appendingPathComponent("shard-0.json").path, folder.appendingPathComponent("shard-1.json").path, "--json"]
                + [folder.appendingPathComponent("merged.json").path])
        func totals(_ name: String) throws -> [String: String] {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            // Everything but how the batch was run (time, jobs, shards).
            let kept = ["game", "variant", "games", "wins", "draws", "moves", "forfeits", "scoresToWin", "rulesHash", "bots", "seed"]
            return try Dictionary(
                uniqueKeysWithValues: kept.map { key in
                    let value = try #require(object[key], "\(name) has no \(key)")
                    // Sorted keys: a nested object compares by content, not by its order in memory.
                    let json = try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])
                    return (key, String(decoding: json, as: UTF8.self))
                })
        }
        let whole = try totals("whole.json")
        #expect(whole["games"] == "10")
        #expect(try totals("merged.json") == whole)
    }
}
