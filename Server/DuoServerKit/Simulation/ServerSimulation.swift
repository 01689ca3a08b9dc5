import DuoClient
import DuoNet
import DuoSupport
import Foundation
import TabletopEngine

#if canImport(Glibc)
import Glibc
#endif

/// The whole match server run deterministically from one seed, in the
/// manner of FoundationDB's simulation testing and TigerBeetle's VOPR.
///
/// The server is the real ``MatchServer`` on an `EmbeddedEventLoop` (its
/// connections written as sockets are: bounded receive buffers, writes at
/// the end of each round), a `ManualClock` and an `EmbeddedJournalSync`
/// whose syncs wait until a step completes or fails them. The seed decides
/// everything: how many clients and from which addresses, what they send
/// and when (valid moves, resignations, moves out of turn, hostile lines,
/// half lines, drops and resumes with tickets, late spectators, matches
/// against bots), when syncs complete or fail, how far the clock moves,
/// when the process crashes (every byte not synced is lost, a new journal
/// whose name was never synced goes too, a torn tail may stay) and
/// restarts on the same data, or drains. The server's own randomness
/// (match seeds, codes, tokens) comes from the seed too.
///
/// After every step it checks each ``SimulationInvariant``; a run ends by
/// letting every match end and checking that the server holds nothing any
/// more. A failing seed is shrunk to the fewest steps that still fail
/// (``shrink(_:maxRuns:)``) and printed with the command that replays it.
///
///     let simulation = ServerSimulation(ServerSimulation.Settings(catalog: catalog, assets: assets))
///     let run = simulation.run(seed: 42)
///     if let failure = run.failure { print(failure.violation, run.command) }
public final class ServerSimulation {
    /// What every run of a simulation shares.
    public struct Settings: Sendable {
        /// The games the server hosts (clients create matches of each).
        public var catalog: GameCatalog
        /// The `Assets/` folder the games load from.
        public var assets: URL
        /// Steps a seed plans (the closing steps come on top).
        public var steps: Int
        /// A defect to plant in the server, to show the invariants catch it.
        public var fault: SimulatedFault?
        /// Where each run makes its data directory (a memory filesystem
        /// makes syncs cost nothing).
        public var directory: URL

        /// Settings for `steps` steps a seed, data under `directory`
        /// (`/dev/shm` when writable, else the temporary directory).
        public init(catalog: GameCatalog, assets: URL, steps: Int = 200, fault: SimulatedFault? = nil, directory: URL? = nil) {
            self.catalog = catalog
            self.assets = assets
            self.steps = steps
            self.fault = fault
            self.directory = directory ?? Self.defaultDirectory
        }

        /// `/dev/shm` when writable, else the temporary directory.
        public static var defaultDirectory: URL {
            let shm = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
            return access(shm.path, W_OK) == 0 ? shm : FileManager.default.temporaryDirectory
        }
    }

    /// What the simulation was made with.
    public let settings: Settings
    /// The games loaded so far, by name and variant.
    var games: [String: AnyGame] = [:]

    /// Makes a simulation; nothing runs before ``run(seed:keeping:tracing:)``.
    public init(_ settings: Settings) {
        self.settings = settings
    }

    /// Runs seed `seed`: its planned steps (only those in `keeping`, when
    /// given: a shrunk run), then the closing steps.
    /// - Parameters:
    ///   - seed: the seed that decides every step.
    ///   - keeping: the indices of the planned steps to run, nil for all of them.
    ///   - tracing: keep a line describing every step (slower;
    ///     for printing a reproduction).
    public func run(seed: UInt64, keeping: [Int]? = nil, tracing: Bool = false) -> SimulationRun {
        SimulationRunner(simulation: self, seed: seed, keeping: keeping, tracing: tracing).run()
    }

    /// The fewest of a failed run's steps that still break the same
    /// invariant (delta debugging: drop ever smaller chunks of steps while
    /// the run still fails), within `maxRuns` runs; traced.
    public func shrink(_ failed: SimulationRun, maxRuns: Int = 300) -> SimulationRun {
        guard let failure = failed.failure else { return failed }
        var steps = (failed.keptSteps ?? Array(0..<failed.plannedSteps)).filter { $0 <= failure.step }
        var runs = 0
        var chunk = max(1, steps.count / 2)
        while runs < maxRuns {
            var start = 0
            var shrunk = false
            while start < steps.count && runs < maxRuns {
                let candidate = Array(steps[..<start] + steps[min(steps.count, start + chunk)...])
                let trial = run(seed: failed.seed, keeping: candidate)
                runs += 1
                if let trialFailure = trial.failure, trialFailure.violation.invariant == failure.violation.invariant {
                    steps = candidate.filter { $0 <= trialFailure.step }
                    shrunk = true
                } else {
                    start += chunk
                }
            }
            if chunk == 1 && !shrunk { break }
            if !shrunk { chunk = max(1, chunk / 2) }
        }
        return run(seed: failed.seed, keeping: steps, tracing: true)
    }

    /// A game of the catalog, loaded once (loading one can cost more than a whole run).
    func game(_ name: String, variant: String?) -> AnyGame? {
        guard let entry = try? settings.catalog.entry(named: name) else { return nil }
        let key = "\(entry.name)/\(variant ?? entry.defaultVariant)"
        if let game = games[key] { return game }
        guard let game = try? entry.load(variant: variant, assets: settings.assets) else { return nil }
        games[key] = game
        return game
    }

    /// Every variant of every game, loaded once, keyed as a server caches them.
    var everyGame: [String: AnyGame] {
        for entry in settings.catalog.entries {
            for variant in entry.variants(in: settings.assets) { _ = game(entry.name, variant: variant) }
        }
        return games
    }
}

/// The server's randomness in a simulation: drawn from the seed.
final class SeededBytes {
    private var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    func bytes(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 8)
        while bytes.count < count {
            withUnsafeBytes(of: generator.next().littleEndian) { bytes += $0 }
        }
        return Array(bytes.prefix(count))
    }
}
