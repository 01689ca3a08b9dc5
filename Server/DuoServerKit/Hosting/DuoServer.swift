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
    // serialises everything the match server does.

    /// What the server was started with.
    public let configuration: ServerConfiguration
    /// The address it listens on (with the real port when 0 was asked for).
    public let address: SocketAddress
    let loop: EventLoop
    let pool: JournalSyncPool
    let server: MatchServer
    private var lock: DataDirectoryLock?
    private let stopped = DispatchSemaphore(value: 0)

    /// Opens and locks the data directory, resumes the matches left in it,
    /// and binds the listening socket (nothing is served before ``start()``).
    /// - Throws: when the directory cannot be used (``DataDirectoryLockError``
    ///   when another server uses it) or the address cannot be bound.
    public init(configuration: ServerConfiguration) throws {
        self.configuration = configuration
        loop = try EventLoop(clock: configuration.clock, limits: configuration.limits)
        pool = JournalSyncPool(threadCount: configuration.syncThreads, mode: configuration.syncMode, batchSync: configuration.batchSync)
        do {
            server = try MatchServer(configuration: configuration, loop: loop, pool: pool)
            lock = try DataDirectoryLock(directory: configuration.dataDirectory)
            server.recoverMatches()
            let listener = try loop.listen(on: configuration.address, handler: server)
            server.listener = listener
            address = listener.address
        } catch {
            pool.shutDown()
            throw error
        }
    }

    /// Group commit so far: `syncfs` calls made and the journal syncs they covered.
    public var syncStatistics: (batches: Int, files: Int) { pool.batchStatistics }

    /// Serves on a thread of its own until ``drain()`` or ``abandon()``.
    public func start() {
        let thread = Thread { [self] in
            loop.run()
            pool.shutDown()
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
        loop.execute { [self] in
            server.beginDrain { [loop] in loop.stop() }
        }
    }

    /// Stops at once without telling anyone: what a crash looks like to
    /// clients (journals keep whatever was synced). For tests.
    public func abandon() {
        loop.stop()
    }

    /// Blocks until the loop has ended.
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    /// How many matches and connections the server holds now (asked on its loop).
    public func counts() -> (matches: Int, connections: Int) {
        let box = CountsBox()
        let done = DispatchSemaphore(value: 0)
        loop.execute { [server] in
            box.value = (server.matchCount, server.clients.count)
            done.signal()
        }
        done.wait()
        return box.value
    }
}

/// Carries a result from the loop thread to a waiting caller.
private final class CountsBox: @unchecked Sendable {
    // Safe: written before a semaphore signal, read after the wait.
    var value = (matches: 0, connections: 0)
}
