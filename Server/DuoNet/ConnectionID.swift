/// Names one connection of an ``EventLoop`` for its whole life.
///
/// Identifiers are never reused, so a stale one held after a close can only
/// miss, never reach a newer connection that got the same descriptor.
public struct ConnectionID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The sequence number, unique within one loop.
    public let rawValue: UInt64

    /// Wraps a sequence number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Orders identifiers by age (older first).
    public static func < (lhs: ConnectionID, rhs: ConnectionID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `#` and the sequence number, for logs.
    public var description: String { "#\(rawValue)" }
}
