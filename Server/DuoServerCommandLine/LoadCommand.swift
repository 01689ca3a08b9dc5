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
    static let tool = "duo-server load"

    static let help = """
        usage: duo-server load [--concurrent N] [--matches N] [--duration SECONDS]
                               [--think-ms MS] [--ramp-ms MS] [--moves hint|legal]
                               [--sync-mode filesystem|file] [--sync-threads N]
                               [--game NAME] [--variant NAME]
                               [--connect HOST:PORT] [--seed S] [--json FILE] [--check-schemas]

        Plays N matches at once between pairs of bot clients (real protocol
        clients on real sockets: hello, create / join by code, then a move on
        each turn) and reports moves
        per second and the p50 / p99 move latency: from sending a move to its
        'accepted', which the server sends once the move is journaled and
        fsync'ed. Loopback only; stops by itself after --matches matches or
        --duration seconds, whichever comes first.

        Without --connect it starts its own server in this process, on a free
        loopback port with a throw-away data directory. Each match connects
        from its own loopback address (127.2.x.y), as players on different
        machines would, so the per-address connection cap does not get in the way.

        options:
          --concurrent N      matches in play at once, 1...5000 (default 100)
          --matches N         matches to play in all, 1...1000000 (default: --concurrent)
          --duration SECONDS  stop after this long at the latest, 1...3600 (default 60)
          --think-ms MS       each client waits this long before each move, as a person
                              would, 0...60000 (default 100; 0 plays flat out)
          --ramp-ms MS        start the first matches spread over this time, as players
                              arrive, 0...600000 (default 2000)
          --moves SOURCE      where clients get moves: 'hint' asks the server's weakest
                              bot for each (default); 'legal' picks at random from the
                              seat's legal moves, asked with 'legal' when the client's
                              list is empty or stale (heavier: a Broadside placement
                              list is ~35 KB); moves too many to list (mini golf's
                              36,000 strokes) are drawn from the space the server
                              describes in its 'tooManyMoves' answer
          --game NAME         the game (default: the server's default)
          --variant NAME      the variant (default: the game's default)
          --connect HOST:PORT a server already running on this machine
          --sync-mode MODE    how the in-process server makes moves durable, as
                              'serve': filesystem (group commit, default) or file
                              (one fsync per journal: the behaviour before group commit)
          --sync-threads N    threads of the in-process server that fsync journals in
                              file mode, 1...64 (default 4, as 'serve')
          --seed S            seeds the clients' choices (default 1)
          --json FILE         also write the figures as JSON ('-' for standard output)
          --check-schemas     hold every line the server sends to the protocol's JSON
                              Schemas (Assets/schemas/); a line that breaks them is an
                              error (costs client time: not for speed figures)
          --help              show this help

        examples:
          duo-server load --concurrent 1000 --think-ms 250 --duration 60
          duo-server load --concurrent 50 --think-ms 0 --matches 200
          duo-server load --connect 127.0.0.1:7447 --concurrent 20
        """

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        var settings: LoadTest.Configuration
        var external: SocketAddress?
        var syncThreads = 4
        var syncMode = JournalSyncMode.filesystem
        var checkSchemas = false
        let jsonPath: String?
        do {
            let parsed = try ParsedArguments(
                arguments,
                options: ["concurrent", "matches", "duration", "think-ms", "ramp-ms", "moves", "sync-threads", "sync-mode", "game", "variant", "connect", "seed", "json"],
                flags: ["help", "check-schemas"])
            if parsed.has("help") {
                print(help)
                return 0
            }
            guard parsed.positionals.isEmpty else { throw ArgumentError("unexpected argument '\(parsed.positionals[0])'") }
            checkSchemas = parsed.has("check-schemas")
            if let text = parsed.value("connect") {
                let address: SocketAddress
                do {
                    address = try SocketAddress(parsing: text)
                } catch {
                    throw ArgumentError("--connect: \(error)")
                }
                guard address.isLoopback else {
                    throw ArgumentError("--connect must be a loopback address (127.x.y.z or ::1): load is for this machine only")
                }
                external = address
            }
            settings = LoadTest.Configuration(server: external ?? .loopback(port: 0))
            settings.concurrent = try parsed.integer("concurrent", default: 100, in: 1...5_000)
            settings.matches = try parsed.integer("matches", default: settings.concurrent, in: 1...1_000_000)
            settings.duration = .seconds(try parsed.integer("duration", default: 60, in: 1...3_600))
            settings.think = .milliseconds(try parsed.integer("think-ms", default: 100, in: 0...60_000))
            settings.ramp = .milliseconds(try parsed.integer("ramp-ms", default: 2_000, in: 0...600_000))
            settings.moveSource = try parsed.choice("moves", as: LoadTest.MoveSource.self) ?? .hint
            syncThreads = try parsed.integer("sync-threads", default: 4, in: 1...64)
            syncMode = try SyncModeOption.parse(parsed.value("sync-mode"))
            settings.game = parsed.value("game")
            settings.variant = parsed.value("variant")
            if let seed = parsed.value("seed") {
                guard let value = UInt64(seed) else { throw ArgumentError("--seed must be a whole number in 0...\(UInt64.max), not '\(seed)'") }
                settings.seed = value
            }
            jsonPath = parsed.value("json")
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        DescriptorLimit.raiseToHardLimit()
        TerminationSignals.ignoreBrokenPipe()
        if checkSchemas {
            do {
                settings.schemas = try ProtocolSchemas(directory: GameLoading.assets().appendingPathComponent("schemas"))
            } catch {
                CommandExit.failure("cannot load the schemas: \(error)", tool: tool)
            }
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
                settings.server = started.address
                server = started
            } catch {
                CommandExit.failure("cannot start the server: \(error)", tool: tool)
            }
        }
        let quiet = jsonPath == "-"
        let where_ = external.map { "the server at \($0)" } ?? "an in-process server on \(settings.server)"
        if !quiet {
            let intro = "\(settings.concurrent) concurrent matches (\(settings.matches) in all, at most \(settings.duration)), think \(settings.think), against \(where_)\n"
            FileHandle.standardOutput.write(Data(intro.utf8))
        }

        let report: LoadReport
        do {
            report = try LoadTest(configuration: settings).run()
        } catch {
            CommandExit.failure("cannot start the clients: \(error)", tool: tool)
        }
        var syncLine: String?
        if let server {
            let (batches, files) = server.syncStatistics
            if syncMode == .filesystem {
                syncLine = String(format: "group commit: %d syncfs calls for %d journal syncs (%.1f a call)",
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

    static func summary(_ report: LoadReport, settings: LoadTest.Configuration) -> String {
        let seconds = Double(report.elapsed.totalNanoseconds) / 1e9
        var lines = [
            "matches finished: \(report.matchesFinished) of \(settings.matches)\(report.timedOut ? " (time limit reached)" : ""), failed: \(report.matchesFailed)",
            String(format: "moves: %d in %.1f s: %.0f moves/s (%d hints, %d legal-move lists, %d stale moves refused)",
                   report.moves, seconds, report.movesPerSecond, report.hints, report.legalRequests, report.refusedMoves),
            String(format: "move latency (sent -> durable ack): p50 %.2f ms, p99 %.2f ms, max %.2f ms",
                   report.percentile(0.5), report.percentile(0.99), report.percentile(1.0)),
        ]
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
            ("hints", "\(report.hints)"),
            ("legalRequests", "\(report.legalRequests)"),
            ("refusedMoves", "\(report.refusedMoves)"),
            ("p50Milliseconds", String(format: "%.3f", report.percentile(0.5))),
            ("p99Milliseconds", String(format: "%.3f", report.percentile(0.99))),
            ("maxMilliseconds", String(format: "%.3f", report.percentile(1.0))),
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
