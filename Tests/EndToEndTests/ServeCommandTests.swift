import DuoClient
import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `duo-server serve` as a user would: on an ephemeral
/// loopback port, with real clients, a SIGKILL mid-match, a restart on the
/// same data directory, and a SIGTERM drain at the end.
@Suite struct ServeCommandTests {
    @Test func helpAndBadFlags() throws {
        let server = try BuiltExecutable(named: "duo-server")
        let help = try server.run(["serve", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--turn-timeout"))
        #expect(help.output.contains("7447"))
        #expect(help.output.contains("--sync-mode"))
        let badMode = try server.run(["serve", "--sync-mode", "sometimes"])
        #expect(badMode.status == 2)
        #expect(badMode.errorOutput.contains("--sync-mode must be one of filesystem|file"))
        let bad = try server.run(["serve", "--port", "70000"])
        #expect(bad.status == 2)
        #expect(bad.errorOutput.contains("--port"))
        let loadOffMachine = try server.run(["load", "--connect", "192.0.2.1:7447"])
        #expect(loadOffMachine.status == 2)
        #expect(loadOffMachine.errorOutput.contains("loopback"))
    }

    @Test func loadPlaysItsMatchesAndReportsJSON() throws {
        let server = try BuiltExecutable(named: "duo-server")
        let run = try server.run([
            "load", "--concurrent", "3", "--matches", "4", "--think-ms", "0",
            "--ramp-ms", "0", "--duration", "120", "--json", "-",
        ])
        #expect(run.status == 0, "\(run.errorOutput)")
        let report = try #require(try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any])
        #expect(report["matchesFinished"] as? Int == 4)
        #expect(report["errors"] as? Int == 0)
        #expect((report["moves"] as? Int ?? 0) >= 4 * 34)
        #expect(report["moveSource"] as? String == "script", "by default clients send recorded moves")
        #expect((report["serverLoopMicrosecondsPerMove"] as? Double ?? 0) > 0, "the in-process server's loop CPU a move: \(report)")
        #expect((report["clientMicrosecondsPerMove"] as? Double ?? 0) > 0)
        #expect((report["scriptedMoves"] as? Int ?? 0) >= (report["moves"] as? Int ?? 0) - 4, "\(report)")
        #expect((report["p99Milliseconds"] as? Double ?? -1) >= (report["p50Milliseconds"] as? Double ?? 0))
    }

    @Test func loadScriptsOnlyGamesItHas() throws {
        let server = try BuiltExecutable(named: "duo-server")
        // In process, an unknown game is a usage error before anything starts.
        let unknown = try server.run(["load", "--game", "chess", "--matches", "1", "--think-ms", "0"])
        #expect(unknown.status == 2)
        #expect(unknown.errorOutput.contains("--game") && unknown.errorOutput.contains("chess"), "\(unknown.errorOutput)")
        // At --connect the server may have games this program has not: the
        // clients ask that server's bot instead, and the server has its say on the game.
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("duo-load-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let running = try RunningServer(executable: server, data: data)
        defer { running.kill(SIGTERM) }
        let remote = try server.run([
            "load", "--connect", "127.0.0.1:\(running.port)", "--game", "chess", "--matches", "1", "--think-ms", "0", "--ramp-ms", "0",
        ])
        #expect(
            remote.output.contains("chess is not a game of duo-server, so no script: clients ask 127.0.0.1:\(running.port) for hints"),
            "\(remote.output)")
        #expect(remote.status == 1)
        #expect(remote.output.contains("unknownGame"), "the server's answer: \(remote.output)")
    }

    @Test func aMatchSurvivesSIGKILLAndARestartWithNoMoveLostThenDrainsOnSIGTERM() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("duo-serve-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let executable = try BuiltExecutable(named: "duo-server")

        var running = try RunningServer(executable: executable, data: data)
        let first = try JSONLineClient(port: running.port, timeoutSeconds: 20)
        let second = try JSONLineClient(port: running.port, timeoutSeconds: 20)
        let welcome = try first.request(["type": "hello", "version": 1])
        #expect(welcome["type"] as? String == "welcome")
        _ = try second.request(["type": "hello", "version": 1])
        let created = try first.request(["type": "create"])
        let code = try #require(created["code"] as? String)
        let joined = try second.request(["type": "join", "code": code.lowercased()])
        #expect(joined["type"] as? String == "joined")
        var clients = [first, second]
        var tickets: [(seat: Int, token: String)] = []
        for message in [created, joined] {
            tickets.append((try #require(message["seat"] as? Int), try #require(message["token"] as? String)))
        }
        if tickets[0].seat == 1 {
            clients.reverse()
            tickets.reverse()
        }

        // Placement and a few shots; every move acknowledged (durable) before the kill.
        var acknowledged = 0
        for _ in 0..<16 {
            let seat = acknowledged < 10 ? acknowledged / 5 : (try clients[0].latestToMove() ?? 0)
            acknowledged = try play(clients[seat])
        }
        #expect(acknowledged == 16)
        running.kill(SIGKILL)

        // Same directory, new process, new port: every unfinished match is back.
        running = try RunningServer(executable: executable, data: data)
        var resumed: [JSONLineClient] = []
        for (seat, token) in tickets {
            let client = try JSONLineClient(port: running.port, timeoutSeconds: 20)
            _ = try client.request(["type": "hello", "version": 1, "match": code])
            let answer = try client.request(["type": "resume", "code": code, "seat": seat, "token": token])
            #expect(answer["type"] as? String == "resumed")
            let view = try client.next { $0["type"] as? String == "view" }
            #expect(view["moves"] as? Int == acknowledged)
            resumed.append(client)
        }
        // Play it out.
        for _ in 0..<400 {
            guard let seat = try resumed[0].latestToMove() else { break }
            _ = try play(resumed[seat])
        }
        let ended = try resumed[0].ended ?? resumed[0].next { $0["type"] as? String == "ended" }
        let final = try #require(ended["result"] as? [String: Any])
        #expect(final["reason"] as? String == "fleetSunk")

        // The finished match is a replay that 'duo-server replay' verifies.
        let replay = data.appendingPathComponent("replays/\(code).jsonl")
        for _ in 0..<2_000 where !FileManager.default.fileExists(atPath: replay.path) { usleep(5_000) }
        let verdict = try executable.run(["replay", replay.path])
        #expect(verdict.status == 0, "\(verdict.errorOutput)")

        // SIGTERM drains and exits 0.
        let status = running.kill(SIGTERM)
        #expect(status == 0)
        #expect(running.log.contains("drained"))
    }

    /// Asks for the legal moves, plays the first, waits for its `accepted`;
    /// returns the move number.
    private func play(_ client: JSONLineClient) throws -> Int {
        let legal = try client.request(["type": "legal"])
        let moves = try #require(legal["moves"] as? [Any])
        let accepted = try client.request(["type": "move", "move": moves[0]])
        #expect(accepted["type"] as? String == "accepted", "\(accepted)")
        return accepted["number"] as? Int ?? -1
    }
}

/// `duo-server serve` running in the background on a free loopback port.
private struct RunningServer {
    let process: Process
    let port: UInt16
    let logURL: URL

    init(executable: BuiltExecutable, data: URL) throws {
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        logURL = data.appendingPathComponent("server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logURL.path, contents: nil)
        process = Process()
        process.executableURL = executable.url
        process.arguments = ["serve", "--port", "0", "--data", data.path, "--turn-timeout", "0"]
        process.currentDirectoryURL = PackageRoot.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: logURL)
        try process.run()
        // The first line says where it listens.
        var text = ""
        while !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "listening on 127.0.0.1:"),
            let port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            throw ServeTestError("no 'listening on' line: \(text)")
        }
        self.port = port
    }

    /// Sends `signal` and waits for the process to end; returns its status.
    @discardableResult
    func kill(_ signal: Int32) -> Int32 {
        Glibc.kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }

    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }
}

private struct ServeTestError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
