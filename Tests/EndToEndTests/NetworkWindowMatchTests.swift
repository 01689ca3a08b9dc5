import DuoTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Whole networked matches between two built `duo` windows (SDL's offscreen
/// driver, `--autoplay`: each plays its seat with the server's hints) on a
/// built `duo-server serve`: one window is killed mid-match and started
/// again with `--resume` and its seat ticket, a third window follows it with
/// `--spectate`, and the match ends with the result the server's replay holds.
extension NetworkWindowTests {
    @Test(
        "Two autoplaying windows play a whole match; one killed mid-match and resumed from its ticket; the replay holds their result",
        arguments: [["--game", "broadside"], ["--game", "minigolf"]])
    func windowsPlayAMatchThroughACut(game: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duo-autoplay-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let (server, port) = try startServer(in: folder)
        defer { server.stop(SIGKILL) }
        let connect = ["--connect", "127.0.0.1:\(port)", "--autoplay"] + Self.idleFrames
        // Each window keeps its tickets in its own state folder, as on two machines.
        let stateA = folder.appendingPathComponent("a")
        let stateB = folder.appendingPathComponent("b")

        let creator = try Background(
            duo, connect + game + ["--create", "--seed", "1"], folder: folder, name: "creator",
            environment: windowEnvironment(in: stateA))
        defer { creator.stop(SIGKILL) }
        let code = try Self.matchCode(ticketsIn: stateA)
        let joiner = try Background(
            duo, connect + game + ["--join", code, "--seed", "2"], folder: folder, name: "joiner",
            environment: windowEnvironment(in: stateB))
        defer { joiner.stop(SIGKILL) }
        // A spectator names no game: the window asks the server which game the match is, and follows it.
        let spectator = try Background(
            duo, ["--connect", "127.0.0.1:\(port)", "--spectate", code] + Self.idleFrames, folder: folder, name: "spectator",
            environment: windowEnvironment(in: folder.appendingPathComponent("c")))
        defer { spectator.stop(SIGKILL) }
        if game == ["--game", "minigolf"] {
            #expect(try spectator.waitForLog { $0.contains("match \(code) is a game of Mini golf (--game minigolf): opening its table") })
        }

        // Mid-match: some moves are journaled, and the match is not over.
        let journal = folder.appendingPathComponent("data/matches/\(code).jsonl")
        let movesBeforeCut = try Self.waitUntil("20 moves in the journal of \(code)") { () -> Int? in
            let lines = ((try? String(contentsOf: journal, encoding: .utf8)) ?? "").split(separator: "\n")
            return lines.count > 20 ? lines.count : nil
        }
        joiner.stop(SIGKILL)
        let ticket = stateB.appendingPathComponent("state/duo/tickets/\(code)-seat1.json")
        #expect(FileManager.default.fileExists(atPath: ticket.path), "the joiner's ticket outlives it")
        let resumed = try Background(
            duo, ["--resume", ticket.path, "--autoplay", "--seed", "3"] + Self.idleFrames, folder: folder, name: "resumed",
            environment: windowEnvironment(in: stateB))
        defer { resumed.stop(SIGKILL) }
        #expect(try server.waitForLog { $0.contains("match \(code): seat 1 resumed from") })

        let ending = "duo: autoplay: match \(code) over after "
        let creatorEnd = try Self.waitUntil("the end of the match in the creator's log") { Self.line(after: ending, in: creator.log) }
        let resumedEnd = try Self.waitUntil("the end of the match in the resumed window's log") { Self.line(after: ending, in: resumed.log) }
        #expect(creatorEnd == resumedEnd, "both windows saw the same end")
        #expect(!joiner.log.contains(ending), "the killed window never saw the end")
        #expect(spectator.process.isRunning, "the spectator followed the whole match: \(spectator.log)")

        let replayFile = folder.appendingPathComponent("data/replays/\(code).jsonl")
        _ = try Self.waitUntil("the replay of \(code)") { FileManager.default.fileExists(atPath: replayFile.path) ? true : nil }
        let verdict = try BuiltExecutable(named: "duo-server").run(["replay", replayFile.path])
        #expect(verdict.status == 0, "\(verdict.errorOutput)")
        // "ok: FILE: broadside (classic), 199 moves, seat 1 (player) won in 95 shots (fleetSunk); ..."
        let replayMoves = try #require(Self.line(after: "), ", in: verdict.output)?.prefix { $0.isNumber })
        let replayWinner = verdict.output.contains("a draw") ? "a draw" : try #require(Self.seatWon(in: verdict.output))
        // "199 moves: seat 1 wins (fleetSunk)"
        #expect(creatorEnd.hasPrefix("\(replayMoves) moves: "), "window: \(creatorEnd); replay: \(verdict.output)")
        #expect(
            creatorEnd.contains(replayWinner == "a draw" ? ": a draw (" : ": \(replayWinner) wins ("),
            "window: \(creatorEnd); replay: \(verdict.output)")
        #expect(try #require(Int(replayMoves)) > movesBeforeCut, "the cut came before the end")
    }

    /// The code of the match created by the window whose state folder is `state`, from its ticket's file name.
    private static func matchCode(ticketsIn state: URL) throws -> String {
        let tickets = state.appendingPathComponent("state/duo/tickets")
        let file = try waitUntil("the creator's ticket file") {
            // The finished ticket, not the partial file it is written through.
            try? FileManager.default.contentsOfDirectory(at: tickets, includingPropertiesForKeys: nil)
                .first { $0.pathExtension == "json" && !$0.lastPathComponent.hasPrefix(".") }
        }
        return String(file.lastPathComponent.prefix { $0 != "-" })
    }

    /// The rest of the first line of `text` that holds `marker`, after it.
    private static func line(after marker: String, in text: String) -> String? {
        guard let range = text.range(of: marker) else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "\n" })
    }

    /// `seat N` of the replay verdict's "seat N (player) won".
    private static func seatWon(in verdict: String) -> String? {
        guard let range = verdict.range(of: #"seat [01] \([^)]*\) won"#, options: .regularExpression) else { return nil }
        return String(verdict[range].prefix(6))
    }

    /// Waits (at most 120 s: a whole match between windows, on a loaded machine) until `value` gives something.
    private static func waitUntil<Value>(_ what: String, _ value: () -> Value?) throws -> Value {
        for _ in 0..<12_000 {
            if let found = value() { return found }
            usleep(10_000)
        }
        throw BackgroundError("no \(what) within 120 s")
    }
}
