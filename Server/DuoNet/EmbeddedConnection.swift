#if canImport(Glibc)
import Glibc
#endif

/// The test's end of an in-memory connection of an ``EmbeddedEventLoop``:
/// what a client socket is to an ``EpollEventLoop``.
///
/// Lines written here reach the listener's handler on the loop's next
/// ``EmbeddedEventLoop/run()``, framed as a socket's bytes would be (so an
/// over-long line is a framing error there too); lines the loop sends are
/// kept until read. ``readLine()`` runs the loop first, so whatever the
/// server does in answer is there to read, with no waiting.
///
/// By default the peer takes every line the loop sends at once. Give it a
/// ``socketBuffer`` and it behaves as a socket's receive buffer does: the
/// loop's sends wait in the connection's output (capped by
/// ``ConnectionLimits/maxQueuedBytes``) and are written at the end of the
/// loop's round, as much as the buffer has room for; the rest is written
/// when the test reads (the loop's next round sees the socket writable).
/// That is the mode a simulation uses to have slow readers and to check
/// that nothing the server sent waits unwritten while the loop sleeps.
public final class EmbeddedConnection {
    /// Names the connection on its loop.
    public let id: ConnectionID
    /// The address the connection comes from (what the per-address cap counts).
    public let peer: SocketAddress
    private unowned let loop: EmbeddedEventLoop
    /// Bytes written by the test and not yet handed to the loop.
    var unreadInput: [UInt8] = []
    /// Bytes sent by the loop and not yet read by the test (a socket's
    /// receive buffer: what ``socketBuffer`` bounds).
    var unreadOutput: [UInt8] = []
    /// Bytes the test has read and not yet taken as lines (its own buffer).
    private var received: [UInt8] = []
    private var receivedStart = 0
    /// Every byte the loop ever sent to this connection, while ``recordsTraffic``.
    public private(set) var receivedBytes: [UInt8] = []
    /// Whether to keep ``receivedBytes`` (off for clients that make thousands of matches).
    public var recordsTraffic = true
    /// Why the connection ended, once it has (nil while open).
    public private(set) var closeReason: CloseReason?
    /// Whether the test closed its end; the loop ends the connection after
    /// handing over what was written before.
    var hungUp = false
    var framer: LineFramer
    var handler: (any ConnectionHandler)?
    /// Whether the loop closed it with flush and ends it once its output is out.
    var isClosing = false

    /// The most unread bytes this end holds before the loop's writes to it
    /// wait (a socket's receive buffer); nil (the default) takes every line
    /// at once. Set it before the loop sends anything.
    public var socketBuffer: Int?
    /// The loop's side of a buffered connection: lines sent and not yet
    /// written to this end.
    var output: WriteBuffer
    /// Whether the loop waits for this end to have room (a socket
    /// registered for `EPOLLOUT`): set when a write left output behind.
    var wantsWritable = false
    /// Ends a connection closed with output still to write, after the linger.
    var lingerTimer: TimerID?
    /// The loop round from which the loop's events notice a reset (nil: not reset).
    var resetNoticedFromRound: Int?
    /// A reset that arrives in the loop's next busy round, after it looked for events.
    var resetArrivesLate = false

    init(id: ConnectionID, peer: SocketAddress, loop: EmbeddedEventLoop) {
        self.id = id
        self.peer = peer
        self.loop = loop
        framer = LineFramer(maxLineBytes: loop.limits.maxLineBytes)
        output = WriteBuffer(capacity: loop.limits.maxQueuedBytes)
    }

    /// Whether the loop has ended the connection.
    public var isClosed: Bool { closeReason != nil }

    /// Whether the test reset its end (``reset(late:)``).
    public var isReset: Bool { resetNoticedFromRound != nil || resetArrivesLate }

    /// Whether a late reset has yet to reach the loop (its next busy round brings it).
    public var isResetOnItsWay: Bool { resetArrivesLate }

    /// Sends `line` and a newline to the server.
    /// - Throws: ``LineSocketError/closed`` when the connection has ended.
    public func write(_ line: String) throws {
        try write(bytes: Array(line.utf8) + [0x0A])
    }

    /// Sends raw bytes (newlines included) to the server.
    /// - Throws: ``LineSocketError/closed`` when the connection has ended.
    public func write(bytes: [UInt8]) throws {
        guard closeReason == nil, !hungUp, !isReset else { throw LineSocketError.closed }
        unreadInput += bytes
    }

    /// Runs the loop, then takes the next whole line the server sent
    /// (without its newline).
    /// - Returns: nil when nothing more is there while the connection is open.
    /// - Throws: ``LineSocketError/closed`` when nothing is there and the
    ///   connection has ended.
    public func readLine() throws -> String? {
        loop.run()
        if let line = takeLine() { return String(decoding: line, as: UTF8.self) }
        if closeReason != nil { throw LineSocketError.closed }
        return nil
    }

    /// Reads every byte waiting in the receive buffer into the test's own
    /// (as a client's `read` empties its socket's buffer, making room for
    /// the loop's next write), without running the loop.
    /// - Returns: how many bytes it read.
    @discardableResult
    public func receiveAvailable() -> Int {
        let count = unreadOutput.count
        guard count > 0 else { return 0 }
        received += unreadOutput
        unreadOutput.removeAll(keepingCapacity: true)
        return count
    }

    /// Takes the next whole line received (without its newline), reading
    /// the receive buffer first, without running the loop; nil when no
    /// whole line is there.
    public func takeLine() -> [UInt8]? {
        receiveAvailable()
        guard let newline = received[receivedStart...].firstIndex(of: 0x0A) else { return nil }
        let line = Array(received[receivedStart..<newline])
        receivedStart = newline + 1
        if receivedStart == received.count {
            received.removeAll(keepingCapacity: true)
            receivedStart = 0
        } else if receivedStart > 64 * 1024 && receivedStart * 2 > received.count {
            received.removeSubrange(0..<receivedStart)
            receivedStart = 0
        }
        return line
    }

    /// Closes the test's end: the server sees the peer close once it has
    /// read what was written before.
    public func close() {
        hungUp = true
    }

    /// Resets the test's end (a TCP reset: the peer is gone at once): what
    /// waits unread here is lost, and the loop's next write to it fails, or
    /// its next round sees it, whichever comes first; either way the handler
    /// hears of a close by the peer.
    /// - Parameter late: the reset reaches the loop in the middle of its
    ///   next round that has other work, after it looked for events: only a
    ///   write in that round finds it (the round after sees it), as on a
    ///   socket whose reset comes while the loop is busy.
    public func reset(late: Bool = false) {
        guard closeReason == nil, !isReset else { return }
        if late {
            resetArrivesLate = true
        } else {
            resetNoticedFromRound = loop.roundCount + 1
        }
        unreadOutput.removeAll()
        received.removeAll()
        receivedStart = 0
    }

    /// Bytes sent and not read yet.
    var unreadOutputCount: Int { unreadOutput.count }

    /// Whether the peer's buffer has room for more of the loop's output.
    var hasRoom: Bool {
        guard let socketBuffer else { return true }
        return unreadOutputCount < socketBuffer
    }

    /// Called by the loop: `bytes` and a newline arrive at this end.
    func deliver(_ bytes: UnsafeRawBufferPointer) {
        unreadOutput.append(contentsOf: bytes)
        unreadOutput.append(0x0A)
        if recordsTraffic {
            receivedBytes.append(contentsOf: bytes)
            receivedBytes.append(0x0A)
        }
    }

    /// Called by the loop: raw bytes (a part of a line, perhaps) arrive at this end.
    func deliverRaw(_ bytes: UnsafeRawBufferPointer) {
        unreadOutput.append(contentsOf: bytes)
        if recordsTraffic { receivedBytes.append(contentsOf: bytes) }
    }

    /// Called by the loop once it has ended the connection.
    func ended(_ reason: CloseReason) {
        closeReason = reason
        handler = nil
    }
}
