import DuoArguments
import Foundation
import TabletopEngine

/// `duo-server replay`: verifies a replay log, optionally showing it as one seat saw it.
enum ReplayCommand {
    static let tool = "\(DuoServerCommand.tool) replay"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let seat: Option<Int?> = .integer(
            "seat", in: 0...1,
            help: """
                also show the match as seat N saw it: after each move, that
                seat's view (moves it could not see are not shown)
                """)
        static let spectator: Option<Bool> = .flag("spectator", help: "also show the match as a spectator saw it (public view)")
        static let json: Option<Bool> = .flag(
            "json",
            help: """
                with --seat or --spectator: one JSON object per move
                ({"line", "n", "mover", "move", "view"}) instead of pictures
                """)
    }

    /// The command's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool, positionals: "FILE",
        sections: [
            .usage,
            .text(
                """
                Re-plays a replay log (a JSON-lines file written by '\(DuoServerCommand.tool) match
                --replays DIR' or kept by the server) against the rules: every move is
                checked again and every state hash and the result recomputed. Prints a
                one-line verdict; on the first line that disagrees, names it and exits 1.
                """),
            .options("options:", [Options.seat.spec, Options.spectator.spec, Options.json.spec]),
            .list(
                "examples:",
                [
                    "\(DuoServerCommand.tool) replay replays/match-000000.jsonl",
                    "\(DuoServerCommand.tool) replay replays/match-000000.jsonl --seat 1",
                ]),
        ])

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        var viewer: Seat?
        do throws(ArgumentError) {
            guard parsed.positionals.count == 1 else {
                throw ArgumentError(parsed.positionals.isEmpty ? "replay needs a FILE" : "replay takes one FILE, not \(parsed.positionals.count)")
            }
            if let seat = parsed[Options.seat] {
                guard !parsed[Options.spectator] else { throw ArgumentError("--seat and --spectator exclude each other") }
                viewer = Seat(index: seat)
            }
            if parsed[Options.json] && viewer == nil && !parsed[Options.spectator] {
                throw ArgumentError("--json needs --seat or --spectator")
            }
        } catch {
            CommandExit.usage(error.message, tool: tool)
        }
        let path = parsed.positionals[0]
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            CommandExit.failure("cannot read \(path): no such file", tool: tool)
        }
        guard !isDirectory.boolValue else {
            let first = (try? FileManager.default.contentsOfDirectory(atPath: path))?.filter { $0.hasSuffix(".jsonl") }.min()
            let hint = first.map { ", e.g. \(URL(fileURLWithPath: path).appendingPathComponent($0).path)" } ?? ""
            CommandExit.failure("\(path) is a folder: give one replay file\(hint)", tool: tool)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            CommandExit.failure("cannot read \(path): \(error.localizedDescription)", tool: tool)
        }
        let header: ReplayHeader
        do {
            header = try ReplaySummary.header(of: data)
        } catch {
            CommandExit.failure("\(path): \(error)", tool: tool)
        }
        let game: AnyGame
        do {
            game = try games.game(for: header, assets: GameLoading.assets())
        } catch {
            CommandExit.failure("\(path): line 1: \(error)", tool: tool)
        }
        do {
            let summary = try game.verifyReplay(data)
            if viewer != nil || parsed[Options.spectator] {
                show(try game.replayFrames(data, viewer: viewer), json: parsed[Options.json], viewer: viewer)
            }
            let result = summary.result
            let outcome = result.winner.map { "\($0) (\(summary.header.players[$0])) won in \(result.scores[$0]) \(game.scoreUnit)" } ?? "a draw"
            let forfeit = result.forfeitedBy.map { " by forfeit of \($0)" } ?? " (\(result.reason))"
            let verdict =
                "ok: \(path): \(header.game) (\(header.variant)), \(summary.moveCount) moves, \(outcome)\(forfeit); every state hash matches"
            if parsed[Options.json] {
                // Standard output carries only the JSON lines; the verdict is a note, not an error.
                FileHandle.standardError.write(Data("\(tool): \(verdict)\n".utf8))
            } else {
                print(verdict)
            }
            return 0
        } catch {
            CommandExit.failure("\(path): \(error)", tool: tool)
        }
    }

    static func show(_ frames: [ReplayFrameText], json: Bool, viewer: Seat?) {
        for frame in frames {
            if json {
                let move = frame.move ?? "null"
                print("{\"line\":\(frame.line),\"n\":\(frame.number),\"mover\":\(frame.mover.rawValue),\"move\":\(move),\"view\":\(frame.viewJSON)}")
            } else {
                let move = frame.move ?? "(hidden from \(viewer.map { "\($0)" } ?? "spectators"))"
                print("--- move \(frame.number) (line \(frame.line)), \(frame.mover): \(move)")
                print(frame.picture)
            }
        }
    }
}
