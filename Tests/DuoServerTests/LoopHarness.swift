import DuoNet
import Foundation

/// Runs an event loop on its own thread for a test and stops it at the end.
final class LoopHarness: @unchecked Sendable {
    // Safe: `loop` is immutable; the loop serialises its own work.
    let loop: EpollEventLoop
    private let finished = DispatchSemaphore(value: 0)

    init(clock: any LoopClock = SystemClock(), limits: ConnectionLimits = ConnectionLimits()) throws {
        loop = try EpollEventLoop(clock: clock, limits: limits)
    }

    func start() {
        let thread = Thread { [self] in
            loop.run()
            finished.signal()
        }
        thread.start()
    }

    /// Runs `body` on the loop thread and waits for its result.
    func onLoop<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) throws -> Result {
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        loop.execute {
            box.value = Swift.Result { try body() }
            done.signal()
        }
        done.wait()
        return try box.value!.get()
    }

    func stop() {
        loop.stop()
        finished.wait()
    }
}

/// A value handed from the loop thread to the test thread.
final class ResultBox<Value>: @unchecked Sendable {
    // Safe: written once before a semaphore signal, read after the wait.
    var value: Result<Value, any Error>?
}

/// Records what a handler saw, readable from the test thread.
final class EventRecorder: @unchecked Sendable {
    // Safe: every access goes through `lock`.
    private let lock = NSCondition()
    private var events: [String] = []

    func record(_ event: String) {
        lock.lock()
        events.append(event)
        lock.broadcast()
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }

    /// Waits (at most a generous safety limit) until `predicate` holds.
    @discardableResult
    func waitUntil(_ predicate: ([String]) -> Bool) -> Bool {
        let limit = Date().addingTimeInterval(10)
        lock.lock()
        defer { lock.unlock() }
        while !predicate(events) {
            if !lock.wait(until: limit) { return predicate(events) }
        }
        return true
    }
}
