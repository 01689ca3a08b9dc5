import DuoArguments
import DuoClient
import DuoLoadTest
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine

/// `duo-server load`: many concurrent matches of bot clients against a
/// server on loopback, with moves per second and move latency percentiles.
enum LoadCommand {
    static let tool = "\(DuoServerCommand.tool) load"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let concurrent: Option<Int> = .integer("concurrent", in: 1...5_000, default: 100, help: "matches in play at once")
        static let matches: Option<Int?> = .integer("matches", in: 1...1_000_000, defaultText: "--concurrent", help: "matches to play in all")
        static let duration: Option<Int> = .integer("duration", "SECONDS", in: 1...3_600, default: 60, help: "stop after this long at the latest")
        static let thinkMilliseconds: Option<Int> = .integer(
            "think-ms", "MS", in: 0...60_000, default: 100,
            help: "each client waits this long before each move, as a person\nwould; 0 plays flat out")
        static let rampMilliseconds: Option<Int> = .integer(
            "ramp-ms", "MS", in: 0...600_000, default: 2_000, help: "start the first matches spread over this time, as players\narrive")
        static let moves: Option<LoadTest.MoveSource> = .choice(
            "moves", "SOURCE", default: .script,
            help: """
                where clients get moves: 'script' sends each seat's moves
                of a match the game's weakest bots played before the run
                (real moves, checked by the server like any); a match that
                leaves its script goes on with hints, and so does a game of
                a --connect server that this program lacks; 'hint' asks the
                server's weakest bot for each (a request and a reply more
                per move); 'legal' picks at random from the seat's legal
                moves, asked with 'legal' when the client's list is empty or
                stale (heavier: a Broadside placement list is ~35 KB); moves
                too many to list (mini golf's 36,000 strokes) are drawn from
                the space the server describes in its 'tooManyMoves' answer
                """)
        static let game: Option<String?> = .text("game", "NAME", defaultText: "the server's default", help: "the game")
        static let variant: Option<String?> = .text("variant", "NAME", defaultText: "the game's default", help: "the variant")
        static let connect: Option<String?> = .text("connect", "HOST:PORT", help: "a server already running on this machine")
        static let syncMode = SyncModeOption.option.with(
            help: """
                how the in-process server makes moves durable, as
                'serve': filesystem (group commit) or file
                (one fsync per journal: the behaviour before group commit)
                """)
        static let syncThreads: Option<Int> = .integer(
            "sync-threads", in: 1...64, default: 4, help: "threads of the in-process server that fsync journals in\nfile mode, as 'serve'")
        static let seed: Option<UInt64> = .unsigned("seed", "S", default: 1, help: "seeds the clients' choices")
        static let json: Option<String?> = .text("json", "FILE", help: "also write the figures as JSON ('-' for standard output)")
        static let checkSchemas: Option<Bool> = .flag(
            "check-schemas",
            help: """
                hold every line the server sends to the JSON Schemas in
                Assets/schemas/: the protocol's (protocol.json) and the
                game's (GAME.json, which must be there); a line that breaks
                them is an error (costs client time: not for speed figures)
                """)
    }

    /// The command's declaration: its help and what it accepts.
    static let command = CommandSpec(
        tool,
        sections: [
            .usage,
            .text(
                """
                Plays N matches at once between pairs of bot clients (real protocol
                clients on real sockets: hello, create / join by code, then a move on
                each turn) and reports moves
                per second and the p50 / p99 move latency: from sending a move to its
                'accepted', which the server sends once the move is journaled and
                fsync'ed. Loopback only; stops by itself after --matches matches or
                --duration seconds, whichever comes first.
                """),
            .text(
                """
                Without --connect it starts its own server in this process, on a free
                loopback port with a throw-away data directory. Each match connects
                from its own loopback address (127.2.x.y), as players on different
                machines would, so the per-address connection cap does not get in the way.
                """),
            .options(
                "options:",
                [
                    Options.concurrent.spec, Options.matches.spec, Options.duration.spec, Options.thinkMilliseconds.spec,
                    Options.rampMilliseconds.spec, Options.moves.spec, Options.game.spec, Options.variant.spec, Options.connect.spec,
                    Options.syncMode.spec, Options.syncThreads.spec, Options.seed.spec, Options.json.spec, Options.checkSchemas.spec,
                ]),
            .list(
                "examples:",
                [
                    "\(DuoServerCommand.tool) load --concurrent 1000 --think-ms 250 --duration 60",
                    "\(DuoServerCommand.tool) load --concurrent 50 --think-ms 0 --matches 200",
                    "\(DuoServerCommand.tool) load --connect 127.0.0.1:7447 --concurrent 20",
                ]),
        ])

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        let parsed = command.parseOrExit(arguments)
        var external: SocketAddress?
        if let text = parsed[Options.connect] {
            do throws(ArgumentError) {
                external = try loopbackAddress(text)
            } catch {
                CommandExit.usage(error.message, tool: tool)
            }
        }
        let syncThreads = parsed[Options.syncThreads]
        let syncMode = parsed[Options.syncMode]
        let checkSchemas = parsed[Options.checkSchemas]
        let jsonPath = parsed[Options.json]
        var settings = LoadTest.Configuration(server: external ?? .loopback(port: 0))
        settings.concurrent = parsed[Options.concurrent]
        settings.matches = parsed[Options.matches] ?? settings.concurrent
        settings.duration = .seconds(parsed[Options.duration])
        settings.think = .milliseconds(parsed[Options.thinkMilliseconds])
        settings.ramp = .milliseconds(parsed[Options.rampMilliseconds])
        settings.moveSource = parsed[Options.moves]
        settings.game = parsed[Options.game]
        settings.variant = parsed[Options.variant]
        settings.seed = parsed[Options.seed]
        var scriptNote: String?
        if settings.moveSource == .script, let external, !parsed.isGiven(Options.moves),
            let name = settings.game, (try? games.entry(named: name)) == nil
        {
            // The server at --connect plays a game this program does not
            // have, so there is nothing to record a script from: its bot
            // chooses the moves instead of refusing the run.
            settings.moveSource = .hint
            scriptNote = "\(name) is not a game of \(DuoServerCommand.tool), so no script: clients ask \(external) for hints"
        }
        if settings.moveSource == .script {
            let game = GameLoading.load(
                game: settings.game ?? games.defaultGame, from: games, variant: settings.variant, assets: GameLoading.assets())
            guard !game.botNames.isEmpty else {
                CommandExit.usage("--moves script: \(game.name) has no bot to record a script with; try --moves legal", tool: tool)
            }
            do {
                // Enough different matches that neighbours rarely share one; recorded in well under a second.
                settings.scripts = try MoveScript.record(game, count: min(settings.matches, 64), seed: settings.seed)
            } catch {
                CommandExit.failure("--moves script: \(error)", tool: tool)
            }
        }
        DescriptorLimit.raiseToHardLimit()
        TerminationSignals.ignoreBrokenPipe()
        if checkSchemas {
            let folder = GameLoading.assets().appendingPathComponent("schemas")
            let schemas: ProtocolSchemas
            do {
                schemas = try ProtocolSchemas(directory: folder)
            } catch {
                CommandExit.failure("cannot load the schemas: \(error)", tool: tool)
            }
            // Without its game's schema the check would hold the payloads to nothing and still pass.
            let played = settings.game ?? games.defaultGame
            guard schemas.games[played] != nil else {
                CommandExit.failure(
                    "no schema for \(played) in \(folder.path): a game gives its payloads' schema as \(played).json there, "
                        + "with the definitions \(ProtocolSchemas.gameDefinitions.joined(separator: ", ")) (docs/GETTING_STARTED.md, \"Schemas\")",
                    tool: tool)
            }
            settings.schemas = schemas
        }

        var server: DuoServer?
        var scratch: URL?
        if external == nil {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("duo-server-load-\(getpid())")
            scratch = directory
            var configuration = ServerConfiguration(catalog: games, assets: GameLoading.assets())
            configuration.address = .loopback(port: 0)
            configuration.dataDirectory = directory
            configuration.log = .silent
            configuration.syncThreads = syncThreads
            configuration.syncMode = syncMode
            configuration.maxMatches = settings.concurrent + 16
            // Every slot's creator waits for its joiner a moment: all may at once.
            configuration.maxWaitingMatches = settings.concurrent + 16
            configuration.limits.maxConnections = settings.concurrent * 2 + 64
            do {
                let started = try DuoServer(configuration: configuration)
                started.start()
                // Its loop runs from here on, so its CPU time can be read before the clients start.
                started.waitUntilRecovered()
                settings.server = started.address
                server = started
            } catch {
                CommandExit.failure("cannot start the server: \(error)", tool: tool)
            }
        }
        let quiet = jsonPath == "-"
        let serverPlace = external.map { "the server at \($0)" } ?? "an in-process server on \(settings.server)"
        if !quiet {
            let intro =
                "\(settings.concurrent) concurrent matches (\(settings.matches) in all, at most \(settings.duration)), think \(settings.think), against \(serverPlace)\n"
            FileHandle.standardOutput.write(Data(intro.utf8))
            if let scriptNote { FileHandle.standardOutput.write(Data((scriptNote + "\n").utf8)) }
        }

        var report: LoadReport
        let loopCPUBefore = server?.loopCPUTime
        do {
            report = try LoadTest(configuration: settings).run()
        } catch {
            CommandExit.failure("cannot start the clients: \(error)", tool: tool)
        }
        if let before = loopCPUBefore, let after = server?.loopCPUTime { report.serverLoopCPUTime = after - before }
        var syncLine: String?
        if let server {
            let (batches, files) = server.syncStatistics
            if syncMode == .filesystem {
                syncLine = String(
                    format: "group commit: %d syncfs calls for %d journal syncs (%.1f a call)",
                    batches, files, batches > 0 ? Double(files) / Double(batches) : 0)
            }
            server.drain()
            server.waitUntilStopped()
        }
        if let scratch { try? FileManager.default.removeItem(at: scratch) }

        if !quiet {
            print(summary(report, settings: settings))
            if let syncLine { print(syncLine) }
        }
        if let jsonPath {
            write(json(report, settings: settings), to: jsonPath)
        }
        return report.errors == 0 ? 0 : 1
    }

    /// `--connect HOST:PORT`: a server on this machine only.
    /// - Throws: ``ArgumentError`` for an address that does not parse or is not loopback.
    static func loopbackAddress(_ text: String) throws(ArgumentError) -> SocketAddress {
        let address: SocketAddress
        do {
            address = try SocketAddress(parsing: text)
        } catch {
            throw ArgumentError("--connect: \(error)")
        }
        guard address.isLoopback else {
            throw ArgumentError("--connect must be a loopback address (127.x.y.z or ::1): load is for this machine only")
        }
        return address
    }

    static func summary(_ report: LoadReport, settings: LoadTest.Configuration) -> String {
        let seconds = Double(report.elapsed.totalNanoseconds) / 1e9
        var lines = [
            "matches finished: \(report.matchesFinished) of \(settings.matches)\(report.timedOut ? " (time limit reached)" : ""), failed: \(report.matchesFailed)",
            String(
                format: "moves: %d in %.1f s: %.0f moves/s (%d scripted, %d hints, %d legal-move lists, %d stale moves refused)",
                report.moves, seconds, report.movesPerSecond, report.scriptedMoves, report.hints, report.legalRequests,
                report.refusedMoves),
            String(
                format: "move latency (sent -> durable ack): p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                report.percentile(0.5), report.percentile(0.99), report.percentile(1.0)),
        ]
        let server = report.microsecondsPerMove(report.serverLoopCPUTime)
        let clients = report.microsecondsPerMove(report.clientCPUTime)
        if server != nil || clients != nil {
            // CPU a move, not wall time: what other programs on the machine change least.
            var parts: [String] = []
            if let server { parts.append(String(format: "server loop thread %.1f us", server)) }
            if let clients { parts.append(String(format: "load clients' thread %.1f us", clients)) }
            lines.append("CPU a move: " + parts.joined(separator: ", "))
        }
        if settings.schemas != nil { lines.append("schemas: \(report.linesChecked) server lines checked") }
        if report.errors > 0 { lines.append("errors: \(report.errors) (first: \(report.firstError ?? "?"))") }
        return lines.joined(separator: "\n")
    }

    static func json(_ report: LoadReport, settings: LoadTest.Configuration) -> String {
        let fields: [(String, String)] = [
            ("concurrent", "\(settings.concurrent)"),
            ("matchesRequested", "\(settings.matches)"),
            ("matchesFinished", "\(report.matchesFinished)"),
            ("matchesFailed", "\(report.matchesFailed)"),
            ("thinkMilliseconds", "\(settings.think.totalNanoseconds / 1_000_000)"),
            ("rampMilliseconds", "\(settings.ramp.totalNanoseconds / 1_000_000)"),
            ("seconds", String(format: "%.3f", Double(report.elapsed.totalNanoseconds) / 1e9)),
            ("moves", "\(report.moves)"),
            ("movesPerSecond", String(format: "%.1f", report.movesPerSecond)),
            ("moveSource", "\"\(settings.moveSource.rawValue)\""),
            ("scriptedMoves", "\(report.scriptedMoves)"),
            ("scriptsLeft", "\(report.scriptsLeft)"),
            ("hints", "\(report.hints)"),
            ("legalRequests", "\(report.legalRequests)"),
            ("refusedMoves", "\(report.refusedMoves)"),
            ("p50Milliseconds", String(format: "%.3f", report.percentile(0.5))),
            ("p99Milliseconds", String(format: "%.3f", report.percentile(0.99))),
            ("maxMilliseconds", String(format: "%.3f", report.percentile(1.0))),
            ("serverLoopMicrosecondsPerMove", report.microsecondsPerMove(report.serverLoopCPUTime).map { String(format: "%.2f", $0) } ?? "null"),
            ("clientMicrosecondsPerMove", report.microsecondsPerMove(report.clientCPUTime).map { String(format: "%.2f", $0) } ?? "null"),
            ("linesChecked", "\(report.linesChecked)"),
            ("errors", "\(report.errors)"),
            ("timedOut", report.timedOut ? "true" : "false"),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}\n"
    }

    static func write(_ text: String, to path: String) {
        if path == "-" {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            CommandExit.failure("cannot write \(path): \(error.localizedDescription)", tool: tool)
        }
    }
}
