import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `duo --connect` as a user would, against the built
/// `duo-server serve`: flag mistakes, and the networked window itself on
/// SDL's offscreen video driver (no display needed).
@Suite struct NetworkWindowTests {
    let duo: BuiltExecutable

    init() throws {
        duo = try BuiltExecutable(named: "duo")
    }

    /// The windows here wait on the network, not on frames (a move's animation lasts its seconds
    /// at any rate that keeps a frame under the window's 0.1 s step): at 12 frames a second,
    /// several at once leave the CPU to the server and the other tests (at 60, three took a core each).
    static let idleFrames = ["--max-fps", "12"]

    @Test("Networked-play flag mistakes are one-line errors with exit status 2")
    func flagMistakes() throws {
        let cases: [([String], String)] = [
            (["--join", "K7QF2M"], "--join needs --connect HOST:PORT"),
            (["--connect", "127.0.0.1:7447"], "--connect needs one of --create, --join CODE, --resume FILE, --spectate CODE"),
            (["--connect", "127.0.0.1", "--create"], "--connect needs HOST:PORT"),
            (["--connect", "127.0.0.1:7447", "--create", "--join", "K7QF2M"], "choose one of --join, --create"),
            (["--connect", "127.0.0.1:7447", "--join", "K7QF2M", "--bot", "hunt"], "--bot goes with --create"),
            (["--connect", "127.0.0.1:7447", "--create", "--pass-and-play"], "--pass-and-play is for one device"),
            (["--connect", "127.0.0.1:7447", "--join", "two words"], "--join needs a match code"),
            (["--connect", "127.0.0.1:7447", "--create", "--game", "chess"], "not 'chess'"),
            (["--autoplay"], "--autoplay needs --connect HOST:PORT"),
            (["--connect", "127.0.0.1:7447", "--spectate", "K7QF2M", "--autoplay"], "--autoplay plays a seat; --spectate has none"),
            (["--replay", "match-000000.jsonl", "--autoplay"], "--autoplay does not go with it"),
        ]
        for (arguments, message) in cases {
            let result = try duo.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.errorOutput.split(separator: "\n").count == 1, "\(arguments): \(result.errorOutput)")
            #expect(result.errorOutput.contains(message), "\(arguments): \(result.errorOutput)")
        }
    }

    @Test("An unreadable seat ticket is a clear error with exit status 1")
    func unreadableTicket() throws {
        let result = try duo.run(["--resume", "/nonexistent/K7QF2M-seat0.json"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("cannot read the seat ticket /nonexistent/K7QF2M-seat0.json"))
    }

    @Test("duo --connect --create plays on the server and keeps the ticket; killed, duo --resume FILE takes the seat back")
    func windowCreatesThenResumes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-connect-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, port) = try startServer(in: folder)
        defer { server.stop(SIGKILL) }
        let environment = windowEnvironment(in: folder)
        let tickets = folder.appendingPathComponent("state/duo/tickets")

        let first = try Background(
            duo, ["--connect", "127.0.0.1:\(port)", "--create", "--bot", "random"] + Self.idleFrames,
            folder: folder, name: "first", environment: environment)
        defer { first.stop(SIGKILL) }
        let file = try waitFor("the ticket file") {
            // The finished ticket, not the partial file it is written through.
            try? FileManager.default.contentsOfDirectory(at: tickets, includingPropertiesForKeys: nil)
                .first { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") }
        }
        let code = String(file.lastPathComponent.prefix { $0 != "-" })
        #expect(try server.waitForLog { $0.contains("match \(code) created by") && $0.contains("against bot random") })
        // Killed as hard as can be (a test runner's children inherit SIGTERM blocked, so SIGKILL it is).
        first.stop(SIGKILL)
        #expect(FileManager.default.fileExists(atPath: file.path), "the ticket outlives the program")

        let second = try Background(duo, ["--resume", file.path] + Self.idleFrames, folder: folder, name: "second", environment: environment)
        defer { second.stop(SIGKILL) }
        #expect(try server.waitForLog { $0.contains("match \(code): seat 0 resumed from") })
    }

    @Test("A game package's window keeps its seat tickets under its own name, never in the engine's duo folder")
    func packageWindowKeepsItsOwnTickets() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-own-tickets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, port) = try startServer(in: folder)
        defer { server.stop(SIGKILL) }
        // The built window under a package's name, as `noughts` runs the engine's commands.
        let (noughts, links) = try ProgramNameTests.linked("duo", as: "noughts")
        defer { try? FileManager.default.removeItem(at: links) }
        let window = try Background(
            noughts, ["--connect", "127.0.0.1:\(port)", "--create", "--bot", "random"] + Self.idleFrames, folder: folder, name: "noughts",
            environment: windowEnvironment(in: folder))
        defer { window.stop(SIGKILL) }
        let tickets = folder.appendingPathComponent("state/noughts/tickets")
        let file = try waitFor("the ticket in state/noughts/tickets") {
            try? FileManager.default.contentsOfDirectory(at: tickets, includingPropertiesForKeys: nil)
                .first { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") }
        }
        #expect(file.lastPathComponent.hasSuffix("-seat0.json"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state/duo").path), "nothing in duo's folder")
    }

    @Test("duo --join CODE with no --game opens the match's own game: it asks the server which game the match is")
    func joinOpensTheMatchsGame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-join-game-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, port) = try startServer(in: folder)
        defer { server.stop(SIGKILL) }
        let creator = try JSONLineClient(port: port)
        try creator.send(["type": "hello", "version": 1, "client": "test"])
        try creator.send(["type": "create", "game": "minigolf"])
        let created = try creator.expect("created")
        let code = try #require(created["code"] as? String)
        let environment = windowEnvironment(in: folder)
        let joiner = try Background(
            duo, ["--connect", "127.0.0.1:\(port)", "--join", code] + Self.idleFrames, folder: folder, name: "joiner", environment: environment)
        defer { joiner.stop(SIGKILL) }
        #expect(try joiner.waitForLog { $0.contains("match \(code) is a game of Mini golf (--game minigolf): opening its table") })
        #expect(try server.waitForLog { $0.contains("match \(code)") && $0.contains("joined") })
    }

    /// `duo-server serve` on a free port with its data in `folder`, and the port it listens on.
    func startServer(in folder: URL) throws -> (Background, UInt16) {
        let server = try Background(
            try BuiltExecutable(named: "duo-server"),
            ["serve", "--port", "0", "--data", folder.appendingPathComponent("data").path],
            folder: folder, name: "server")
        do {
            let port = try server.waitForOutput { text in
                text.range(of: "listening on 127.0.0.1:").flatMap { UInt16(text[$0.upperBound...].prefix { $0.isNumber }) }
            }
            return (server, port)
        } catch {
            server.stop(SIGKILL)
            throw error
        }
    }

    /// A window with no display or sound, its tickets kept in `folder`.
    func windowEnvironment(in folder: URL) -> [String: String] {
        [
            "SDL_VIDEODRIVER": "offscreen", "SDL_RENDER_DRIVER": "software", "SDL_AUDIODRIVER": "dummy",
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]
    }

    private func waitFor<Value>(_ what: String, _ value: () -> Value?) throws -> Value {
        for _ in 0..<3_000 {
            if let found = value() { return found }
            usleep(10_000)
        }
        throw BackgroundError("no \(what) within 30 s")
    }
}

/// A built executable running in the background, its outputs in files.
final class Background {
    let process = Process()
    let outURL: URL
    let logURL: URL

    init(_ executable: BuiltExecutable, _ arguments: [String], folder: URL, name: String, environment: [String: String] = [:]) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        outURL = folder.appendingPathComponent("\(name).out")
        logURL = folder.appendingPathComponent("\(name).err")
        for url in [outURL, logURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
        process.executableURL = executable.url
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        process.currentDirectoryURL = PackageRoot.url
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: logURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var output: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    var log: String { (try? String(contentsOf: logURL, encoding: .utf8)) ?? "" }

    /// Waits (at most 30 s) until `pick` finds something in the standard output.
    func waitForOutput<Value>(_ pick: (String) -> Value?) throws -> Value {
        for _ in 0..<3_000 {
            if let value = pick(output) { return value }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        throw BackgroundError("not in the output: \(output)\(log)")
    }

    /// Waits (at most 30 s) until the standard error says what `matches` looks for.
    func waitForLog(_ matches: (String) -> Bool) throws -> Bool {
        for _ in 0..<3_000 {
            if matches(log) { return true }
            usleep(10_000)
        }
        throw BackgroundError("not in the log: \(log)")
    }

    /// Sends `signal` (if still running) and waits for the end; the exit status.
    @discardableResult
    func stop(_ signal: Int32) -> Int32 {
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

struct BackgroundError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
