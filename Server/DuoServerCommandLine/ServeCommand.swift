import DuoArguments
import DuoClient
import DuoNet
import DuoServerKit
import Foundation
import TabletopEngine

/// `duo-server serve`: hosts networked matches over TCP (protocol in
/// `docs/PROTOCOL.md`) until SIGTERM or SIGINT, which drain it.
enum ServeCommand {
    static let tool = "duo-server serve"

    static func help(games: GameCatalog) -> String {
        """
        usage: duo-server serve [--host HOST] [--port PORT] [--data DIR] [--server-id ID]
                                [--turn-timeout SECONDS] [--idle-timeout SECONDS]
                                [--max-matches N] [--max-per-address N] [--max-connections N]
                                [--max-waiting N] [--max-waiting-per-address N] [--waiting-timeout SECONDS]
                                [--retention SECONDS] [--sync-mode filesystem|file] [--sync-threads N]
                                [--metrics HOST:PORT] [--log-format text|json]

        Hosts two-player matches over TCP: newline-delimited JSON, described in
        docs/PROTOCOL.md. A player creates a match and gets a short code, the
        other joins with it (or a bot takes the seat); the server checks every
        move, sends each seat only what it may see, and journals every accepted
        move (fsync'ed) before acknowledging it. After a crash or kill, starting
        again on the same --data resumes every unfinished match with the same
        codes and seat tokens. SIGTERM or SIGINT drains: no new connections,
        journals finished, clients told, then exit 0.

        Prints 'listening on HOST:PORT' on standard output once it listens (game
        connections are accepted once the journals are recovered; the kernel
        queues them meanwhile); logs go to standard error.

        options:
          --host HOST            address to listen on (default 127.0.0.1: this machine
                                 only; 0.0.0.0 or :: to accept other machines)
          --port PORT            TCP port, 0...65535 (default \(ServerConfiguration.defaultPort); 0 picks a free one)
          --data DIR             journals (DIR/matches) and replays of finished matches
                                 (DIR/replays) (default \(defaultDataText))
          --server-id ID         prefix match codes with ID (letters, digits): codes then
                                 name their server, for load balancers (docs/SCALING.md)
          --turn-timeout SECONDS a player who must move and does not within this time
                                 forfeits, 0...86400 (default 120; 0: no limit)
          --idle-timeout SECONDS a match without a move or join this long ends by forfeit,
                                 and a connection outside a match silent this long is
                                 closed, 0...604800 (default 600; 0: no limit)
          --max-matches N        matches hosted at once, 1...1000000 (default 10000)
          --max-per-address N    connections from one address, 1...100000 (default 32)
          --max-connections N    connections in all, 1...1000000 (default 10000)
          --max-waiting N        matches waiting for an opponent (a seat open, no bot) at
                                 once, 1...1000000 (default 1000); past it create answers
                                 tooManyWaiting
          --max-waiting-per-address N
                                 of those, created from one address, 1...100000 (default 4)
          --waiting-timeout SECONDS
                                 a match nobody joins within this time ends (the empty seat
                                 forfeits), 0...604800 (default 300; 0: only the idle timeout)
          --retention SECONDS    how long a finished match is still answered after a restart
                                 (resume and watch get ended with the result, read from its
                                 replay), 0...31536000 (default 86400; 0: for ever)
          --sync-mode MODE       how moves are made durable before 'accepted':
                                 filesystem (default): group commit, one syncfs(2) of the
                                 data directory's filesystem covers every journal line
                                 written since the last (give --data a filesystem of its
                                 own: it flushes everything dirty there); file: one
                                 fsync(2) per journal with lines waiting
          --sync-threads N       threads that fsync journals in file mode and write
                                 replays, 1...64 (default 4)
          --metrics HOST:PORT    serve Prometheus metrics over HTTP/1.1 at /metrics, and
                                 /healthz and /readyz (ready once journals are recovered)
          --log-format FORMAT    text (default: a UTC time and a sentence) or json (one
                                 object a line: time, level, message)
          --help                 show this help

        games:
        \(GameLoading.listing(games))

        examples:
          duo-server serve
          duo-server serve --host 0.0.0.0 --port 7447 --data /var/lib/duo-server --server-id EU1
        """
    }

    static var defaultDataText: String {
        ProcessInfo.processInfo.environment["XDG_STATE_HOME"] != nil ? "$XDG_STATE_HOME/duo-server" : "~/.local/state/duo-server"
    }

    static func run(_ arguments: [String], games: GameCatalog) -> Int32 {
        // Before anything could start a thread: every thread inherits the
        // mask, and the loop reads the signals from a signalfd, so one sent
        // at any moment of start-up waits there instead of being lost.
        TerminationSignals.block()
        var configuration = ServerConfiguration(catalog: games, assets: URL(fileURLWithPath: "."))
        do {
            let parsed = try ParsedArguments(
                arguments,
                options: ["host", "port", "data", "server-id", "turn-timeout", "idle-timeout",
                          "max-matches", "max-per-address", "max-connections", "sync-threads",
                          "max-waiting", "max-waiting-per-address", "waiting-timeout", "retention", "metrics", "log-format",
                          "sync-mode"],
                flags: ["help"])
            if parsed.has("help") {
                print(help(games: games))
                return 0
            }
            guard parsed.positionals.isEmpty else { throw ArgumentError("unexpected argument '\(parsed.positionals[0])'") }
            let port = try parsed.integer("port", default: Int(ServerConfiguration.defaultPort), in: 0...65535)
            let host = parsed.value("host") ?? "127.0.0.1"
            do {
                configuration.address = try SocketAddress(host: host, port: UInt16(port))
            } catch {
                throw ArgumentError("--host: \(error)")
            }
            if let data = parsed.value("data") {
                configuration.dataDirectory = URL(fileURLWithPath: data, isDirectory: true)
            }
            if let id = parsed.value("server-id") {
                guard (try? MatchCodes(serverID: id)) != nil else { throw ArgumentError("--server-id must be 1 to 16 letters or digits, not '\(id)'") }
                configuration.serverID = id
            }
            let turn = try parsed.integer("turn-timeout", default: 120, in: 0...86_400)
            configuration.turnTimeout = turn == 0 ? nil : .seconds(turn)
            let idle = try parsed.integer("idle-timeout", default: 600, in: 0...604_800)
            configuration.idleTimeout = idle == 0 ? nil : .seconds(idle)
            configuration.maxMatches = try parsed.integer("max-matches", default: 10_000, in: 1...1_000_000)
            configuration.limits.maxConnectionsPerAddress = try parsed.integer("max-per-address", default: 32, in: 1...100_000)
            configuration.limits.maxConnections = try parsed.integer("max-connections", default: 10_000, in: 1...1_000_000)
            configuration.syncThreads = try parsed.integer("sync-threads", default: 4, in: 1...64)
            configuration.maxWaitingMatches = try parsed.integer("max-waiting", default: 1_000, in: 1...1_000_000)
            configuration.maxWaitingPerAddress = try parsed.integer("max-waiting-per-address", default: 4, in: 1...100_000)
            let waiting = try parsed.integer("waiting-timeout", default: 300, in: 0...604_800)
            configuration.waitingTimeout = waiting == 0 ? nil : .seconds(waiting)
            let retention = try parsed.integer("retention", default: 86_400, in: 0...31_536_000)
            configuration.finishedRetention = retention == 0 ? nil : .seconds(retention)
            if let metrics = parsed.value("metrics") {
                configuration.metricsAddress = try metricsAddress(metrics)
            }
            switch parsed.value("log-format") ?? "text" {
            case "text": configuration.log = .standardError
            case "json": configuration.log = .jsonStandardError
            case let other: throw ArgumentError("--log-format must be text or json, not '\(other)'")
            }
            configuration.syncMode = try SyncModeOption.parse(parsed.value("sync-mode"))
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
        configuration.log("serving \(configuration.catalog.names.joined(separator: ", ")) on \(server.address); data in \(configuration.dataDirectory.path)")
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
    /// The mode named, or group commit when none is.
    /// - Throws: ``ArgumentError`` naming the modes.
    static func parse(_ text: String?) throws -> JournalSyncMode {
        guard let text else { return .filesystem }
        guard let mode = JournalSyncMode(rawValue: text) else {
            throw ArgumentError("--sync-mode must be one of \(JournalSyncMode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        return mode
    }
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
