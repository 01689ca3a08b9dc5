/// Names a scheduled task of an ``EventLoop`` so it can be cancelled.
public struct TimerID: Hashable, Sendable {
    let rawValue: UInt64
}

/// Deadlines in a binary min-heap; cancelled entries are skipped when they
/// surface, which keeps cancellation O(1).
struct TimerQueue {
    private struct Entry {
        let deadline: ClockInstant
        let id: UInt64
    }

    private var heap: [Entry] = []
    private var tasks: [UInt64: () -> Void] = [:]
    private var nextID: UInt64 = 0

    /// Adds `task` to run once `deadline` has come.
    mutating func schedule(at deadline: ClockInstant, _ task: @escaping () -> Void) -> TimerID {
        nextID += 1
        tasks[nextID] = task
        heap.append(Entry(deadline: deadline, id: nextID))
        siftUp(heap.count - 1)
        return TimerID(rawValue: nextID)
    }

    /// Forgets a task; harmless when it already ran.
    mutating func cancel(_ timer: TimerID) {
        tasks[timer.rawValue] = nil
    }

    /// The earliest deadline still pending.
    mutating func nextDeadline() -> ClockInstant? {
        dropCancelledTop()
        return heap.first?.deadline
    }

    /// Removes and returns the earliest task due at `now`, if any.
    mutating func popDue(at now: ClockInstant) -> (() -> Void)? {
        dropCancelledTop()
        guard let top = heap.first, top.deadline <= now else { return nil }
        removeTop()
        return tasks.removeValue(forKey: top.id)
    }

    /// How many tasks are pending.
    var count: Int { tasks.count }

    private mutating func dropCancelledTop() {
        while let top = heap.first, tasks[top.id] == nil { removeTop() }
    }

    private mutating func removeTop() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    private func before(_ a: Entry, _ b: Entry) -> Bool {
        a.deadline < b.deadline || (a.deadline == b.deadline && a.id < b.id)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count && before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && before(heap[right], heap[smallest]) { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
