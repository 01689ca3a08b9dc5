#if canImport(Glibc)
import Glibc
#endif

/// Real monotonic time (`CLOCK_MONOTONIC`): never jumps with the wall clock.
public final class SystemClock: LoopClock {
    /// Makes the real clock.
    public init() {}

    /// The current monotonic instant.
    public var now: ClockInstant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return ClockInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    /// The real time left until `deadline` (zero when it has passed).
    public func realWait(until deadline: ClockInstant) -> Duration? {
        let left = now.duration(to: deadline)
        return left < .zero ? .zero : left
    }

    /// Real time never jumps by hand: nothing to observe.
    public func onAdvance(_ observer: @escaping @Sendable () -> Void) {}
}
