import CEpoll
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// One thread that owns a set of non-blocking TCP sockets and multiplexes
/// them with `epoll(7)`: listeners, accepted connections, outgoing
/// connections, timers on a ``LoopClock``, and tasks posted from other
/// threads. The cost of a round grows with the sockets that are ready,
/// not with the sockets open, so thousands of quiet players cost nothing.
///
/// Everything about a connection happens on the loop thread: reads are
/// framed into lines (``LineFramer``) and handed to its ``ConnectionHandler``;
/// ``send(_:to:)`` queues a line in a bounded buffer (``ConnectionLimits``)
/// that is written when the socket accepts it, so a slow reader costs only
/// its own buffer and is dropped when that fills, never stalling others.
///
/// Threading: ``execute(_:)``, ``stop()`` and ``wake()`` may be called from
/// any thread. Every other method must be called on the loop thread (from a
/// handler, a timer or an executed task), or while the loop is not running
/// (before ``run()`` starts, after it returns); debug builds check it.
public final class EpollEventLoop: EventLoop, @unchecked Sendable {
    // Safe: all mutable state below is touched only on the loop thread
    // (each loop-confined method asserts it in debug builds), except
    // `posted`, `stopRequested`, `wakePending` and `runningThread`, which
    // are guarded by `postLock`.

    /// The clock every deadline of this loop is measured on.
    public let clock: any LoopClock
    /// The bounds applied to every connection.
    public let limits: ConnectionLimits

    private let epoll: Int32
    private let wakeDescriptor: Int32
    private let postLock = NSLock()
    private var posted: [@Sendable () -> Void] = []
    private var stopRequested = false
    private var wakePending = false
    /// The thread inside ``run()``, nil while the loop is not running.
    private var runningThread: LoopThread?
    /// The CPU-time clock of that thread, for ``threadCPUTime``.
    private var runningThreadClock: clockid_t?

    private var listeners: [Int: ListenerState] = [:]
    private var signalDescriptor: Int32 = -1
    private var signalHandler: ((Int32) -> Void)?
    private var nextListener = 0
    private var connections: [ConnectionID: Connection] = [:]
    private var perAddress: [String: Int] = [:]
    private var nextConnection: UInt64 = 0
    private var timers = TimerQueue()
    private let dirty = PendingWrites<Connection>()
    private let readBuffer: UnsafeMutableRawBufferPointer
    private var readyEvents = [epoll_event](repeating: epoll_event(), count: 1024)
    /// What the framer found in the last read (see ``read(_:)``).
    private var framedEvents: [LineFramer.Event] = []
    /// Connections whose read stopped at its bound with bytes perhaps left:
    /// edge-triggered, the socket will not be reported again for them, so
    /// the loop reads them again in its next round.
    private var readsToFinish: [Connection] = []

    /// `epoll` user data of the wake-up descriptor; listeners have the top
    /// bit set and their id below; connections their raw id (never 0).
    private static let wakeToken: UInt64 = 0
    private static let listenerBit: UInt64 = 1 << 63
    /// `epoll` user data of the signalfd (connections never get this high).
    private static let signalToken: UInt64 = 1 << 62

    /// Makes a loop (it does nothing until ``run()``).
    /// - Throws: ``SocketError`` when the epoll instance or the wake-up
    ///   descriptor cannot be made.
    public init(clock: any LoopClock = SystemClock(), limits: ConnectionLimits = ConnectionLimits()) throws {
        self.clock = clock
        self.limits = limits
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw SocketError.last("epoll_create1") }
        wakeDescriptor = eventfd(0, Int32(EFD_NONBLOCK) | Int32(EFD_CLOEXEC))
        guard wakeDescriptor >= 0 else {
            let error = SocketError.last("eventfd")
            SystemSocket.close(epoll)
            throw error
        }
        readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
        register(wakeDescriptor, token: Self.wakeToken, events: EPOLLIN.rawValue)
        clock.onAdvance { [weak self] in self?.wake() }
    }

    deinit {
        for connection in connections.values { SystemSocket.close(connection.descriptor) }
        for listener in listeners.values { SystemSocket.close(listener.descriptor) }
        SystemSocket.close(wakeDescriptor)
        if signalDescriptor >= 0 { SystemSocket.close(signalDescriptor) }
        SystemSocket.close(epoll)
        readBuffer.deallocate()
    }

    /// The CPU time the thread running the loop has used so far (user and
    /// system), nil while the loop is not running. Any thread may ask: a
    /// load test divides it by the moves served to show the loop's cost of
    /// a move, which other programs on the machine change less than they
    /// change wall-clock rates.
    public var threadCPUTime: Duration? {
        postLock.lock()
        defer { postLock.unlock() }
        guard let clock = runningThreadClock else { return nil }
        var time = timespec()
        guard clock_gettime(clock, &time) == 0 else { return nil }
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// Whether the calling thread may make loop-confined calls: it runs the
    /// loop, or the loop is not running.
    public var inEventLoop: Bool {
        postLock.lock()
        defer { postLock.unlock() }
        return runningThread.map { $0 == .current } ?? true
    }

    // MARK: Listening and connecting

    /// Starts accepting connections on `address` (port 0 picks a free port).
    /// - Returns: the listener, whose ``Listener/address`` has the real port.
    /// - Throws: ``SocketError`` when the address cannot be bound.
    /// - Parameter accepting: false to bind and listen now (the kernel
    ///   queues connections in the backlog) but accept only after
    ///   ``startAccepting(_:)``: a server that must recover first.
    @discardableResult
    public func listen(
        on address: SocketAddress, handler: any ConnectionHandler, backlog: Int32,
        accepting: Bool
    ) throws -> Listener {
        assertInEventLoop()
        let descriptor = try SystemSocket.listen(on: address, backlog: backlog)
        let bound = SystemSocket.localAddress(descriptor) ?? address
        nextListener += 1
        listeners[nextListener] = ListenerState(descriptor: descriptor, handler: handler)
        if accepting { register(descriptor, token: Self.listenerBit | UInt64(nextListener), events: EPOLLIN.rawValue) }
        return Listener(id: nextListener, address: bound)
    }

    /// Starts accepting on a listener made with `accepting: false`.
    public func startAccepting(_ listener: Listener) {
        assertInEventLoop()
        guard let state = listeners[listener.id] else { return }
        register(state.descriptor, token: Self.listenerBit | UInt64(listener.id), events: EPOLLIN.rawValue)
    }

    /// Reads `signals` from a signalfd in this loop and calls `handler` on
    /// the loop thread for each one received.
    ///
    /// The signals must already be blocked in every thread of the process
    /// (``TerminationSignals/block(_:)`` first thing in `main`, before any
    /// thread starts): a blocked signal stays pending until the loop reads
    /// it, so one sent at any moment, even before this call, is never lost.
    /// - Throws: ``SocketError`` when the signalfd cannot be made.
    public func watchSignals(_ signals: [Int32], handler: @escaping (Int32) -> Void) throws {
        assertInEventLoop()
        var mask = sigset_t()
        sigemptyset(&mask)
        for number in signals { sigaddset(&mask, number) }
        let descriptor = signalfd(signalDescriptor, &mask, Int32(SFD_NONBLOCK) | Int32(SFD_CLOEXEC))
        guard descriptor >= 0 else { throw SocketError.last("signalfd") }
        signalHandler = handler
        if signalDescriptor < 0 {
            signalDescriptor = descriptor
            register(descriptor, token: Self.signalToken, events: EPOLLIN.rawValue)
        }
    }

    /// Stops accepting on `listener` (open connections stay open).
    public func stopListening(_ listener: Listener) {
        assertInEventLoop()
        guard let state = listeners.removeValue(forKey: listener.id) else { return }
        // Closing the descriptor also takes it out of the epoll set.
        SystemSocket.close(state.descriptor)
    }

    /// Stops accepting on every listener of this loop.
    public func stopListening() {
        assertInEventLoop()
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
        assertInEventLoop()
        let descriptor = try SystemSocket.connect(to: address, from: local)
        let connection = makeConnection(descriptor: descriptor, peer: address, handler: handler, counted: nil)
        connection.phase = .connecting
        updateInterest(connection)
        return connection.id
    }

    // MARK: Sending and closing

    /// Queues raw bytes plus a newline (the common path of every `send`).
    /// - Returns: false when the connection is gone or closing, or when the
    ///   line would pass the queue cap, in which case the connection is
    ///   dropped as a slow reader.
    @discardableResult
    public func send(bytes: UnsafeRawBufferPointer, to id: ConnectionID) -> Bool {
        assertInEventLoop()
        guard let connection = connections[id], connection.phase != .closing else { return false }
        let wasEmpty = connection.output.isEmpty
        guard connection.output.appendLine(bytes) else {
            finish(connection, reason: .slowReader)
            return false
        }
        if wasEmpty { dirty.mark(connection) }
        return true
    }

    /// Closes `connection`. With `flush`, lines already queued are sent
    /// first (for at most ``ConnectionLimits/closeLinger``); no more input
    /// is read either way.
    public func close(_ id: ConnectionID, flush: Bool) {
        assertInEventLoop()
        guard let connection = connections[id], connection.phase != .closing else { return }
        if flush && !connection.output.isEmpty && connection.phase == .open {
            connection.phase = .closing
            updateInterest(connection)
            connection.lingerTimer = schedule(after: limits.closeLinger) { [weak self, weak connection] in
                guard let self, let connection else { return }
                self.finish(connection, reason: .closedLocally)
            }
        } else {
            finish(connection, reason: .closedLocally)
        }
    }

    /// Whether `connection` is still known to the loop (open, connecting or closing).
    public func isOpen(_ connection: ConnectionID) -> Bool {
        assertInEventLoop()
        return connections[connection] != nil
    }

    /// How many connections the loop holds, closing ones included.
    public var connectionCount: Int {
        assertInEventLoop()
        return connections.count
    }

    /// Output bytes queued for `connection` and not yet written.
    public func queuedByteCount(_ connection: ConnectionID) -> Int {
        assertInEventLoop()
        return connections[connection]?.output.count ?? 0
    }

    // MARK: Timers and tasks

    /// Runs `task` on the loop thread once the clock reaches `deadline`.
    @discardableResult
    public func schedule(at deadline: ClockInstant, _ task: @escaping () -> Void) -> TimerID {
        assertInEventLoop()
        return timers.schedule(at: deadline, task)
    }

    /// Cancels a scheduled task; harmless when it already ran.
    public func cancel(_ timer: TimerID) {
        assertInEventLoop()
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
        var one: UInt64 = 1
        _ = Glibc.write(wakeDescriptor, &one, 8)
    }

    // MARK: Running

    /// Runs the loop on the calling thread until ``stop()``.
    public func run() {
        postLock.lock()
        precondition(runningThread == nil, "the loop already runs")
        runningThread = .current
        var cpuClock = clockid_t()
        runningThreadClock = pthread_getcpuclockid(pthread_self(), &cpuClock) == 0 ? cpuClock : nil
        postLock.unlock()
        defer {
            postLock.lock()
            runningThread = nil
            runningThreadClock = nil
            postLock.unlock()
        }
        while true {
            postLock.lock()
            let stopping = stopRequested
            let hasPosted = !posted.isEmpty
            postLock.unlock()
            if stopping { break }
            pollOnce(timeoutMilliseconds: hasPosted || !readsToFinish.isEmpty ? 0 : pollTimeout())
            finishReads()
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
        let ready = readyEvents.withUnsafeMutableBufferPointer {
            epoll_wait(epoll, $0.baseAddress, Int32($0.count), timeoutMilliseconds)
        }
        guard ready > 0 else { return }
        for index in 0..<Int(ready) {
            let token = readyEvents[index].data.u64
            let events = readyEvents[index].events
            if token == Self.wakeToken {
                drainWakeDescriptor()
            } else if token == Self.signalToken {
                readSignals()
            } else if token & Self.listenerBit != 0 {
                acceptAll(listenerID: Int(token & ~Self.listenerBit))
            } else if let connection = connections[ConnectionID(rawValue: token)] {
                service(connection, events: events)
            }
        }
    }

    private func readSignals() {
        var info = signalfd_siginfo()
        while Glibc.read(signalDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            signalHandler?(Int32(bitPattern: info.ssi_signo))
        }
    }

    private func drainWakeDescriptor() {
        var counter: UInt64 = 0
        _ = Glibc.read(wakeDescriptor, &counter, 8)
        postLock.lock()
        wakePending = false
        postLock.unlock()
    }

    // MARK: epoll registration

    private func register(_ descriptor: Int32, token: UInt64, events: UInt32) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        _ = epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event)
    }

    /// The events a connection waits for in its phase: to finish connecting,
    /// to read (always while open), to write (only while output waits).
    ///
    /// Edge-triggered: epoll reports a socket when it becomes ready, not on
    /// every wait while it stays ready, so each wait costs the sockets that
    /// changed and no more. In exchange the loop reads until a read comes
    /// back short (the socket's queue was empty) or the socket is marked to
    /// be read again (``readsToFinish``), and writes until the socket takes
    /// no more, before it waits for the next edge.
    private func wantedEvents(_ connection: Connection) -> UInt32 {
        let edge = EPOLLET.rawValue
        return switch connection.phase {
        case .connecting: EPOLLOUT.rawValue | edge
        case .open: EPOLLIN.rawValue | (connection.output.isEmpty ? 0 : EPOLLOUT.rawValue) | edge
        case .closing: EPOLLOUT.rawValue | edge
        }
    }

    /// Tells epoll what the connection now waits for, when that changed.
    private func updateInterest(_ connection: Connection) {
        let wanted = wantedEvents(connection)
        guard wanted != connection.registeredEvents else { return }
        var event = epoll_event()
        event.events = wanted
        event.data.u64 = connection.id.rawValue
        let operation = connection.registeredEvents == nil ? EPOLL_CTL_ADD : EPOLL_CTL_MOD
        _ = epoll_ctl(epoll, operation, connection.descriptor, &event)
        connection.registeredEvents = wanted
    }

    private func acceptAll(listenerID: Int) {
        while let listener = listeners[listenerID] {
            let accepted: (descriptor: Int32, peer: SocketAddress?)?
            do {
                accepted = try SystemSocket.accept(listener.descriptor)
            } catch {
                // Out of descriptors, for instance. The listener stays
                // readable, so with a level-triggered epoll the loop would
                // spin: stop watching it for a moment, leaving the pending
                // connections in the backlog.
                pauseAccepting(listenerID: listenerID, descriptor: listener.descriptor)
                return
            }
            guard let (descriptor, peer) = accepted else { return }
            let host = peer?.host ?? "?"
            var refusal = self.refusal(for: host)
            if refusal != nil, reapClosedConnections(from: refusal == .tooManyFromAddress ? host : nil) {
                refusal = self.refusal(for: host)
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
            updateInterest(connection)
            listener.handler.connectionOpened(connection.id, peer: peer)
        }
    }

    /// Why a new connection from `host` is over a cap now, if it is.
    private func refusal(for host: String) -> RefusalReason? {
        if connections.count >= limits.maxConnections { return .tooManyConnections }
        if perAddress[host, default: 0] >= limits.maxConnectionsPerAddress { return .tooManyFromAddress }
        return nil
    }

    /// Before turning a connection away over a cap: the connections (from
    /// `host`, or all) whose peer has already closed, though the loop has
    /// not read that yet, are read to their end now, so a client that
    /// closes and connects again at once is not refused for the closes.
    /// - Returns: whether one ended.
    private func reapClosedConnections(from host: String?) -> Bool {
        let candidates = connections.values.filter { $0.phase == .open && (host == nil || $0.countedHost == host) }.sorted { $0.id < $1.id }
        guard !candidates.isEmpty else { return false }
        var entries = candidates.map { pollfd(fd: $0.descriptor, events: duo_poll_peer_closed, revents: 0) }
        let ready = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), 0) }
        guard ready > 0 else { return false }
        let closed = duo_poll_peer_closed | Int16(POLLHUP) | Int16(POLLERR)
        var ended = false
        for (connection, entry) in zip(candidates, entries) where entry.revents & closed != 0 {
            guard connections[connection.id] === connection else { continue }
            // What it wrote before closing is handled first, then its end.
            for _ in 0..<64 where connections[connection.id] === connection { read(connection) }
            if connections[connection.id] == nil { ended = true }
        }
        return ended
    }

    private func pauseAccepting(listenerID: Int, descriptor: Int32) {
        var unused = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &unused)
        schedule(after: .milliseconds(100)) { [weak self] in
            guard let self, let listener = self.listeners[listenerID] else { return }
            self.register(listener.descriptor, token: Self.listenerBit | UInt64(listenerID), events: EPOLLIN.rawValue)
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

    private func service(_ connection: Connection, events: UInt32) {
        let readable = EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue
        switch connection.phase {
        case .connecting:
            let error = SystemSocket.pendingError(connection.descriptor)
            guard error == 0 else {
                finish(connection, reason: .connectFailed(error))
                return
            }
            connection.phase = .open
            updateInterest(connection)
            connection.handler.connectionOpened(connection.id, peer: connection.peer)
            if !connection.output.isEmpty { dirty.mark(connection) }
        case .open:
            if events & EPOLLOUT.rawValue != 0 { write(connection) }
            // (A failed write finished it: every ending leaves the phase `.closing`.)
            if events & readable != 0, connection.phase == .open { read(connection) }
        case .closing:
            if events & (EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                finish(connection, reason: .closedLocally)
            } else {
                write(connection)
            }
        }
    }

    /// Reads what is there (a bounded amount, so one busy peer cannot
    /// monopolise the loop: past it, the rest waits for the next round)
    /// and delivers the complete lines.
    private func read(_ connection: Connection) {
        for round in 0..<4 {
            let result = SystemSocket.read(connection.descriptor, into: readBuffer)
            switch result {
            case .bytes(let count):
                // The list is the loop's, kept from read to read (taken while
                // in use, so a handler that makes the loop read meanwhile gets one of its own).
                var events = framedEvents
                framedEvents = []
                defer {
                    events.removeAll(keepingCapacity: true)
                    framedEvents = events
                }
                connection.framer.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])) { events.append($0) }
                for event in events {
                    // Closed by a handler (any ending leaves the phase `.closing`): stop.
                    guard connection.phase == .open else { return }
                    switch event {
                    case .line(let line): connection.handler.connection(connection.id, received: line)
                    case .error(let error): connection.handler.connection(connection.id, framingFailed: error)
                    }
                }
                // Short: the socket's queue is empty, and new bytes raise a new edge.
                if count < readBuffer.count { return }
                if round == 3 { readsToFinish.append(connection) }
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
        } else {
            updateInterest(connection)
        }
    }

    private func flushDirty() {
        dirty.flush { connection in
            // Every ending leaves the phase `.closing`: an open one is still the loop's.
            guard connection.phase == .open else { return }
            write(connection)
        }
    }

    /// Reads again the connections whose last read stopped at its bound.
    private func finishReads() {
        guard !readsToFinish.isEmpty else { return }
        let carried = readsToFinish
        readsToFinish.removeAll()
        for connection in carried where connection.phase == .open { read(connection) }
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

private struct ListenerState {
    let descriptor: Int32
    let handler: any ConnectionHandler
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
    /// What epoll was last told to report for this socket (nil: not registered yet).
    var registeredEvents: UInt32?

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
