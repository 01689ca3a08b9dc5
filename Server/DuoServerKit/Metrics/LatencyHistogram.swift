import Foundation

/// A Prometheus histogram of durations: cumulative bucket counts, a sum and
/// a count, safe to observe from any thread (journal syncs run on the
/// pool's threads, moves on the loop's).
public final class LatencyHistogram: @unchecked Sendable {
    // Safe: `counts`, `sum` and `total` are only touched while holding `lock`.

    /// Upper bounds of the buckets, in seconds (`+Inf` is implied).
    public let bounds: [Double]
    private var counts: [UInt64]
    private var sum: Double = 0
    private var total: UInt64 = 0
    private let lock = NSLock()

    /// Buckets from 100 us to 10 s, about three per decade: fsync on a
    /// quiet SSD takes well under a millisecond, on a busy disk tens of them.
    public static let defaultBounds: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
        0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// Makes an empty histogram with `bounds` (ascending, in seconds).
    public init(bounds: [Double] = LatencyHistogram.defaultBounds) {
        self.bounds = bounds
        counts = [UInt64](repeating: 0, count: bounds.count)
    }

    /// Counts one duration.
    public func observe(_ duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        lock.lock()
        defer { lock.unlock() }
        if let index = bounds.firstIndex(where: { seconds <= $0 }) { counts[index] += 1 }
        sum += seconds
        total += 1
    }

    /// The observations so far: cumulative counts per bound, the sum in seconds, the count.
    public var snapshot: (cumulative: [UInt64], sum: Double, count: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        var running: UInt64 = 0
        let cumulative = counts.map { count -> UInt64 in
            running += count
            return running
        }
        return (cumulative, sum, total)
    }
}
