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
public final class EmbeddedConnection {
    /// Names the connection on its loop.
    public let id: ConnectionID
    /// The address the connection comes from (what the per-address cap counts).
    public let peer: SocketAddress
    private unowned let loop: EmbeddedEventLoop
    /// Bytes written by the test and not yet handed to the loop.
    var unreadInput: [UInt8] = []
    /// Bytes sent by the loop and not yet read by the test.
    var unreadOutput: [UInt8] = []
    private var outputStart = 0
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
    /// Whether the loop closed it with flush and ends it at the round's end.
    var isClosing = false

    init(id: ConnectionID, peer: SocketAddress, loop: EmbeddedEventLoop) {
        self.id = id
        self.peer = peer
        self.loop = loop
        framer = LineFramer(maxLineBytes: loop.limits.maxLineBytes)
    }

    /// Whether the loop has ended the connection.
    public var isClosed: Bool { closeReason != nil }

    /// Sends `line` and a newline to the server.
    /// - Throws: ``LineSocketError/closed`` when the connection has ended.
    public func write(_ line: String) throws {
        try write(bytes: Array(line.utf8) + [0x0A])
    }

    /// Sends raw bytes (newlines included) to the server.
    /// - Throws: ``LineSocketError/closed`` when the connection has ended.
    public func write(bytes: [UInt8]) throws {
        guard closeReason == nil, !hungUp else { throw LineSocketError.closed }
        unreadInput += bytes
    }

    /// Runs the loop, then takes the next whole line the server sent
    /// (without its newline).
    /// - Returns: nil when nothing more is there while the connection is open.
    /// - Throws: ``LineSocketError/closed`` when nothing is there and the
    ///   connection has ended.
    public func readLine() throws -> String? {
        loop.run()
        if let newline = unreadOutput[outputStart...].firstIndex(of: 0x0A) {
            let line = String(decoding: unreadOutput[outputStart..<newline], as: UTF8.self)
            outputStart = newline + 1
            if outputStart == unreadOutput.count {
                unreadOutput.removeAll(keepingCapacity: true)
                outputStart = 0
            }
            return line
        }
        if closeReason != nil { throw LineSocketError.closed }
        return nil
    }

    /// Closes the test's end: the server sees the peer close once it has
    /// read what was written before.
    public func close() {
        hungUp = true
    }

    /// Bytes sent and not read yet.
    var unreadOutputCount: Int { unreadOutput.count - outputStart }

    /// Called by the loop: `bytes` and a newline arrive at this end.
    func deliver(_ bytes: UnsafeRawBufferPointer) {
        unreadOutput.append(contentsOf: bytes)
        unreadOutput.append(0x0A)
        if recordsTraffic {
            receivedBytes.append(contentsOf: bytes)
            receivedBytes.append(0x0A)
        }
    }

    /// Called by the loop once it has ended the connection.
    func ended(_ reason: CloseReason) {
        closeReason = reason
        handler = nil
    }
}
