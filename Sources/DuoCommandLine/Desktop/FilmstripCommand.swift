import DuoArguments
import DuoDesktop
import DuoPlatform
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// `duo filmstrip`: a replay as one contact sheet (``Filmstrip``), offscreen, to a PNG file;
/// several replays in one run, each to its own file.
enum FilmstripCommand {
    static let tool = "\(DuoCommand.tool) filmstrip"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let replay: Option<[String]> = .repeatable(
            "replay", "FILE", help: "the replay to film (any registered game with a networked table); repeat it for several")
        static let seat: Option<Int> = .integer("seat", in: 0...1, default: 0, help: "as seat N saw the match")
        static let spectator: Option<Bool> = .flag("spectator", help: "as a spectator saw it (nothing hidden shown)")
        static let every: Option<Int?> = .integer("every", "N", in: 1...10_000, defaultText: "1", help: "a frame every N moves (and the last)")
        static let events: Option<Bool> = .flag("events", help: "a frame at each move the table told news of, instead")
        static let out: Option<String?> = .text("out", "FILE", help: "the PNG file to write, for one replay")
        static let outDir: Option<String?> = .text(
            "out-dir", "DIR", help: "the folder to write each replay's filmstrip to, as NAME.png (NAME: the replay's name without .jsonl)")
        static let scale: Option<Double?> = .decimal("scale", "S", in: 0.1...4, defaultText: "0.4", help: "pixels per point of each frame's device")
        static let columns: Option<Int?> = .integer("columns", "N", in: 1...200, defaultText: "as square a sheet as can be", help: "frames per row")
        static let json: Option<Bool> = .flag(
            "json", help: "print one JSON object a line per filmstrip written (file, size, each frame's step, mover, caption, news, place) instead")
    }

    /// The command's declaration: its help and what it accepts.
    static func command(games: DesktopGames) -> CommandSpec {
        CommandSpec(
            tool,
            sections: [
                .text(
                    """
                    \(DuoCommand.tool) filmstrip: a match at a glance. Renders a replay offscreen, with no display,
                    as one contact sheet (PNG): a frame per move (or every N moves, or at each news
                    event), each labelled with the move, who made it and what happened (the news
                    the table told, else the move), as seat N or a spectator saw it, on the device
                    the device-state flags describe, at --scale. Any registered game whose table
                    plays networked (\(games.networked.map(\.name).joined(separator: ", "))).

                    Each filmstrip written prints 'wrote FILE (WxH, N frames of M moves)' (or, with
                    --json, one JSON object a line). Exit status 0 when every filmstrip was written,
                    1 when any replay could not be read or filmed (the others are still written;
                    each failure is a line on standard error), 2 for a bad flag.

                    Usage:
                      \(DuoCommand.tool) filmstrip --replay FILE [--seat N | --spectator] [--every N | --events] --out FILE.png
                      \(DuoCommand.tool) filmstrip --replay FILE --replay FILE ... --out-dir DIR
                    """),
                .options(
                    "Options:",
                    [
                        Options.replay.spec, Options.seat.spec, Options.spectator.spec, Options.every.spec, Options.events.spec, Options.out.spec,
                        Options.outDir.spec, Options.scale.spec, Options.columns.spec, Options.json.spec,
                    ]),
                .options("Device state:", DeviceStateFlags.specs + [OptionSpec.helpFlag]),
                .list(
                    "Examples:",
                    [
                        "\(DuoCommand.tool) filmstrip --replay match-000000.jsonl --out match.png",
                        "\(DuoCommand.tool) filmstrip --replay match-000000.jsonl --spectator --events --posture book --out book.png",
                        "\(DuoCommand.tool) filmstrip --replay a.jsonl --replay b.jsonl --every 5 --scale 0.3 --out-dir strips",
                    ]),
            ])
    }

    /// One replay to film and where its sheet goes.
    struct Job {
        let replay: String
        let out: String
    }

    static func main(_ arguments: [String], games: DesktopGames) {
        let parsed = command(games: games).parseOrExit(arguments)
        let jobs: [Job]
        let settings: Filmstrip.Settings
        do {
            jobs = try Self.jobs(parsed)
            if parsed[Options.spectator] && parsed.isGiven(Options.seat) { throw ArgumentError("--seat and --spectator exclude each other") }
            if parsed[Options.events] && parsed.isGiven(Options.every) { throw ArgumentError("--every and --events exclude each other") }
            let state = try DeviceStateFlags(parsed).state
            settings = Filmstrip.Settings(
                viewer: parsed[Options.spectator] ? nil : Seat(rawValue: parsed[Options.seat]),
                selection: parsed[Options.events] ? .events : .every(parsed[Options.every] ?? 1), state: state, scale: parsed[Options.scale] ?? 0.4,
                columns: parsed[Options.columns])
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.failure("\(error)", tool: tool)
        }
        var failed = 0
        for job in jobs {
            do {
                let strip = try film(job, settings: settings, games: games)
                do {
                    try strip.image.writePNG(to: URL(fileURLWithPath: job.out))
                } catch {
                    throw DesktopError(cause: error.cause, fix: "choose a writable path for --out or --out-dir")
                }
                if parsed[Options.json] {
                    FileHandle.standardOutput.write(jsonLine(job, strip) + Data("\n".utf8))
                } else {
                    print("wrote \(job.out) (\(strip.image.width)x\(strip.image.height), \(strip.frames.count) frames of \(strip.moveCount) moves)")
                }
            } catch {
                failed += 1
                // Each failure one line, naming the replay once.
                let message = "\(error)"
                CommandExit.printError(message.hasPrefix(job.replay) ? message : "\(job.replay): \(message)", tool: tool)
            }
        }
        exit(failed == 0 ? 0 : CommandExit.failureStatus)
    }

    /// The replays and where each sheet goes, checked before anything is filmed.
    static func jobs(_ parsed: ParsedOptions) throws -> [Job] {
        let replays = parsed[Options.replay]
        guard !replays.isEmpty else { throw ArgumentError("--replay FILE is required") }
        switch (try parsed.outputPath(Options.out), parsed[Options.outDir]) {
        case (let out?, nil):
            guard replays.count == 1 else { throw ArgumentError("--out names one file: give --out-dir DIR for \(replays.count) replays") }
            return [Job(replay: replays[0], out: out)]
        case (nil, let folder?):
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ArgumentError("--out-dir: '\(folder)' is not a folder")
            }
            let jobs = replays.map { replay in
                let name = URL(fileURLWithPath: replay).deletingPathExtension().lastPathComponent
                return Job(replay: replay, out: URL(fileURLWithPath: folder).appendingPathComponent("\(name).png").path)
            }
            let outs = jobs.map(\.out)
            if let twice = outs.first(where: { out in outs.filter { $0 == out }.count > 1 }) {
                throw ArgumentError("--out-dir: two replays would both be written to '\(twice)'")
            }
            return jobs
        case (nil, nil): throw ArgumentError("--out FILE (or --out-dir DIR) is required")
        case (_?, _?): throw ArgumentError("--out and --out-dir exclude each other")
        }
    }

    /// One replay's filmstrip.
    static func film(_ job: Job, settings: Filmstrip.Settings, games: DesktopGames) throws -> Filmstrip {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: job.replay)) } catch {
            throw DesktopError(cause: "cannot read the replay (\(error.localizedDescription))", fix: "check the file's name and permissions")
        }
        let entry = try DesktopGameRegistration.registration(
            forReplay: data, fileName: job.replay, in: games.entries, serverProgram: DuoCommand.serverTool)
        return try Filmstrip.make(replay: data, fileName: job.replay, registration: entry, settings: settings, serverProgram: DuoCommand.serverTool)
    }

    /// `{"file":"a.png","frames":[{"caption":"…","mover":0,"step":1}],"height":…,"moves":…,"replay":"a.jsonl","width":…}`.
    static func jsonLine(_ job: Job, _ strip: Filmstrip) -> Data {
        let frames: [[String: Any]] = strip.frames.map { frame in
            var fields: [String: Any] = [
                "step": frame.step, "caption": frame.caption, "news": frame.news,
                "picture": [frame.picture.minX, frame.picture.minY, frame.picture.width, frame.picture.height].map { Int($0.rounded()) },
            ]
            if let mover = frame.mover { fields["mover"] = mover.index }
            return fields
        }
        let object: [String: Any] = [
            "replay": job.replay, "file": job.out, "width": strip.image.width, "height": strip.image.height, "moves": strip.moveCount,
            "frames": frames,
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }
}
