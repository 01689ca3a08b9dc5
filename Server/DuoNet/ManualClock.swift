import Foundation

/// A clock that stands still until told to move: the test double for every
/// timeout (in the spirit of swift-nio's `EmbeddedEventLoop`).
///
/// Safe to read and advance from any thread; loops that use it are woken
/// after every ``advance(by:)`` so their due timers fire at once.
public final class ManualClock: LoopClock, @unchecked Sendable {
    // Safe: `current` and `observers` are only touched under `lock`.
    private let lock = NSLock()
    private var current: ClockInstant
    private var observers: [@Sendable () -> Void] = []

    /// Makes a clock standing at `start` (the origin by default).
    public init(start: ClockInstant = ClockInstant(nanoseconds: 0)) {
        current = start
    }

    /// The instant the clock stands at.
    public var now: ClockInstant {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Moves the clock forward by `duration` and wakes every observing loop.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "a clock never goes back")
        lock.lock()
        current = current.advanced(by: duration)
        let toCall = observers
        lock.unlock()
        for observer in toCall { observer() }
    }

    /// Never: only ``advance(by:)`` moves this clock.
    public func realWait(until deadline: ClockInstant) -> Duration? { nil }

    /// Registers a loop's wake-up call.
    public func onAdvance(_ observer: @escaping @Sendable () -> Void) {
        lock.lock()
        observers.append(observer)
        lock.unlock()
    }
}
