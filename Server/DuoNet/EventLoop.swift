#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// One thread that owns a set of non-blocking TCP sockets and multiplexes
/// them with `poll(2)`: listeners, accepted connections, outgoing
/// connections, timers on a ``LoopClock``, and tasks posted from other
/// threads.
///
/// Everything about a connection happens on the loop thread: reads are
/// framed into lines (``LineFramer``) and handed to its ``ConnectionHandler``;
/// ``send(_:to:)`` queues a line in a bounded buffer (``ConnectionLimits``)
/// that is written when the socket accepts it, so a slow reader costs only
/// its own buffer and is dropped when that fills, never stalling others.
///
/// Threading: ``execute(_:)``, ``stop()`` and ``wake()`` may be called from
/// any thread. Every other method must be called on the loop thread (from a
/// handler, a timer or an executed task), or before ``run()`` starts.
public final class EventLoop: @unchecked Sendable {
    // Safe: all mutable state below is touched only on the loop thread,
    // except `posted`, `stopRequested` and `wakePending`, which are guarded
    // by `postLock`.

    /// The clock every deadline of this loop is measured on.
    public let clock: any LoopClock
    /// The bounds applied to every connection.
    public let limits: ConnectionLimits

    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let postLock = NSLock()
    private var posted: [@Sendable () -> Void] = []
    private var stopRequested = false
    private var wakePending = false

    private var listeners: [Int: ListenerState] = [:]
    private var nextListener = 0
    private var connections: [ConnectionID: Connection] = [:]
    private var perAddress: [String: Int] = [:]
    private var nextConnection: UInt64 = 0
    private var timers = TimerQueue()
    private var dirty: [Connection] = []
    private let readBuffer: UnsafeMutableRawBufferPointer
    private var pollSet: [pollfd] = []
    private var pollOwners: [PollOwner] = []

    /// Makes a loop (it does nothing until ``run()``).
    /// - Throws: ``SocketError`` when the wake-up pipe cannot be made.
    public init(clock: any LoopClock = SystemClock(), limits: ConnectionLimits = ConnectionLimits()) throws {
        self.clock = clock
        self.limits = limits
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw SocketError.last("pipe") }
        wakeReader = ends[0]
        wakeWriter = ends[1]
        for end in ends {
            SystemSocket.setNonBlocking(end)
            SystemSocket.setCloseOnExec(end)
        }
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        clock.onAdvance { [weak self] in self?.wake() }
    }

    deinit {
        for connection in connections.values { SystemSocket.close(connection.descriptor) }
        for listener in listeners.values { SystemSocket.close(listener.descriptor) }
        SystemSocket.close(wakeReader)
        SystemSocket.close(wakeWriter)
        readBuffer.deallocate()
    }

    // MARK: Listening and connecting

    /// Starts accepting connections on `address` (port 0 picks a free port).
    /// - Returns: the listener, whose ``Listener/address`` has the real port.
    /// - Throws: ``SocketError`` when the address cannot be bound.
    @discardableResult
    public func listen(on address: SocketAddress, handler: any ConnectionHandler, backlog: Int32 = 4096) throws -> Listener {
        let descriptor = try SystemSocket.listen(on: address, backlog: backlog)
        let bound = SystemSocket.localAddress(descriptor) ?? address
        nextListener += 1
        listeners[nextListener] = ListenerState(descriptor: descriptor, handler: handler)
        return Listener(id: nextListener, address: bound)
    }

    /// Stops accepting on `listener` (open connections stay open).
    public func stopListening(_ listener: Listener) {
        guard let state = listeners.removeValue(forKey: listener.id) else { return }
        SystemSocket.close(state.descriptor)
    }

    /// Stops accepting on every listener of this loop.
    public func stopListening() {
        for state in listeners.values { SystemSocket.close(state.descriptor) }
        listeners.removeAll()
    }

    /// Starts an outgoing connection; `handler` hears of it when it opens,
    /// or gets ``CloseReason/connectFailed(_:)``. Lines sent before it opens
    /// are queued.
    /// - Parameter local: the address to connect from (a loopback alias
    ///   such as `127.0.0.7`, for instance), or nil for the system's choice.
    /// - Throws: ``SocketError`` when the connect fails at once.
    @discardableResult
    public func connect(to address: SocketAddress, from local: SocketAddress? = nil, handler: any ConnectionHandler) throws -> ConnectionID {
        let descriptor = try SystemSocket.connect(to: address, from: local)
        let connection = makeConnection(descriptor: descriptor, peer: address, handler: handler, counted: nil)
        connection.phase = .connecting
        return connection.id
    }

    // MARK: Sending and closing

    /// Queues `line` (a newline is added) for `connection`.
    /// - Returns: false when the connection is gone or closing, or when the
    ///   line would pass the queue cap, in which case the connection is
    ///   dropped as a slow reader.
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

    /// Queues raw bytes plus a newline (the common path of both `send`s).
    @discardableResult
    public func send(bytes: UnsafeRawBufferPointer, to id: ConnectionID) -> Bool {
        guard let connection = connections[id], connection.phase != .closing else { return false }
        let wasEmpty = connection.output.isEmpty
        guard connection.output.appendLine(bytes) else {
            finish(connection, reason: .slowReader)
            return false
        }
        if wasEmpty { dirty.append(connection) }
        return true
    }

    /// Closes `connection`. With `flush`, lines already queued are sent
    /// first (for at most ``ConnectionLimits/closeLinger``); no more input
    /// is read either way.
    public func close(_ id: ConnectionID, flush: Bool = true) {
        guard let connection = connections[id], connection.phase != .closing else { return }
        if flush && !connection.output.isEmpty && connection.phase == .open {
            connection.phase = .closing
            connection.lingerTimer = schedule(after: limits.closeLinger) { [weak self, weak connection] in
                guard let self, let connection else { return }
                self.finish(connection, reason: .closedLocally)
            }
        } else {
            finish(connection, reason: .closedLocally)
        }
    }

    /// Whether `connection` is still known to the loop (open, connecting or closing).
    public func isOpen(_ connection: ConnectionID) -> Bool { connections[connection] != nil }

    /// How many connections the loop holds, closing ones included.
    public var connectionCount: Int { connections.count }

    /// Output bytes queued for `connection` and not yet written.
    public func queuedByteCount(_ connection: ConnectionID) -> Int { connections[connection]?.output.count ?? 0 }

    // MARK: Timers and tasks

    /// Runs `task` on the loop thread once the clock reaches `deadline`.
    @discardableResult
    public func schedule(at deadline: ClockInstant, _ task: @escaping () -> Void) -> TimerID {
        timers.schedule(at: deadline, task)
    }

    /// Runs `task` on the loop thread once `delay` has passed on the clock.
    @discardableResult
    public func schedule(after delay: Duration, _ task: @escaping () -> Void) -> TimerID {
        timers.schedule(at: clock.now.advanced(by: delay), task)
    }

    /// Cancels a scheduled task; harmless when it already ran.
    public func cancel(_ timer: TimerID) {
        timers.cancel(timer)
    }

    /// Runs `task` on the loop thread soon. Callable from any thread.
    public func execute(_ task: @escaping @Sendable () -> Void) {
        postLock.lock()
        posted.append(task)
        postLock.unlock()
        wake()
    }

    /// Makes ``run()`` return after closing every connection and listener.
    /// Callable from any thread.
    public func stop() {
        postLock.lock()
        stopRequested = true
        postLock.unlock()
        wake()
    }

    /// Interrupts a `poll` in progress. Callable from any thread.
    public func wake() {
        postLock.lock()
        let needed = !wakePending
        wakePending = true
        postLock.unlock()
        guard needed else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWriter, &byte, 1)
    }

    // MARK: Running

    /// Runs the loop on the calling thread until ``stop()``.
    public func run() {
        while true {
            postLock.lock()
            let stopping = stopRequested
            let hasPosted = !posted.isEmpty
            postLock.unlock()
            if stopping { break }
            pollOnce(timeoutMilliseconds: hasPosted ? 0 : pollTimeout())
            runPostedTasks()
            runDueTimers()
            flushDirty()
        }
        shutDown()
    }

    /// Starts ``run()`` on a new thread named `name`.
    public func runOnNewThread(name: String) {
        let thread = Thread { [self] in run() }
        thread.name = name
        thread.start()
    }

    // MARK: Internals

    private func pollTimeout() -> Int32 {
        guard let deadline = timers.nextDeadline(), let wait = clock.realWait(until: deadline) else { return -1 }
        let nanoseconds = wait.totalNanoseconds
        if nanoseconds <= 0 { return 0 }
        // Round up, so a timer is never fired a hair early and polled again.
        return Int32(min((nanoseconds + 999_999) / 1_000_000, Int64(Int32.max)))
    }

    private func pollOnce(timeoutMilliseconds: Int32) {
        pollSet.removeAll(keepingCapacity: true)
        pollOwners.removeAll(keepingCapacity: true)
        pollSet.append(pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0))
        pollOwners.append(.wake)
        for (id, listener) in listeners {
            pollSet.append(pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0))
            pollOwners.append(.listener(id))
        }
        for connection in connections.values {
            var events: Int16 = 0
            switch connection.phase {
            case .connecting: events = Int16(POLLOUT)
            case .open: events = Int16(POLLIN) | (connection.output.isEmpty ? 0 : Int16(POLLOUT))
            case .closing: events = Int16(POLLOUT)
            }
            pollSet.append(pollfd(fd: connection.descriptor, events: events, revents: 0))
            pollOwners.append(.connection(connection))
        }
        let ready = pollSet.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), timeoutMilliseconds) }
        guard ready > 0 else { return }
        for index in pollSet.indices where pollSet[index].revents != 0 {
            let revents = Int32(pollSet[index].revents)
            switch pollOwners[index] {
            case .wake: drainWakePipe()
            case .listener(let id): acceptAll(listenerID: id)
            case .connection(let connection): service(connection, revents: revents)
            }
        }
    }

    private func drainWakePipe() {
        var scratch = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wakeReader, &scratch, scratch.count) > 0 {}
        postLock.lock()
        wakePending = false
        postLock.unlock()
    }

    private func acceptAll(listenerID: Int) {
        while let listener = listeners[listenerID] {
            let accepted: (descriptor: Int32, peer: SocketAddress?)?
            do {
                accepted = try SystemSocket.accept(listener.descriptor)
            } catch {
                // Out of descriptors, for instance: leave the rest in the
                // backlog and try again on the next round.
                return
            }
            guard let (descriptor, peer) = accepted else { return }
            let host = peer?.host ?? "?"
            var refusal: RefusalReason?
            if connections.count >= limits.maxConnections {
                refusal = .tooManyConnections
            } else if perAddress[host, default: 0] >= limits.maxConnectionsPerAddress {
                refusal = .tooManyFromAddress
            }
            if let refusal {
                if let line = listener.handler.refusalLine(for: refusal, peer: peer) {
                    // Best effort: a fresh socket's buffer takes a short line at once.
                    (line + [0x0A]).withUnsafeBytes { _ = SystemSocket.write(descriptor, from: $0) }
                }
                SystemSocket.close(descriptor)
                continue
            }
            perAddress[host, default: 0] += 1
            let connection = makeConnection(descriptor: descriptor, peer: peer, handler: listener.handler, counted: host)
            connection.phase = .open
            listener.handler.connectionOpened(connection.id, peer: peer)
        }
    }

    private func makeConnection(descriptor: Int32, peer: SocketAddress?, handler: any ConnectionHandler, counted host: String?) -> Connection {
        nextConnection += 1
        let connection = Connection(
            id: ConnectionID(rawValue: nextConnection),
            descriptor: descriptor,
            peer: peer,
            countedHost: host,
            handler: handler,
            limits: limits
        )
        connections[connection.id] = connection
        return connection
    }

    private func service(_ connection: Connection, revents: Int32) {
        guard connections[connection.id] === connection else { return }
        switch connection.phase {
        case .connecting:
            let error = SystemSocket.pendingError(connection.descriptor)
            guard error == 0 else {
                finish(connection, reason: .connectFailed(error))
                return
            }
            connection.phase = .open
            connection.handler.connectionOpened(connection.id, peer: connection.peer)
            if !connection.output.isEmpty { dirty.append(connection) }
        case .open:
            if revents & Int32(POLLOUT) != 0 { write(connection) }
            if revents & (Int32(POLLIN) | Int32(POLLHUP) | Int32(POLLERR)) != 0 { read(connection) }
        case .closing:
            if revents & (Int32(POLLHUP) | Int32(POLLERR)) != 0 {
                finish(connection, reason: .closedLocally)
            } else {
                write(connection)
            }
        }
    }

    /// Reads what is there (a bounded amount, so one busy peer cannot
    /// monopolise the loop) and delivers the complete lines.
    private func read(_ connection: Connection) {
        for _ in 0..<4 {
            let result = SystemSocket.read(connection.descriptor, into: readBuffer)
            switch result {
            case .bytes(let count):
                var events: [LineFramer.Event] = []
                connection.framer.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])) { events.append($0) }
                for event in events {
                    guard connection.phase == .open, connections[connection.id] === connection else { return }
                    switch event {
                    case .line(let line): connection.handler.connection(connection.id, received: line)
                    case .error(let error): connection.handler.connection(connection.id, framingFailed: error)
                    }
                }
                if count < readBuffer.count { return }
            case .wouldBlock:
                return
            case .endOfStream:
                finish(connection, reason: .peerClosed)
                return
            case .failed(let code):
                finish(connection, reason: code == ECONNRESET ? .peerClosed : .failed(code))
                return
            }
        }
    }

    private func write(_ connection: Connection) {
        var failure: Int32?
        connection.output.drain { bytes in
            var written = 0
            while written < bytes.count {
                switch SystemSocket.write(connection.descriptor, from: UnsafeRawBufferPointer(rebasing: bytes[written...])) {
                case .bytes(let count): written += count
                case .wouldBlock, .endOfStream: return written
                case .failed(let code):
                    failure = code
                    return written
                }
            }
            return written
        }
        if let failure {
            finish(connection, reason: failure == EPIPE || failure == ECONNRESET ? .peerClosed : .failed(failure))
        } else if connection.phase == .closing && connection.output.isEmpty {
            finish(connection, reason: .closedLocally)
        }
    }

    private func flushDirty() {
        guard !dirty.isEmpty else { return }
        let batch = dirty
        dirty.removeAll(keepingCapacity: true)
        for connection in batch where connection.phase == .open && connections[connection.id] === connection {
            write(connection)
        }
    }

    private func runPostedTasks() {
        postLock.lock()
        let tasks = posted
        posted.removeAll()
        postLock.unlock()
        for task in tasks { task() }
    }

    private func runDueTimers() {
        let now = clock.now
        while let task = timers.popDue(at: now) { task() }
    }

    /// Forgets a connection, closes its socket and tells its handler, once.
    private func finish(_ connection: Connection, reason: CloseReason) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        if let timer = connection.lingerTimer { timers.cancel(timer) }
        if let host = connection.countedHost {
            let remaining = perAddress[host, default: 1] - 1
            perAddress[host] = remaining > 0 ? remaining : nil
        }
        connection.phase = .closing
        SystemSocket.close(connection.descriptor)
        connection.handler.connectionClosed(connection.id, reason: reason)
    }

    private func shutDown() {
        for listener in listeners.values { SystemSocket.close(listener.descriptor) }
        listeners.removeAll()
        for connection in connections.values.sorted(by: { $0.id < $1.id }) {
            // One last try to hand over what was queued (a goodbye line).
            if connection.phase != .connecting { write(connection) }
            finish(connection, reason: .loopStopped)
        }
        postLock.lock()
        stopRequested = false
        postLock.unlock()
    }
}

/// A listening socket of an ``EventLoop``.
public struct Listener: Hashable, Sendable {
    /// Identifies the listener within its loop.
    public let id: Int
    /// The bound address, with the real port when port 0 was asked for.
    public let address: SocketAddress
}

private struct ListenerState {
    let descriptor: Int32
    let handler: any ConnectionHandler
}

private enum PollOwner {
    case wake
    case listener(Int)
    case connection(Connection)
}

/// One socket's state on the loop.
private final class Connection {
    enum Phase { case connecting, open, closing }

    let id: ConnectionID
    let descriptor: Int32
    let peer: SocketAddress?
    let countedHost: String?
    let handler: any ConnectionHandler
    var phase: Phase = .open
    var framer: LineFramer
    var output: WriteBuffer
    var lingerTimer: TimerID?

    init(id: ConnectionID, descriptor: Int32, peer: SocketAddress?, countedHost: String?, handler: any ConnectionHandler, limits: ConnectionLimits) {
        self.id = id
        self.descriptor = descriptor
        self.peer = peer
        self.countedHost = countedHost
        self.handler = handler
        self.framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        self.output = WriteBuffer(capacity: limits.maxQueuedBytes)
    }
}
