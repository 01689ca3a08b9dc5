import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An ``EventLoop`` with no sockets and no thread of its own, for tests (in
/// the spirit of swift-nio's `EmbeddedEventLoop`): connections are in
/// memory (``EmbeddedConnection``), the clock is a ``ManualClock``, and
/// nothing happens until the test drives the loop with ``run()`` or
/// ``advance(by:)``. A test of a ten-minute timeout, of a move that must
/// wait for its journal sync, of a reconnect, runs step by step in
/// microseconds, without a sleep or a poll.
///
/// The caller's thread is the loop's thread: the loop is confined to the
/// thread that made it (every loop-confined method asserts it in debug
/// builds), except ``execute(_:)`` and ``stop()``, which any thread may call.
///
/// It keeps the rules of a real loop that a server can see: the caps of
/// ``ConnectionLimits`` (with the handler's refusal line), line framing,
/// a listener's backlog before ``startAccepting(_:)``, and a peer that does
/// not read being dropped as a slow reader once what waits for it passes
/// ``ConnectionLimits/maxQueuedBytes``. Lines sent are readable at once, but
/// as on a socket, a connection closed right after a send ends only once the
/// round that sent it is over (its handler hears of the close after the
/// rest of that round's work, as with ``EpollEventLoop``'s flush and linger).
///
/// A connection given an ``EmbeddedConnection/socketBuffer`` is written as a
/// socket is: a round reads what peers wrote, runs posted tasks, fires due
/// timers, then writes every connection sent something (the rule both loops
/// share), each as far as its peer's buffer has room; what is left waits
/// for the peer to read. ``run()`` returns when a socket loop would block
/// in `epoll_wait`: nothing posted, no timer due, no peer with something to
/// read or room for what waits. ``unflushedConnections`` then names any
/// connection whose output would wait for the next wake-up.
public final class EmbeddedEventLoop: EventLoop, @unchecked Sendable {
    // Safe: every field but `posted` and `stopRequested` is touched only on
    // the owner thread (each loop-confined method asserts it in debug
    // builds); those two are guarded by `postLock`.

    private struct ListenerState {
        let address: SocketAddress
        let handler: any ConnectionHandler
        var accepting: Bool
        var backlog: [EmbeddedConnection] = []
    }

    /// The clock every deadline of this loop is measured on (``manualClock``).
    public var clock: any LoopClock { manualClock }
    /// The clock, which only ``advance(by:)`` (or the test) moves.
    public let manualClock: ManualClock
    /// The bounds applied to every connection.
    public let limits: ConnectionLimits

    private let owner = LoopThread.current
    private let postLock = NSLock()
    private var posted: [@Sendable () -> Void] = []
    private var stopRequested = false
    private var listeners: [Int: ListenerState] = [:]
    private var nextListener = 0
    private var connections: [ConnectionID: EmbeddedConnection] = [:]
    private var perAddress: [String: Int] = [:]
    private var nextConnection: UInt64 = 0
    private var timers = TimerQueue()
    /// Connections sent a line in this round: a close with flush waits for the round's end.
    private var sentThisRound: Set<ConnectionID> = []
    /// Connections closed with flush, which end at the end of the round.
    private var closing: [EmbeddedConnection] = []
    /// Buffered connections sent something since the last write.
    private let pendingWrites = PendingWrites<EmbeddedConnection>()
    /// Rounds run so far (a round is one `epoll_wait` and what follows it).
    public private(set) var roundCount = 0
    /// Whether a round is under way.
    private var inRound = false
    /// Whether something sent or closed between rounds waits for a round
    /// (a test's own calls; a socket loop's next iteration would take it).
    private var workBetweenRounds = false
    /// How many times the loop has been stopped (a drain ends with a stop).
    public private(set) var stopCount = 0

    /// Makes a loop on `clock`, confined to the calling thread.
    public init(clock: ManualClock = ManualClock(), limits: ConnectionLimits = ConnectionLimits()) {
        manualClock = clock
        self.limits = limits
    }

    /// Whether the calling thread is the one that made the loop.
    public var inEventLoop: Bool { owner == .current }

    // MARK: Listening

    /// Listens on `address`; port 0 gets a port of its own (no socket is bound).
    public func listen(on address: SocketAddress, handler: any ConnectionHandler, backlog: Int32, accepting: Bool) throws -> Listener {
        assertInEventLoop()
        nextListener += 1
        let port = address.port == 0 ? UInt16(40_000 + nextListener) : address.port
        let bound = SocketAddress(numericHost: address.host, port: port, isIPv6: address.isIPv6)
        guard !listeners.values.contains(where: { $0.address.port == port }) else {
            throw SocketError("bind", subject: bound.description, code: EADDRINUSE)
        }
        listeners[nextListener] = ListenerState(address: bound, handler: handler, accepting: accepting)
        return Listener(id: nextListener, address: bound)
    }

    /// Accepts the connections waiting in the listener's backlog, and every later one.
    public func startAccepting(_ listener: Listener) {
        assertInEventLoop()
        guard var state = listeners[listener.id] else { return }
        state.accepting = true
        let waiting = state.backlog
        state.backlog = []
        listeners[listener.id] = state
        for connection in waiting { accept(connection, on: state) }
    }

    /// Stops accepting on `listener`; connections still in its backlog are
    /// closed unaccepted (their peer sees the end of the stream).
    public func stopListening(_ listener: Listener) {
        assertInEventLoop()
        guard let state = listeners.removeValue(forKey: listener.id) else { return }
        for connection in state.backlog { connection.ended(.peerClosed) }
    }

    /// Stops accepting on every listener.
    public func stopListening() {
        assertInEventLoop()
        for (id, state) in listeners.sorted(by: { $0.key < $1.key }) { stopListening(Listener(id: id, address: state.address)) }
    }

    // MARK: The test's side

    /// Opens a connection from `peer` to the listener on `address`, as a
    /// client's `connect` would. The listener's handler hears of it at once
    /// when it accepts; else it waits in the backlog.
    /// - Returns: the test's end of the connection, already closed (with
    ///   ``CloseReason/connectFailed(_:)``) when nothing listens there, or
    ///   refused (with the refusal line to read) when over a cap.
    /// - Parameter peer: where it comes from; nil for `127.0.0.1` with a port of its own.
    public func connect(to address: SocketAddress, from peer: SocketAddress? = nil) -> EmbeddedConnection {
        assertInEventLoop()
        nextConnection += 1
        let from = peer ?? .loopback(port: UInt16(truncatingIfNeeded: 50_000 &+ nextConnection))
        let connection = EmbeddedConnection(id: ConnectionID(rawValue: nextConnection), peer: from, loop: self)
        guard let (id, state) = listeners.first(where: { $0.value.address.port == address.port }) else {
            connection.ended(.connectFailed(ECONNREFUSED))
            return connection
        }
        if state.accepting {
            accept(connection, on: state)
        } else {
            listeners[id]?.backlog.append(connection)
        }
        return connection
    }

    // MARK: Sending and closing

    /// Hands the line to the peer's end at once, or (a connection with a
    /// socket buffer) queues it to be written at the end of the round.
    /// - Returns: false when the connection is gone, or when what waits
    ///   for the peer would pass the cap (it is then dropped as a slow
    ///   reader): unread at the peer's end, or (with a socket buffer) queued
    ///   at the loop's.
    public func send(bytes: UnsafeRawBufferPointer, to id: ConnectionID) -> Bool {
        assertInEventLoop()
        guard let connection = connections[id], !connection.isClosing else { return false }
        if connection.socketBuffer != nil {
            let wasEmpty = connection.output.isEmpty
            guard connection.output.appendLine(bytes) else {
                finish(connection, reason: .slowReader)
                return false
            }
            if wasEmpty { pendingWrites.mark(connection) }
            if !inRound { workBetweenRounds = true }
            return true
        }
        guard connection.unreadOutputCount + bytes.count + 1 <= limits.maxQueuedBytes else {
            finish(connection, reason: .slowReader)
            return false
        }
        connection.deliver(bytes)
        sentThisRound.insert(id)
        if !inRound { workBetweenRounds = true }
        return true
    }

    /// Ends `connection` (what was sent stays readable at the peer's end):
    /// at once, or with `flush` after a line sent this round, at the round's end.
    public func close(_ id: ConnectionID, flush: Bool) {
        assertInEventLoop()
        guard let connection = connections[id], !connection.isClosing else { return }
        if connection.socketBuffer != nil {
            guard flush && !connection.output.isEmpty else {
                finish(connection, reason: .closedLocally)
                return
            }
            connection.isClosing = true
            connection.wantsWritable = true
            connection.lingerTimer = schedule(after: limits.closeLinger) { [weak self, weak connection] in
                guard let self, let connection else { return }
                self.finish(connection, reason: .closedLocally)
            }
            return
        }
        if flush && sentThisRound.contains(id) {
            connection.isClosing = true
            closing.append(connection)
            if !inRound { workBetweenRounds = true }
        } else {
            finish(connection, reason: .closedLocally)
        }
    }

    /// Whether `connection` is open.
    public func isOpen(_ connection: ConnectionID) -> Bool {
        assertInEventLoop()
        return connections[connection] != nil
    }

    /// How many connections are open (backlogs not included).
    public var connectionCount: Int {
        assertInEventLoop()
        return connections.count
    }

    /// Bytes sent to `connection` that its peer has not read (with a
    /// socket buffer: that the loop has not written yet).
    public func queuedByteCount(_ connection: ConnectionID) -> Int {
        assertInEventLoop()
        guard let connection = connections[connection] else { return 0 }
        return connection.socketBuffer == nil ? connection.unreadOutputCount : connection.output.count
    }

    /// Plants the write defect behind a stall the simulation found: sends that a write's
    /// close handler makes during the end-of-round writes wait for the next
    /// round (as the socket loop's once did, until its next event or timer).
    /// For simulations that show their seeds catch it; never set otherwise.
    public var plantedOneWriteBatchPerRound: Bool {
        get { pendingWrites.writesOneBatchOnly }
        set { pendingWrites.writesOneBatchOnly = newValue }
    }

    /// Connections with output that no write will take before the loop's
    /// next wake-up: marked for a write the last round did not make, or
    /// holding output without waiting for their peer to have room. Empty
    /// whenever ``run()`` has returned, unless the loop lost a write (a
    /// socket loop would then hold those lines until its next event, which
    /// can be as late as its next timer).
    public var unflushedConnections: [ConnectionID] {
        assertInEventLoop()
        return connections.values.filter { connection in
            connection.socketBuffer != nil && !connection.output.isEmpty && !connection.wantsWritable
        }.map(\.id).sorted()
    }

    // MARK: Timers and tasks

    /// Runs `task` once the clock reaches `deadline` (at the next ``run()``
    /// or ``advance(by:)`` that gets there).
    public func schedule(at deadline: ClockInstant, _ task: @escaping () -> Void) -> TimerID {
        assertInEventLoop()
        return timers.schedule(at: deadline, task)
    }

    /// Cancels a scheduled task; harmless when it already ran.
    public func cancel(_ timer: TimerID) {
        assertInEventLoop()
        timers.cancel(timer)
    }

    /// Runs `task` at the next ``run()``. Callable from any thread.
    public func execute(_ task: @escaping @Sendable () -> Void) {
        postLock.lock()
        posted.append(task)
        postLock.unlock()
    }

    /// Closes every connection (``CloseReason/loopStopped``) and listener
    /// at the next ``run()``. Callable from any thread.
    public func stop() {
        postLock.lock()
        stopRequested = true
        postLock.unlock()
    }

    /// How many tasks wait for the clock.
    public var scheduledCount: Int {
        assertInEventLoop()
        return timers.count
    }

    // MARK: Driving

    /// Does everything there is to do now, until nothing is left: lines
    /// written by peers, peers' closes and resets, room at peers for what
    /// waits, posted tasks, timers due on the clock, a requested stop; each
    /// round ends by writing what was sent. Returns when a socket loop would
    /// block. Never waits and never moves the clock (so a task that
    /// schedules itself again with no delay keeps it running).
    public func run() {
        assertInEventLoop()
        while true {
            let ready = connections.keys.sorted().compactMap { id -> EmbeddedConnection? in
                guard let connection = connections[id], hasEvent(connection) else { return nil }
                return connection
            }
            postLock.lock()
            let idle = posted.isEmpty && !stopRequested
            postLock.unlock()
            let due = timers.nextDeadline().map { $0 <= clock.now } ?? false
            if idle && ready.isEmpty && !due && !workBetweenRounds { return }
            workBetweenRounds = false
            inRound = true
            defer { inRound = false }
            roundCount += 1
            for connection in ready where connections[connection.id] === connection { service(connection) }
            // Resets that come while the loop is busy: this round's writes find them.
            for connection in connections.values where connection.resetArrivesLate {
                connection.resetArrivesLate = false
                connection.resetNoticedFromRound = roundCount + 1
            }
            postLock.lock()
            let tasks = posted
            posted.removeAll()
            let stopping = stopRequested
            stopRequested = false
            postLock.unlock()
            for task in tasks { task() }
            let now = clock.now
            while let task = timers.popDue(at: now) { task() }
            pendingWrites.flush { connection in
                guard !connection.isClosing, connections[connection.id] === connection else { return }
                write(connection)
            }
            endRound()
            if stopping { shutDown() }
        }
    }

    /// Whether a socket loop's `epoll_wait` would report the connection now.
    private func hasEvent(_ connection: EmbeddedConnection) -> Bool {
        // A reset is news once it has arrived, if not always in this round (see `service`).
        if connection.resetNoticedFromRound != nil { return true }
        if connection.resetArrivesLate { return false }
        if connection.isClosing {
            // A closing socket waits for room, or for its peer to hang up (`EPOLLHUP`).
            return connection.hungUp || (connection.socketBuffer != nil && connection.hasRoom)
        }
        if !connection.unreadInput.isEmpty || connection.hungUp { return true }
        return connection.wantsWritable && !connection.output.isEmpty && connection.hasRoom
    }

    /// Handles what `epoll_wait` reported for the connection.
    private func service(_ connection: EmbeddedConnection) {
        if let round = connection.resetNoticedFromRound {
            // The reset arrived after this round's poll: the round's writes find it.
            if round <= roundCount { finish(connection, reason: .peerClosed) }
            return
        }
        if connection.wantsWritable && connection.hasRoom {
            write(connection)
            guard connections[connection.id] === connection else { return }
        }
        guard !connection.isClosing else {
            if connection.hungUp, connections[connection.id] === connection { finish(connection, reason: .closedLocally) }
            return
        }
        if !connection.unreadInput.isEmpty { read(connection) }
        if connection.hungUp, connections[connection.id] === connection {
            finish(connection, reason: .peerClosed)
        }
    }

    /// Writes as much of a buffered connection's output as its peer has
    /// room for; what is left waits for the peer to read.
    private func write(_ connection: EmbeddedConnection) {
        if connection.resetNoticedFromRound != nil {
            // The peer is gone: the write fails (`EPIPE`).
            finish(connection, reason: .peerClosed)
            return
        }
        guard let socketBuffer = connection.socketBuffer else { return }
        let room = socketBuffer - connection.unreadOutputCount
        if room > 0 {
            connection.output.drain { bytes in
                let count = min(room, bytes.count)
                connection.deliverRaw(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
                return count
            }
        }
        if connection.isClosing && connection.output.isEmpty {
            finish(connection, reason: .closedLocally)
        } else {
            connection.wantsWritable = !connection.output.isEmpty
        }
    }

    /// What a socket loop does once a round's work is done: connections
    /// closed after sending (without a socket buffer) end.
    private func endRound() {
        sentThisRound.removeAll()
        let ending = closing
        closing.removeAll()
        for connection in ending { finish(connection, reason: .closedLocally) }
    }

    /// Moves the clock forward by `duration`, firing each timer that falls
    /// due on the way at its own deadline (in deadline order), with
    /// ``run()`` after each, then runs at the end time.
    public func advance(by duration: Duration) {
        assertInEventLoop()
        precondition(duration >= .zero, "a clock never goes back")
        run()
        let end = clock.now.advanced(by: duration)
        while let deadline = timers.nextDeadline(), deadline <= end {
            if deadline > clock.now { manualClock.advance(by: clock.now.duration(to: deadline)) }
            run()
        }
        if end > clock.now { manualClock.advance(by: clock.now.duration(to: end)) }
        run()
    }

    // MARK: Internals

    private func accept(_ connection: EmbeddedConnection, on listener: ListenerState) {
        guard !connection.isClosed else { return }
        let host = connection.peer.host
        var refusal = self.refusal(for: host)
        if refusal != nil {
            // As a socket loop does: peers that closed already do not count.
            let closed = connections.values.filter { $0.hungUp && !$0.isClosing && (refusal == .tooManyConnections || $0.peer.host == host) }
            for hungUp in closed.sorted(by: { $0.id < $1.id }) where connections[hungUp.id] === hungUp {
                if !hungUp.unreadInput.isEmpty { read(hungUp) }
                if connections[hungUp.id] === hungUp { finish(hungUp, reason: .peerClosed) }
            }
            refusal = self.refusal(for: host)
        }
        if let refusal {
            if let line = listener.handler.refusalLine(for: refusal, peer: connection.peer) {
                line.withUnsafeBytes { connection.deliver($0) }
            }
            connection.ended(.closedLocally)
            return
        }
        perAddress[host, default: 0] += 1
        connection.handler = listener.handler
        connections[connection.id] = connection
        listener.handler.connectionOpened(connection.id, peer: connection.peer)
    }

    private func refusal(for host: String) -> RefusalReason? {
        if connections.count >= limits.maxConnections { return .tooManyConnections }
        if perAddress[host, default: 0] >= limits.maxConnectionsPerAddress { return .tooManyFromAddress }
        return nil
    }

    /// Frames what the peer wrote and hands each line to the handler.
    private func read(_ connection: EmbeddedConnection) {
        let bytes = connection.unreadInput
        connection.unreadInput.removeAll()
        var events: [LineFramer.Event] = []
        bytes.withUnsafeBytes { buffer in connection.framer.append(buffer) { events.append($0) } }
        for event in events {
            guard connections[connection.id] === connection, !connection.isClosing, let handler = connection.handler else { return }
            switch event {
            case .line(let line): handler.connection(connection.id, received: line)
            case .error(let error): handler.connection(connection.id, framingFailed: error)
            }
        }
    }

    /// Forgets a connection and tells its handler, once.
    private func finish(_ connection: EmbeddedConnection, reason: CloseReason) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        if let timer = connection.lingerTimer { timers.cancel(timer) }
        connection.isClosing = true
        let host = connection.peer.host
        let remaining = perAddress[host, default: 1] - 1
        perAddress[host] = remaining > 0 ? remaining : nil
        let handler = connection.handler
        connection.ended(reason)
        handler?.connectionClosed(connection.id, reason: reason)
    }

    private func shutDown() {
        stopListening()
        for id in connections.keys.sorted() {
            guard let connection = connections[id] else { continue }
            // One last try to hand over what was queued (a goodbye line).
            if connection.socketBuffer != nil { write(connection) }
            if connections[id] === connection { finish(connection, reason: .loopStopped) }
        }
        pendingWrites.removeAll()
        stopCount += 1
    }
}
