import DuoTestSupport
import Foundation
import Testing

/// Every row of the table in docs/EXIT_STATUS.md, run: the table and the
/// commands cannot drift apart.
@Suite struct ExitStatusTableTests {
    let duo: BuiltExecutable
    let server: BuiltExecutable
    init() throws {
        duo = try BuiltExecutable(named: "duo")
        server = try BuiltExecutable(named: "duo-server")
    }

    /// The (command, status) rows of the table.
    static func rows() throws -> [String] {
        let text = try String(contentsOf: PackageRoot.url.appendingPathComponent("docs/EXIT_STATUS.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line -> String? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`"), let status = Int(cells[1]) else { return nil }
            return "\(cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))) \(status)"
        }
    }

    /// Rows whose case needs a display or a long-running server: the named tests run them.
    static let coveredElsewhere = [
        "duo 0": "NetworkWindowTests (windows closed by their test, status 0)",
        "duo-server serve 0": "ServeCommandTests.aMatchSurvivesSIGKILLAndARestartWithNoMoveLostThenDrainsOnSIGTERM",
        "duo-server load 0": "ServeCommandTests.loadPlaysItsMatchesAndReportsJSON",
    ]

    func temporaryFile(_ name: String, _ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// A shard's results file of a small batch (`extra` adds flags).
    func shard(_ index: Int, of count: Int, _ extra: [String] = ["--bots", "hunt,random"]) throws -> String {
        let file = try temporaryFile("shard-\(index).json", "").path
        let run = try server.run(["match", "--games", "40", "--quiet", "--shard", "\(index)/\(count)", "--json", file] + extra)
        #expect(run.status == 0, "\(run.errorOutput)")
        return file
    }

    /// Runs the case of one row and returns its status.
    func run(_ row: String) throws -> Int32 {
        switch row {
        case "duo 1": return try duo.run(["--profile", try temporaryFile("bad.json", "{\"name\":").path]).status
        case "duo 2": return try duo.run(["--variant", "nope"]).status
        case "duo inspect 0": return try duo.run(["inspect"]).status
        case "duo inspect 2": return try duo.run(["inspect", "--posture", "nope"]).status
        case "duo screenshot 0":
            return try duo.run(["screenshot", "--out", try temporaryFile("shot.png", "").path]).status
        case "duo screenshot 1": return try duo.run(["screenshot", "--out", "/nonexistent-folder/shot.png"]).status
        case "duo screenshot 2":
            return try duo.run(["screenshot", "--variant", "nope", "--out", try temporaryFile("shot.png", "").path]).status
        // One game, one fold position: the status is the row's point (golf's lint, 10 times the CPU with its
        // path fields, and every game's whole lint are LintCommandTests'). The cramped device fails Broadside's board.
        case "duo lint 0":
            return try duo.run(["lint", "--game", "broadside", "--profile", "classic", "--fold-positions", "1", "--drawn-moves", "2"]).status
        case "duo lint 1":
            let cramped = try temporaryFile("cramped.json", try CrampedProfile.json()).path
            return try duo.run(["lint", "--game", "broadside", "--profile", cramped, "--fold-positions", "1", "--drawn-moves", "1"]).status
        case "duo lint 2": return try duo.run(["lint", "--game", "minigolf", "--variant", "nope"]).status
        case "duo filmstrip 0", "duo filmstrip 1":
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-exit-\(UUID().uuidString)")
            _ = try server.run(["match", "--games", "1", "--quiet", "--replays", directory.path])
            let replay = row.hasSuffix("0") ? directory.appendingPathComponent("match-000000.jsonl").path : try temporaryFile("bad.jsonl", "{}").path
            return try duo.run(["filmstrip", "--replay", replay, "--every", "40", "--scale", "0.2", "--out", try temporaryFile("strip.png", "").path])
                .status
        case "duo filmstrip 2": return try duo.run(["filmstrip", "--replay", "a.jsonl", "--replay", "b.jsonl", "--out", "x.png"]).status
        case "duo-server 0": return try server.run(["--help"]).status
        case "duo-server 2": return try server.run([]).status
        case "duo-server match 0": return try server.run(["match", "--games", "4", "--quiet"]).status
        case "duo-server match 1": return try server.run(["match", "--games", "4", "--quiet", "--expect", "forfeits>0"]).status
        case "duo-server match 2": return try server.run(["match", "--games", "10", "--shard", "0/2000"]).status
        case "duo-server match 4":
            return try server.run(["match", "--bots", "random,density", "--sprt", "elo0=0,elo1=10", "--games", "200", "--quiet"]).status
        case "duo-server match 5":
            return try server.run(["match", "--bots", "hunt,random", "--sprt", "elo0=0,elo1=10", "--games", "2", "--quiet"]).status
        case "duo-server merge 0": return try server.run(["merge", try shard(0, of: 2), try shard(1, of: 2)]).status
        case "duo-server merge 1": return try server.run(["merge", try temporaryFile("x.json", "{}").path]).status
        case "duo-server merge 2": return try server.run(["merge"]).status
        case "duo-server merge 3": return try server.run(["merge", try shard(0, of: 2)]).status
        case "duo-server merge 4":
            let sprt = ["--bots", "random,density", "--sprt", "elo0=0,elo1=10"]
            return try server.run(["merge", try shard(0, of: 2, sprt), try shard(1, of: 2, sprt)]).status
        case "duo-server merge 5":
            let sprt = ["--sprt", "elo0=0,elo1=10,alpha=0.001,beta=0.001", "--bots", "hunt,hunt:spread"]
            return try server.run(["merge", try shard(0, of: 2, sprt), try shard(1, of: 2, sprt)]).status
        case "duo-server replay 0", "duo-server replay 1":
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-exit-\(UUID().uuidString)")
            _ = try server.run(["match", "--games", "1", "--quiet", "--replays", directory.path])
            return try server.run(["replay", row.hasSuffix("0") ? directory.appendingPathComponent("match-000000.jsonl").path : directory.path])
                .status
        case "duo-server replay 2": return try server.run(["replay", "a", "b"]).status
        case "duo-server serve 1": return try server.run(["serve", "--port", "0", "--data", "/proc/nonexistent/data"]).status
        case "duo-server serve 2": return try server.run(["serve", "--port", "70000"]).status
        case "duo-server load 1":
            return try server.run(["load", "--connect", "127.0.0.1:1", "--matches", "1", "--concurrent", "1"]).status
        case "duo-server load 2": return try server.run(["load", "--concurrent", "0"]).status
        case "duo-server-launch 127":
            // A copy of the launcher alone in a folder: no duo-server beside it.
            let copy = try temporaryFile("duo-server-launch", "")
            try FileManager.default.removeItem(at: copy)
            try FileManager.default.copyItem(at: try BuiltExecutable(named: "duo-server-launch").url, to: copy)
            return try BuiltExecutable(url: copy).run(["serve"]).status
        case "duo-server serve 143":
            // SIGTERM right after exec: before the program's first code can block it. A busy machine may
            // run that code before the signal lands (then the server drains and exits 0), so up to 20 starts.
            var status: Int32 = -1
            for _ in 0..<20 {
                let outcome = try EarlySigtermTests.run(server.url, delay: 0)
                status = outcome.status & 0x7F == 0 ? outcome.status >> 8 : 128 + (outcome.status & 0x7F)
                guard status == 143 else { continue }
                #expect(!outcome.dataDirectoryMade, "killed after making its data directory")
                break
            }
            return status
        case "duo-server simulate 0": return try server.run(["simulate", "--seeds", "3", "--steps", "20", "--game", "broadside"]).status
        case "duo-server simulate 1":
            return try server.run(["simulate", "--seeds", "2", "--steps", "30", "--game", "broadside", "--fault", "ackBeforeSync", "--no-shrink"])
                .status
        case "duo-server simulate 2": return try server.run(["simulate", "--fault", "nope"]).status
        default: throw TableError(row: row)
        }
    }

    struct TableError: Error, CustomStringConvertible {
        let row: String
        var description: String { "no case for the row '\(row)' of docs/EXIT_STATUS.md: add one to ExitStatusTableTests" }
    }

    @Test func everyRowOfTheTableIsTheStatusItsCaseEndsWith() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 30, "the table was read")
        for row in rows where Self.coveredElsewhere[row] == nil {
            let expected = Int32(row.split(separator: " ").last!)!
            #expect(try run(row) == expected, "docs/EXIT_STATUS.md row '\(row)'")
        }
    }
}
