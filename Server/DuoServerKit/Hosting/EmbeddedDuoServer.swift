import DuoNet
import Foundation

/// A match server on an `EmbeddedEventLoop`: the same
/// ``MatchServer`` as ``DuoServer`` runs, on no socket and no thread of its
/// own. The caller's thread drives it: connections are in memory
/// (``connect(from:)``), time moves only with ``advance(by:)``, and journal
/// syncs complete when ``journalSync`` lets them, so a test checks every
/// step of a match, a timeout or a recovery without a sleep.
///
///     let server = try EmbeddedDuoServer(configuration: configuration)
///     let player = server.connect()
///     try player.write(#"{"type":"hello","version":1}"#)
///     let welcome = try player.readLine()     // runs the loop first
///     server.advance(by: .seconds(600))       // fires the idle timeout
///
/// The journals are real files in ``ServerConfiguration/dataDirectory`` (put
/// it on a memory filesystem: their syncs are real `fsync`s), so a test can
/// ``abandon()`` a server and start another on the same directory, as after
/// a crash. ``ServerConfiguration/clock`` is not used: the loop's clock is
/// the `ManualClock` given here. Confined to the thread that made it.
public final class EmbeddedDuoServer {
    /// What the server was started with.
    public let configuration: ServerConfiguration
    /// The loop the server runs on.
    public let loop: EmbeddedEventLoop
    /// What makes its journal lines durable: hold it to see what waits for a sync.
    public let journalSync: EmbeddedJournalSync
    /// The address its connections go to (no socket is bound there).
    public let address: SocketAddress
    let server: MatchServer
    private var lock: DataDirectoryLock?

    /// Opens and locks the data directory and starts the server, which first
    /// recovers the matches left in it (unless `recovering` is false, when
    /// that waits for the first ``run()``; connections wait in the backlog).
    /// - Parameters:
    ///   - configuration: the server's settings (its data directory, caps and timeouts).
    ///   - clock: the clock of every timeout.
    ///   - recovering: whether to recover the directory's matches at once.
    /// - Throws: when the directory cannot be used (``DataDirectoryLockError``
    ///   when another server uses it).
    public init(configuration: ServerConfiguration, clock: ManualClock = ManualClock(), recovering: Bool = true) throws {
        self.configuration = configuration
        loop = EmbeddedEventLoop(clock: clock, limits: configuration.limits)
        journalSync = EmbeddedJournalSync()
        server = try MatchServer(configuration: configuration, loop: loop, pool: journalSync)
        lock = try DataDirectoryLock(directory: configuration.dataDirectory)
        let listener = try loop.listen(on: configuration.address, handler: server, accepting: false)
        server.listener = listener
        address = listener.address
        let bound = LoopBound(server, loop: loop)
        loop.execute { bound.value.beginRecovery() }
        if recovering { loop.run() }
    }

    /// The loop's clock.
    public var clock: ManualClock { loop.manualClock }

    /// Opens a connection to the server from `peer` (nil: loopback, a port of its own).
    public func connect(from peer: SocketAddress? = nil) -> EmbeddedConnection {
        loop.connect(to: address, from: peer)
    }

    /// Runs the loop until nothing is left to do now (`EmbeddedEventLoop.run()`);
    /// a drain that ends on the way gives the data directory back.
    public func run() {
        loop.run()
        finishIfStopped()
    }

    /// Moves the clock, firing the timeouts that fall due on the way
    /// (`EmbeddedEventLoop.advance(by:)`).
    public func advance(by duration: Duration) {
        loop.advance(by: duration)
    }

    /// Whether the matches of the data directory are recovered and game
    /// connections accepted.
    public var isRecovered: Bool { server.recovered }

    /// What the server holds, after running the loop.
    public var counts: ServerCounts {
        loop.run()
        return server.counts
    }

    /// Whether the server has stopped (drained or abandoned).
    public var isStopped: Bool { lock == nil }

    /// Begins a graceful stop (as `SIGTERM` does) and runs the loop: the
    /// server stops once every journal line is durable (release held syncs
    /// with ``journalSync`` and run again) and every client is told.
    public func drain() {
        server.beginDrain { [loop] in loop.stop() }
        run()
        finishIfStopped()
    }

    /// Stops at once without telling anyone, as a crash looks to clients
    /// (journals keep what was synced), and gives the data directory back.
    public func abandon() {
        guard lock != nil else { return }
        loop.stop()
        loop.run()
        finishIfStopped()
    }

    private func finishIfStopped() {
        guard loop.stopCount > 0, lock != nil else { return }
        server.closeAllJournals()
        lock = nil
    }
}
