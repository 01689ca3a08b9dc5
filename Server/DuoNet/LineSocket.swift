#if canImport(Glibc)
import Glibc
#endif

/// One client connection that speaks newline-delimited lines, for programs
/// with a single connection and a loop of their own: the desktop client
/// polls it once a frame, tests wait on it.
///
/// The socket is non-blocking: ``receiveAvailable()`` never waits, and
/// ``receive(timeout:)`` and ``send(_:timeout:)`` wait at most their timeout
/// (a safety net against a hung peer, never a way to pass time). Not for
/// sharing between threads.
public final class LineSocket {
    /// The address connected to.
    public let remote: SocketAddress
    private var descriptor: Int32
    private var framer: LineFramer
    private var inbox: [LineFramer.Event] = []
    private var inboxHead = 0
    private var closed = false
    private var connecting = false
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    /// Every byte received so far, when recording was asked for.
    public private(set) var receivedBytes: [UInt8] = []
    private let recordsTraffic: Bool

    /// Connects to `remote`, waiting at most `timeout`.
    /// - Parameters:
    ///   - local: the address to connect from, or nil for the system's choice.
    ///   - maxLineBytes: the longest line accepted from the server.
    ///   - recordsTraffic: keep every received byte in ``receivedBytes``.
    /// - Throws: ``LineSocketError``.
    public convenience init(
        connectingTo remote: SocketAddress,
        from local: SocketAddress? = nil,
        timeout: Duration = .seconds(10),
        maxLineBytes: Int = 64 * 1024,
        recordsTraffic: Bool = false
    ) throws(LineSocketError) {
        try self.init(startingConnectionTo: remote, from: local, maxLineBytes: maxLineBytes, recordsTraffic: recordsTraffic)
        do throws(LineSocketError) {
            guard try finishConnecting(timeout: timeout) else { throw LineSocketError.timedOut }
        } catch {
            markClosed()
            throw error
        }
    }

    /// Starts connecting to `remote` and returns at once, for a program
    /// whose loop must never wait on the network (a window drawing frames):
    /// the system makes the connection meanwhile, and
    /// ``finishConnecting(timeout:)`` tells when it is made.
    /// - Throws: ``LineSocketError`` when the attempt fails at once (no
    ///   route, no descriptor); a refusal shows in ``finishConnecting(timeout:)``.
    public init(
        startingConnectionTo remote: SocketAddress,
        from local: SocketAddress? = nil,
        maxLineBytes: Int = 64 * 1024,
        recordsTraffic: Bool = false
    ) throws(LineSocketError) {
        self.remote = remote
        self.framer = LineFramer(maxLineBytes: maxLineBytes)
        self.recordsTraffic = recordsTraffic
        do {
            descriptor = try SystemSocket.connect(to: remote, from: local)
        } catch let error as SocketError {
            buffer.deallocate()
            throw .io(error)
        } catch {
            buffer.deallocate()
            throw .io(SocketError("connect", subject: remote.description, code: EIO))
        }
        connecting = true
    }

    deinit {
        if descriptor >= 0 { SystemSocket.close(descriptor) }
        buffer.deallocate()
    }

    /// Whether the connection has ended (either side).
    public var isClosed: Bool { closed }

    /// Whether the connection is still being made (see ``init(startingConnectionTo:from:maxLineBytes:recordsTraffic:)``).
    public var isConnecting: Bool { connecting && !closed }

    /// Whether the connection is made, waiting at most `timeout` (none by default).
    /// - Returns: true once connected; false while the system is still connecting.
    /// - Throws: ``LineSocketError`` when the connection failed (refused,
    ///   unreachable); the socket is then closed.
    public func finishConnecting(timeout: Duration = .zero) throws(LineSocketError) -> Bool {
        guard !closed else { throw .closed }
        guard connecting else { return true }
        guard try wait(for: Int16(POLLOUT), timeout: timeout) else { return false }
        let pending = SystemSocket.pendingError(descriptor)
        guard pending == 0 else {
            markClosed()
            throw .io(SocketError("connect", subject: remote.description, code: pending))
        }
        connecting = false
        return true
    }

    /// Sends `line` and a newline, waiting at most `timeout` for the socket to take it.
    public func send(_ line: String, timeout: Duration = .seconds(10)) throws(LineSocketError) {
        try sendRaw(Array(line.utf8) + [0x0A], timeout: timeout)
    }

    /// Sends bytes exactly as given (no newline added): for tests of framing.
    public func sendRaw(_ bytes: [UInt8], timeout: Duration = .seconds(10)) throws(LineSocketError) {
        guard !closed else { throw .closed }
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { SystemSocket.write(descriptor, from: UnsafeRawBufferPointer(rebasing: $0[written...])) }
            switch result {
            case .bytes(let count): written += count
            case .wouldBlock:
                guard try wait(for: Int16(POLLOUT), timeout: timeout) else { throw .timedOut }
            case .endOfStream:
                markClosed()
                throw .closed
            case .failed(let code):
                markClosed()
                throw code == EPIPE || code == ECONNRESET ? .closed : .io(SocketError("send", subject: remote.description, code: code))
            }
        }
    }

    /// Every line (or framing error) that has arrived, without waiting.
    /// - Throws: ``LineSocketError/closed`` once the stream has ended and
    ///   every line before the end has been handed out.
    public func receiveAvailable() throws(LineSocketError) -> [LineFramer.Event] {
        try pump()
        let events = Array(inbox[inboxHead...])
        inbox.removeAll(keepingCapacity: true)
        inboxHead = 0
        if events.isEmpty && closed { throw .closed }
        return events
    }

    /// The next line (or framing error), waiting at most `timeout`.
    /// - Returns: nil when nothing arrived in time.
    /// - Throws: ``LineSocketError/closed`` when the stream ended first.
    public func receive(timeout: Duration = .seconds(10)) throws(LineSocketError) -> LineFramer.Event? {
        let deadline = SystemClock().now.advanced(by: timeout)
        while true {
            try pump()
            if inboxHead < inbox.count {
                let event = inbox[inboxHead]
                inboxHead += 1
                if inboxHead == inbox.count {
                    inbox.removeAll(keepingCapacity: true)
                    inboxHead = 0
                }
                return event
            }
            if closed { throw .closed }
            let left = SystemClock().now.duration(to: deadline)
            guard left > .zero, try wait(for: Int16(POLLIN), timeout: left) else { return nil }
        }
    }

    /// The next whole line as text, waiting at most `timeout`; a framing
    /// error is thrown as ``LineSocketError/framing(_:)``.
    public func receiveLine(timeout: Duration = .seconds(10)) throws(LineSocketError) -> String? {
        switch try receive(timeout: timeout) {
        case nil: return nil
        case .line(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .error(let error): throw .framing(error)
        }
    }

    /// Closes the connection (idempotent).
    public func close() {
        markClosed()
    }

    /// Moves whatever the socket holds into the inbox, without waiting.
    private func pump() throws(LineSocketError) {
        while !closed {
            switch SystemSocket.read(descriptor, into: buffer) {
            case .bytes(let count):
                let chunk = UnsafeRawBufferPointer(rebasing: buffer[0..<count])
                if recordsTraffic { receivedBytes.append(contentsOf: chunk) }
                framer.append(chunk) { inbox.append($0) }
            case .wouldBlock:
                return
            case .endOfStream:
                markClosed()
            case .failed(let code):
                markClosed()
                guard code == ECONNRESET else { throw .io(SocketError("read", subject: remote.description, code: code)) }
            }
        }
    }

    private func wait(for events: Int16, timeout: Duration) throws(LineSocketError) -> Bool {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let milliseconds = Int32(clamping: max(0, (timeout.totalNanoseconds + 999_999) / 1_000_000))
        while true {
            let ready = poll(&entry, 1, milliseconds)
            if ready >= 0 { return ready > 0 }
            if errno != EINTR { throw .io(SocketError.last("poll", subject: remote.description)) }
        }
    }

    private func markClosed() {
        guard !closed else { return }
        closed = true
        if descriptor >= 0 {
            SystemSocket.close(descriptor)
            descriptor = -1
        }
    }
}

/// What can go wrong on a ``LineSocket``.
public enum LineSocketError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The connection has ended.
    case closed
    /// The peer did not answer within the timeout.
    case timedOut
    /// The peer sent a line over the cap.
    case framing(FramingError)
    /// A system call failed.
    case io(SocketError)

    /// The error as one line.
    public var description: String {
        switch self {
        case .closed: "connection closed"
        case .timedOut: "timed out"
        case .framing(let error): "\(error)"
        case .io(let error): "\(error)"
        }
    }
}
