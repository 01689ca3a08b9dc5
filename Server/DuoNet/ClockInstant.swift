/// A point on a ``LoopClock``: nanoseconds since the clock's own origin.
///
/// Only differences between instants of the same clock mean anything; an
/// instant is not a date.
public struct ClockInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the clock's origin.
    public let nanoseconds: Int64

    /// Makes an instant from nanoseconds since the clock's origin.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The instant `duration` later (earlier when negative).
    public func advanced(by duration: Duration) -> ClockInstant {
        ClockInstant(nanoseconds: nanoseconds &+ duration.totalNanoseconds)
    }

    /// The time from this instant to `other` (negative when `other` is earlier).
    public func duration(to other: ClockInstant) -> Duration {
        .nanoseconds(other.nanoseconds &- nanoseconds)
    }

    /// Orders instants in time.
    public static func < (lhs: ClockInstant, rhs: ClockInstant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// Seconds since the clock's origin, for logs.
    public var description: String { "t+\(Double(nanoseconds) / 1e9)s" }
}

extension Duration {
    /// The whole duration in nanoseconds, saturating at the bounds of `Int64`.
    public var totalNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return scaled &+ attoseconds / 1_000_000_000
    }

    /// The duration in (fractional) milliseconds, for reports.
    public var milliseconds: Double { Double(totalNanoseconds) / 1e6 }
}
