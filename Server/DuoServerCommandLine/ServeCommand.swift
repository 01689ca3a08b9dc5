import CServerStart
import DuoArguments
import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine

/// `duo-server serve`: hosts networked matches over TCP (protocol in
/// `docs/PROTOCOL.md`) until SIGTERM or SIGINT, which drain it.
enum ServeCommand {
    static let tool = "\(DuoServerCommand.tool) serve"

    /// The options, each declared once: parsing, `--help` and the reads below come from these.
    enum Options {
        static let host: Option<String> = .text(
            "host", "HOST", default: "127.0.0.1",
            help: """
                address to listen on (127.0.0.1: this machine
                only; 0.0.0.0 or :: to accept other machines)
                """)
        static let port: Option<Int> = .integer(
            "port", "PORT", in: 0...65535, default: Int(ServerConfiguration.defaultPort), help: "TCP port; 0 picks a free one")
        static let data: Option<String?> = .text(
            "data", "DIR", defaultText: defaultDataText,
            help: """
                journals (DIR/matches) and replays of finished matches
                (DIR/replays)
                """)
        static let serverID: Option<String?> = .text(
            "server-id", "ID",
            help: """
                prefix match codes with ID (letters, digits): codes then
                name their server, for load balancers (docs/SCALING.md)
                """)
        static let turnTimeout: Option<Int> = .integer(
            "turn-timeout", "SECONDS", in: 0...86_400, default: 120,
            help: """
                a player who must move and does not within this time
                forfeits; 0: no limit
                """)
        static let idleTimeout: Option<Int> = .integer(
            "idle-timeout", "SECONDS", in: 0...604_800, default: 600,
            help: """
                a match without a move or join this long ends by forfeit,
                and a connection outside a match silent this long is
                closed; 0: no limit
                """)
        static let maxMatches: Option<Int> = .integer("max-matches", in: 1...1_000_000, default: 10_000, help: "matches hosted at once")
        static let maxPerAddress: Option<Int> = .integer("max-per-address", in: 1...100_000, default: 32, help: "connections from one address")
        static let maxConnections: Option<Int> = .integer("max-connections", in: 1...1_000_000, default: 10_000, help: "connections in all")
        static let maxWaiting: Option<Int> = .integer(
            "max-waiting", in: 1...1_000_000, default: 1_000,
            help: """
                matches waiting for an opponent (a seat open, no bot) at
                once; past it create answers tooManyWaiting
                """)
        static let maxWaitingPerAddress: Option<Int> = .integer(
            "max-waiting-per-address", in: 1...100_000, default: 4, help: "of those, created from one address")
        static let waitingTimeout: Option<Int> = .integer(
            "waiting-timeout", "SECONDS", in: 0...604_800, default: 300,
            help: """
                a match nobody joins within this time ends (the empty seat
                forfeits); 0: only the idle timeout
                """)
        static let retention: Option<Int> = .integer(
            "retention", "SECONDS", in: 0...31_536_000, default: 86_400,
            help: """
                how long a finished match is still answered after a restart
                (resume and watch get ended with the result, read from its
                replay); 0: for ever
                """)
        static let syncMode = SyncModeOption.option
        static let syncThreads: Option<Int> = .integer(
            "sync-threads", in: 1...64, default: 4, help: "threads that fsync journals in file mode and write\nreplays")
        static let metrics: Option<String?> = .text(
            "metrics", "HOST:PORT",
            help: """
                serve Prometheus metrics over HTTP/1.1 at /metrics, and
                /healthz and /readyz (ready once journals are recovered)
                """)
        static let logFormat: Option<String> = .choice(
            "log-format", "FORMAT", among: ["text", "json"], default: "text",
            help: """
                text (a UTC time, the level and a sentence) or json
                (one object a line: time, level, message)
                """)
        static let logLevel: Option<String> = .choice(
            "log-level", "LEVEL", among: LogLevel.allCases.map(\.description), default: "info",
            help: """
                the least level logged: debug (connections too), info,
                warning (nothing lost), error (a player may lose)
                """)
        static let abandonedGrace: Option<Int> = .integer(
            "abandoned-grace", "SECONDS", in: 0...86_400, default: 10,
            help: """
                a waiting match nobody is connected to keeps its place
                under --max-waiting this long; then a create that finds
                the cap full ends the one abandoned longest ago
                """)
    }

    /// The command's declaration: its help and what it accepts.
    static func command(games: GameCatalog) -> CommandSpec {
        CommandSpec(
            tool,
            sections: [
                .usage,
                .text(
                    """
                    Hosts two-player matches over TCP: newline-delimited JSON, described in
                    docs/PROTOCOL.md. A player creates a match and gets a short code, the
                    other joins with it (or a bot takes the seat); the server checks every
                    move, sends each seat only what it may see, and journals every accepted
                    move (fsync'ed) before acknowledging it. After a crash or kill, starting
                    again on the same --data resumes every unfinished match with the same
                    codes and seat tokens. SIGTERM or SIGINT drains: no new connections,
                    journals finished, clients told, then exit 0.
                    """),
                .text(
                    """
                    Prints 'listening on HOST:PORT' on standard output once it listens (game
                    connections are accepted once the journals are recovered; the kernel
                    queues them meanwhile); logs go to standard error.
                    """),
                .options(
                    "options:",
                    [
                        Options.host.spec, Options.port.spec, Options.data.spec, Options.serverID.spec, Options.turnTimeout.spec,
                        Options.idleTimeout.spec, Options.maxMatches.spec, Options.maxPerAddress.spec, Options.maxConnections.spec,
                        Options.maxWaiting.spec, Options.maxWaitingPerAddress.spec, Options.waitingTimeout.spec, Options.abandonedGrace.spec,
                        Options.retention.spec, Options.syncMode.spec, Options.syncThreads.spec, Options.metrics.spec, Options.logFormat.spec,
                        Options.logLevel.spec,
                    ]),
                .deferred { "games:\n\(GameLoading.listing(games))" },
                .list(
                    "examples:",
                    [
                        "\(DuoServerCommand.tool) serve",
                        "\(DuoServerCommand.tool) serve --host 0.0.0.0 --port 7447 --data /var/lib/\(DuoServerCommand.tool) --server-id EU1",
                    ]),
            ])
    }

    static var defaultDataText: String {
        ProcessInfo.processInfo.environment["XDG_STATE_HOME"] != nil
            ? "$XDG_STATE_HOME/\(DuoServerCommand.tool)" : "~/.local/state/\(DuoServerCommand.tool)"
    }

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        // Before anything could start a thread: every thread inherits the
        // mask, and the loop reads the signals from a signalfd, so one sent
        // at any moment of start-up waits there instead of being lost.
        TerminationSignals.block()
        var configuration = ServerConfiguration(catalog: games, assets: URL(fileURLWithPath: "."))
        let parsed = command(games: games).parseOrExit(arguments)
        do {
            let host = parsed[Options.host]
            do {
                configuration.address = try SocketAddress(host: host, port: UInt16(parsed[Options.port]))
            } catch {
                throw ArgumentError("--host: \(error)")
            }
            if let data = parsed[Options.data] {
                configuration.dataDirectory = URL(fileURLWithPath: data, isDirectory: true)
            } else {
                configuration.dataDirectory = ServerConfiguration.defaultDataDirectory(program: DuoServerCommand.tool)
            }
            if let id = parsed[Options.serverID] {
                guard (try? MatchCodes(serverID: id)) != nil else {
                    throw ArgumentError("--server-id must be 1 to 16 letters or digits, not '\(id)'")
                }
                configuration.serverID = id
            }
            let turn = parsed[Options.turnTimeout]
            configuration.turnTimeout = turn == 0 ? nil : .seconds(turn)
            let idle = parsed[Options.idleTimeout]
            configuration.idleTimeout = idle == 0 ? nil : .seconds(idle)
            configuration.maxMatches = parsed[Options.maxMatches]
            configuration.limits.maxConnectionsPerAddress = parsed[Options.maxPerAddress]
            configuration.limits.maxConnections = parsed[Options.maxConnections]
            configuration.syncThreads = parsed[Options.syncThreads]
            configuration.maxWaitingMatches = parsed[Options.maxWaiting]
            configuration.maxWaitingPerAddress = parsed[Options.maxWaitingPerAddress]
            let waiting = parsed[Options.waitingTimeout]
            configuration.waitingTimeout = waiting == 0 ? nil : .seconds(waiting)
            configuration.abandonedWaitingGrace = .seconds(parsed[Options.abandonedGrace])
            let retention = parsed[Options.retention]
            configuration.finishedRetention = retention == 0 ? nil : .seconds(retention)
            if let metrics = parsed[Options.metrics] {
                configuration.metricsAddress = try metricsAddress(metrics)
            }
            let level = LogLevel(name: parsed[Options.logLevel]) ?? .info
            configuration.log = parsed[Options.logFormat] == "json" ? .jsonStandardError(minimumLevel: level) : .standardError(minimumLevel: level)
            configuration.syncMode = parsed[Options.syncMode]
        } catch let error as ArgumentError {
            CommandExit.usage(error.message, tool: tool)
        } catch {
            CommandExit.usage("\(error)", tool: tool)
        }
        configuration.assets = GameLoading.assets()
        DescriptorLimit.raiseToHardLimit()
        TerminationSignals.ignoreBrokenPipe()

        let server: DuoServer
        do {
            server = try DuoServer(configuration: configuration)
        } catch {
            CommandExit.failure("cannot start: \(error)", tool: tool)
        }
        do {
            try server.drainOnTerminationSignals()
        } catch {
            CommandExit.failure("cannot watch for signals: \(error)", tool: tool)
        }
        server.start()
        if duo_termination_signals_blocked_at_start() != 0 {
            let cpu = Double(duo_termination_signals_blocked_after_cpu_nanoseconds()) / 1e6
            let clock = duo_termination_signals_blocked_at_nanoseconds()
            let blocker =
                duo_termination_signals_blocked_by_launcher() != 0 ? "duo-server-launch, before it ran this program" : "the program's first code"
            configuration.log.debug(
                "SIGTERM and SIGINT blocked by \(blocker), after \(String(format: "%.2f", cpu)) ms of CPU (monotonic \(clock) ns): "
                    + "one sent since drains the server")
        }
        configuration.log(
            "serving \(configuration.catalog.names.joined(separator: ", ")) on \(server.address); data in \(configuration.dataDirectory.path)")
        if let metrics = server.metricsAddress {
            configuration.log("metrics on http://\(metrics)/metrics")
            FileHandle.standardOutput.write(Data("metrics on \(metrics)\n".utf8))
        }
        // Unbuffered: whoever started the server (a test, a script) waits for this line.
        FileHandle.standardOutput.write(Data("listening on \(server.address)\n".utf8))
        server.waitUntilStopped()
        return 0
    }

    /// Reads `--metrics HOST:PORT` (`[::1]:9100` for IPv6).
    static func metricsAddress(_ text: String) throws -> SocketAddress {
        guard let colon = text.lastIndex(of: ":") else { throw ArgumentError("--metrics must be HOST:PORT, not '\(text)'") }
        var host = String(text[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard let port = UInt16(text[text.index(after: colon)...]) else { throw ArgumentError("--metrics: '\(text)' has no port 0...65535") }
        do {
            return try SocketAddress(host: host.isEmpty ? "127.0.0.1" : host, port: port)
        } catch {
            throw ArgumentError("--metrics: \(error)")
        }
    }
}

/// `--sync-mode filesystem|file` of `serve` and `load`.
enum SyncModeOption {
    /// The option as `serve` describes it; `load` says more about its in-process server.
    static let option: Option<JournalSyncMode> = .choice(
        "sync-mode", "MODE", default: .filesystem,
        help: """
            how moves are made durable before 'accepted':
            filesystem: group commit, one syncfs(2) of the
            data directory's filesystem covers every journal line
            written since the last (give --data a filesystem of its
            own: it flushes everything dirty there); file: one
            fsync(2) per journal with lines waiting
            """)
}

/// The open-file limit: a server holds one descriptor per connection.
enum DescriptorLimit {
    /// Raises the soft limit on open descriptors to the hard limit.
    static func raiseToHardLimit() {
        var limit = rlimit()
        let resource = Int32(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(resource, &limit)
    }
}
