import DuoClient
import DuoNet
import Foundation

/// A running match server: its event loop thread, its journal sync pool
/// and its ``MatchServer``, started and stopped as one.
///
///     let server = try DuoServer(configuration: configuration)
///     server.start()
///     // ... on SIGTERM:
///     server.drain()
///     server.waitUntilStopped()
public final class DuoServer: @unchecked Sendable {
    // Safe: the fields are set in init and never change, except `lock`,
    // which only the loop's thread lets go once the loop has ended; the loop
    // serialises everything the match server does. `server` is used here
    // only before the loop runs and after it has ended; tasks posted to the
    // loop reach it through `boundServer`, which checks they run there.

    /// What the server was started with.
    public let configuration: ServerConfiguration
    /// The address it listens on (with the real port when 0 was asked for).
    public let address: SocketAddress
    /// Where it serves `/metrics`, `/healthz` and `/readyz`, when asked to.
    public let metricsAddress: SocketAddress?
    let loop: EpollEventLoop
    let pool: JournalSyncPool
    let server: MatchServer
    private let boundServer: LoopBound<MatchServer>
    private let metricsEndpoint: MetricsEndpoint?
    private var lock: DataDirectoryLock?
    private let stopped = DispatchSemaphore(value: 0)
    private let recoveredSignal = DispatchSemaphore(value: 0)

    /// Opens and locks the data directory and binds the listening sockets
    /// (nothing is served before ``start()``). Once started, the server
    /// first resumes the matches left in the directory, then accepts game
    /// connections (the kernel queues them meanwhile); metrics are served
    /// from the start.
    /// - Throws: when the directory cannot be used (``DataDirectoryLockError``
    ///   when another server uses it) or the address cannot be bound.
    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        loop = try EpollEventLoop(clock: configuration.clock, limits: configuration.limits)
        pool = JournalSyncPool(threadCount: configuration.syncThreads, mode: configuration.syncMode, batchSync: configuration.batchSync)
        do {
            server = try MatchServer(configuration: configuration, loop: loop, pool: pool)
            boundServer = LoopBound(server, loop: loop)
            lock = try DataDirectoryLock(directory: configuration.dataDirectory)
            let listener = try loop.listen(on: configuration.address, handler: server, accepting: false)
            server.listener = listener
            address = listener.address
            if let metrics = configuration.metricsAddress {
                let endpoint = MetricsEndpoint(server: server, loop: loop)
                metricsAddress = try loop.listen(on: metrics, handler: endpoint).address
                metricsEndpoint = endpoint
            } else {
                metricsAddress = nil
                metricsEndpoint = nil
            }
            // The first thing the loop does once it runs.
            server.recoveryFinished = { [recoveredSignal] in recoveredSignal.signal() }
            loop.execute { [boundServer] in boundServer.value.beginRecovery() }
        } catch {
            pool.shutDown()
            throw error
        }
    }

    /// The CPU time the server's event-loop thread has used so far, nil
    /// before ``start()`` and after it stops (see `EpollEventLoop.threadCPUTime`).
    public var loopCPUTime: Duration? { loop.threadCPUTime }

    /// Group commit so far: `syncfs` calls made and the journal syncs they covered.
    public var syncStatistics: (batches: Int, files: Int) { pool.batchStatistics }

    /// Serves on a thread of its own until ``drain()`` or ``abandon()``.
    public func start() {
        let thread = Thread { [self] in
            loop.run()
            pool.shutDown()
            // No sync runs any more: every journal gives its descriptor back.
            server.closeAllJournals()
            // Journals are finished: the next server may take the directory.
            lock = nil
            stopped.signal()
        }
        thread.name = "duo-server-loop"
        thread.start()
    }

    /// Stops gracefully (what `SIGTERM` does): no new connections, every
    /// journal finished, every client told and closed, then the loop ends.
    /// Callable from any thread.
    public func drain() {
        loop.execute { [boundServer, loop] in
            boundServer.value.beginDrain { loop.stop() }
        }
    }

    /// Drains (as ``drain()``) when the process receives `SIGTERM` or
    /// `SIGINT`, read from a signalfd on the loop. Call before ``start()``;
    /// the signals must have been blocked with
    /// `TerminationSignals.block(_:)` before any thread started.
    /// - Throws: `SocketError` when the signalfd cannot be made.
    public func drainOnTerminationSignals() throws {
        let log = configuration.log
        try loop.watchSignals(TerminationSignals.draining) { [self] number in
            log("signal \(number): draining")
            server.beginDrain { [loop] in loop.stop() }
        }
    }

    /// Stops at once without telling anyone: what a crash looks like to
    /// clients (journals keep whatever was synced). For tests.
    public func abandon() {
        loop.stop()
    }

    /// Blocks until the matches of the data directory are recovered (or a
    /// drain stopped the recovery) and game connections are accepted.
    public func waitUntilRecovered() {
        recoveredSignal.wait()
        recoveredSignal.signal()
    }

    /// Blocks until the loop has ended.
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    /// How many matches, connections and open journals the server holds
    /// now (asked on its loop).
    public func counts() -> ServerCounts {
        let box = CountsBox()
        let done = DispatchSemaphore(value: 0)
        loop.execute { [boundServer] in
            box.value = boundServer.value.counts
            done.signal()
        }
        done.wait()
        return box.value
    }
}

/// Carries a result from the loop thread to a waiting caller.
private final class CountsBox: @unchecked Sendable {
    // Safe: written before a semaphore signal, read after the wait.
    var value = ServerCounts(matches: 0, liveMatches: 0, waitingMatches: 0, connections: 0, openJournals: 0)
}
