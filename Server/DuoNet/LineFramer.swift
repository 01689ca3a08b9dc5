/// Splits a byte stream into newline-terminated lines, with a cap on a
/// line's length.
///
/// A pure value: feed it bytes as they arrive, in any chunking, and it
/// reports whole lines (without the `\n`, and without a `\r` before it).
/// The cap counts every byte before the newline, a `\r` included.
/// A line longer than the cap is reported once as ``FramingError/lineTooLong(limit:)``
/// as soon as it passes the cap, and its bytes are dropped up to the next
/// newline, where framing resumes: one over-long line costs no memory and
/// does not end the stream.
public struct LineFramer: Sendable {
    /// One thing found in the stream.
    public enum Event: Equatable, Sendable {
        /// A complete line, without its terminator.
        case line([UInt8])
        /// A line went past the cap; its bytes up to the next newline are dropped.
        case error(FramingError)
    }

    /// The longest line accepted, in bytes, terminator excluded.
    public let maxLineBytes: Int
    private var partial: [UInt8] = []
    private var discarding = false

    /// Makes a framer that accepts lines of up to `maxLineBytes` bytes (64 KiB by default).
    public init(maxLineBytes: Int = 64 * 1024) {
        precondition(maxLineBytes > 0, "a line cap must be positive")
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes received so far that do not yet end in a newline.
    public var bufferedByteCount: Int { partial.count }

    /// Feeds `bytes` and calls `emit` for every line or error they complete, in order.
    public mutating func append(_ bytes: UnsafeRawBufferPointer, emit: (Event) -> Void) {
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count && bytes[end] != 0x0A { end += 1 }
            let foundNewline = end < count
            if discarding {
                // Inside an over-long line: drop bytes until its newline.
                if foundNewline { discarding = false }
            } else if foundNewline && partial.isEmpty && end - start <= maxLineBytes {
                // A whole line in this chunk (the common case): one copy, straight
                // out, so `partial` keeps its buffer instead of handing it over.
                let stop = end > start && bytes[end - 1] == 0x0D ? end - 1 : end
                emit(.line(Array(UnsafeRawBufferPointer(rebasing: bytes[start..<stop]))))
            } else if partial.count + (end - start) > maxLineBytes {
                partial.removeAll(keepingCapacity: false)
                discarding = !foundNewline
                emit(.error(.lineTooLong(limit: maxLineBytes)))
            } else {
                partial.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                if foundNewline {
                    if partial.last == 0x0D { partial.removeLast() }
                    let line = partial
                    partial.removeAll(keepingCapacity: true)
                    emit(.line(line))
                }
            }
            start = foundNewline ? end + 1 : end
        }
    }

    /// Convenience for tests and small callers: feeds an array and returns the events.
    public mutating func append(_ bytes: [UInt8]) -> [Event] {
        var events: [Event] = []
        bytes.withUnsafeBytes { buffer in append(buffer) { events.append($0) } }
        return events
    }
}

/// What went wrong while splitting a stream into lines.
public enum FramingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A line was longer than `limit` bytes; it was dropped up to its newline.
    case lineTooLong(limit: Int)

    /// The error as one line.
    public var description: String {
        switch self {
        case .lineTooLong(let limit): "line longer than \(limit) bytes"
        }
    }
}
