import DuoClient
import DuoNet
import Foundation
import TabletopEngine

/// Everything `duo-server serve` can be told. Every field has a default
/// except the games it hosts and where their data files are.
public struct ServerConfiguration: Sendable {
    /// The port served when none is given: 7447.
    public static let defaultPort: UInt16 = 7447

    /// Where to listen: loopback on ``defaultPort`` by default (use another
    /// host, such as `0.0.0.0`, to accept other machines).
    public var address: SocketAddress
    /// The data directory (journals and replays); see ``defaultDataDirectory(environment:program:)``.
    public var dataDirectory: URL
    /// This server's id, prefixed to its match codes (see `docs/SCALING.md`); nil for none.
    public var serverID: String?
    /// How long a seat that must move may take before it forfeits; nil for no limit.
    public var turnTimeout: Duration?
    /// How long a match may go without a move or a join before it ends by
    /// forfeit; also how long a connection may sit in the lobby without a
    /// word, and how long a finished match is kept for players who come back
    /// to see its result (10 minutes when nil); nil for no limit.
    public var idleTimeout: Duration?
    /// Line, buffer and connection limits.
    public var limits: ConnectionLimits
    /// The most unfinished matches hosted at once.
    public var maxMatches: Int
    /// The most matches waiting for an opponent (a seat open, no bot) at once.
    public var maxWaitingMatches: Int
    /// The most matches waiting for an opponent that one address may have
    /// created (a client that creates and drops matches is refused past it).
    public var maxWaitingPerAddress: Int
    /// How long a match may wait for its opponent before it ends (the empty
    /// seat forfeits); nil for no limit other than the idle timeout.
    public var waitingTimeout: Duration?
    /// How long a waiting match nobody is connected to (its creator gone)
    /// keeps its place under ``maxWaitingMatches``: past it, a `create`
    /// that finds the cap full ends the one abandoned longest ago instead
    /// of being refused (until then it can be resumed with its ticket);
    /// nil to keep every waiting match until it expires.
    public var abandonedWaitingGrace: Duration?
    /// How long after a restart a finished match is still answered from its
    /// replay (`resume` and `watch` get `ended` with the result), counted
    /// from when its replay was written; nil for always.
    public var finishedRetention: Duration?
    /// Where to serve the Prometheus metrics and health checks over HTTP; nil for nowhere.
    public var metricsAddress: SocketAddress?
    /// The games this server hosts; the first is the default for `create`.
    public var catalog: GameCatalog
    /// The `Assets/` folder the games' rules are loaded from.
    public var assets: URL
    /// Threads that fsync journals (`JournalSyncMode.file`) or
    /// write replays (both modes).
    public var syncThreads: Int
    /// How journal lines are made durable before `accepted` (default: group commit).
    public var syncMode: JournalSyncMode
    /// Replaces group commit's system call (tests hold batches back with it).
    public var batchSync: JournalSyncPool.BatchSync?
    /// Where log lines go.
    public var log: ServerLog
    /// The clock of every timeout (a `ManualClock` in tests).
    public var clock: any LoopClock

    /// A configuration with the defaults: loopback, port 7447, the default
    /// data directory, 120 s turn timeout, 600 s idle timeout, at most 1,000
    /// matches waiting for an opponent (4 per address) for 300 s each (an
    /// abandoned one gives its place to a new one after 10 s),
    /// finished matches answered for 24 hours after a restart, no metrics.
    public init(catalog: GameCatalog, assets: URL) {
        self.address = .loopback(port: Self.defaultPort)
        self.dataDirectory = Self.defaultDataDirectory()
        self.serverID = nil
        self.turnTimeout = .seconds(120)
        self.idleTimeout = .seconds(600)
        self.limits = ConnectionLimits()
        self.maxMatches = 10_000
        self.maxWaitingMatches = 1_000
        self.maxWaitingPerAddress = 4
        self.waitingTimeout = .seconds(300)
        self.abandonedWaitingGrace = .seconds(10)
        self.finishedRetention = .seconds(86_400)
        self.metricsAddress = nil
        self.catalog = catalog
        self.assets = assets
        self.syncThreads = 4
        self.syncMode = .filesystem
        self.batchSync = nil
        self.log = .standardError
        self.clock = SystemClock()
    }

    /// `$XDG_STATE_HOME/PROGRAM`, or `~/.local/state/PROGRAM` when that
    /// variable is not set (the XDG base directory rules for state that
    /// should outlive a restart). A game package's server passes its own
    /// name (`noughts-server`), so it never shares a directory, and its
    /// lock, with `duo-server` or another game's server.
    public static func defaultDataDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment, program: String = "duo-server"
    ) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state).appendingPathComponent(program, isDirectory: true)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/state/\(program)", isDirectory: true)
    }
}
