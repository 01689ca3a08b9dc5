#if canImport(Glibc)
import Glibc
#endif

/// What a server needs from the loop that runs it: listeners, connections
/// it writes lines to and closes, timers on the loop's ``LoopClock``, and
/// tasks posted from other threads (a journal sync's completion, say).
///
/// Two conformers: ``EpollEventLoop`` multiplexes real sockets on a thread
/// of its own; ``EmbeddedEventLoop`` keeps everything in memory on the
/// caller's thread, with a ``ManualClock`` and connections a test opens,
/// writes to and reads from, so a test drives every step by hand.
///
/// Threading: ``execute(_:)``, ``stop()`` and ``inEventLoop`` may be used
/// from any thread. Every other method is loop-confined: it must be called
/// on the loop (from a handler, a timer or an executed task), which each
/// conformer checks with ``assertInEventLoop(file:line:)`` in debug builds.
public protocol EventLoop: AnyObject, Sendable {
    /// The clock every deadline of this loop is measured on.
    var clock: any LoopClock { get }
    /// The bounds applied to every connection.
    var limits: ConnectionLimits { get }
    /// Whether the calling thread may make loop-confined calls now.
    var inEventLoop: Bool { get }

    /// Starts accepting connections on `address` (port 0 picks a free port).
    /// - Parameter accepting: false to listen now but accept only after
    ///   ``startAccepting(_:)`` (connections wait in the backlog meanwhile).
    /// - Returns: the listener, whose ``Listener/address`` has the real port.
    /// - Throws: ``SocketError`` when the address cannot be bound.
    func listen(on address: SocketAddress, handler: any ConnectionHandler, backlog: Int32, accepting: Bool) throws -> Listener
    /// Starts accepting on a listener made with `accepting: false`.
    func startAccepting(_ listener: Listener)
    /// Stops accepting on `listener` (open connections stay open).
    func stopListening(_ listener: Listener)
    /// Stops accepting on every listener of this loop.
    func stopListening()

    /// Queues raw bytes plus a newline for `connection`.
    /// - Returns: false when the connection is gone or closing, or when the
    ///   line would pass ``ConnectionLimits/maxQueuedBytes``, in which case
    ///   the connection is dropped as a slow reader.
    @discardableResult
    func send(bytes: UnsafeRawBufferPointer, to connection: ConnectionID) -> Bool
    /// Closes `connection`. With `flush`, lines already queued are sent
    /// first (for at most ``ConnectionLimits/closeLinger``); no more input
    /// is read either way.
    func close(_ connection: ConnectionID, flush: Bool)
    /// Whether `connection` is still known to the loop (open, connecting or closing).
    func isOpen(_ connection: ConnectionID) -> Bool
    /// How many connections the loop holds, closing ones included.
    var connectionCount: Int { get }
    /// Output bytes queued for `connection` and not yet taken by its peer.
    func queuedByteCount(_ connection: ConnectionID) -> Int

    /// Runs `task` on the loop once the clock reaches `deadline`.
    @discardableResult
    func schedule(at deadline: ClockInstant, _ task: @escaping () -> Void) -> TimerID
    /// Cancels a scheduled task; harmless when it already ran.
    func cancel(_ timer: TimerID)
    /// Runs `task` on the loop soon. Callable from any thread.
    func execute(_ task: @escaping @Sendable () -> Void)
    /// Closes every connection and listener and ends the loop's run.
    /// Callable from any thread.
    func stop()
}

extension EventLoop {
    /// Starts accepting connections on `address` with a backlog of 4096.
    @discardableResult
    public func listen(on address: SocketAddress, handler: any ConnectionHandler, accepting: Bool = true) throws -> Listener {
        try listen(on: address, handler: handler, backlog: 4096, accepting: accepting)
    }

    /// Queues `line` (a newline is added) for `connection`.
    @discardableResult
    public func send(_ line: [UInt8], to connection: ConnectionID) -> Bool {
        line.withUnsafeBytes { send(bytes: $0, to: connection) }
    }

    /// Queues the UTF-8 bytes of `line` (a newline is added) for `connection`.
    @discardableResult
    public func send(_ line: String, to connection: ConnectionID) -> Bool {
        var text = line
        return text.withUTF8 { send(bytes: UnsafeRawBufferPointer($0), to: connection) }
    }

    /// Closes `connection` after sending what is queued for it.
    public func close(_ connection: ConnectionID) {
        close(connection, flush: true)
    }

    /// Runs `task` on the loop once `delay` has passed on the clock.
    @discardableResult
    public func schedule(after delay: Duration, _ task: @escaping () -> Void) -> TimerID {
        schedule(at: clock.now.advanced(by: delay), task)
    }

    /// Stops the process when the calling thread may not make loop-confined
    /// calls, in every build (swift-nio's check of the same name).
    public func preconditionInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
        precondition(inEventLoop, "a loop-confined call made off the loop's thread", file: file, line: line)
    }

    /// The same check in debug builds only: the entry of every loop-confined
    /// method, so a test that calls from the wrong thread fails there, while
    /// the release build pays nothing.
    public func assertInEventLoop(file: StaticString = #fileID, line: UInt = #line) {
        assert(inEventLoop, "a loop-confined call made off the loop's thread", file: file, line: line)
    }
}

/// A listening socket of an ``EventLoop``.
public struct Listener: Hashable, Sendable {
    /// Identifies the listener within its loop.
    public let id: Int
    /// The bound address, with the real port when port 0 was asked for.
    public let address: SocketAddress

    /// Names listener `id` of a loop, bound to `address`.
    public init(id: Int, address: SocketAddress) {
        self.id = id
        self.address = address
    }
}

/// The calling thread, compared with `pthread_equal` (a loop's owner).
struct LoopThread: Equatable {
    let handle: pthread_t

    /// The thread running now.
    static var current: LoopThread { LoopThread(handle: pthread_self()) }

    static func == (lhs: LoopThread, rhs: LoopThread) -> Bool { pthread_equal(lhs.handle, rhs.handle) != 0 }
}
