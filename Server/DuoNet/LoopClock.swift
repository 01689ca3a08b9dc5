/// The time source behind every deadline of an ``EventLoop``: turn
/// timeouts, idle timeouts, close lingering.
///
/// Two implementations: ``SystemClock`` follows real monotonic time, and
/// ``ManualClock`` moves only when a test calls ``ManualClock/advance(by:)``,
/// so a test of a ten-minute timeout runs in microseconds and never sleeps.
public protocol LoopClock: AnyObject, Sendable {
    /// The current instant.
    var now: ClockInstant { get }

    /// How long to really wait before `deadline` arrives, or nil when this
    /// clock never moves by itself (the loop then waits for I/O or an advance).
    func realWait(until deadline: ClockInstant) -> Duration?

    /// Calls `observer` after every jump of the clock made by hand, so a
    /// sleeping loop wakes to fire the timers that became due.
    func onAdvance(_ observer: @escaping @Sendable () -> Void)
}
