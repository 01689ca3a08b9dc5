import Foundation

/// A few threads that `fsync` journals, so the event loop never blocks on
/// the disk.
///
/// The loop appends a line (a fast `write`), asks the pool for a sync, and
/// holds back every message caused by that line until the completion comes
/// back: nothing is acknowledged before it is durable, yet thousands of
/// matches share the disk's throughput. Requests for a file whose sync is
/// still queued ride along with it (group commit); syncs of different files
/// run in parallel, which the filesystem's own journal batches.
public final class JournalSyncPool: @unchecked Sendable {
    // Safe: `queue`, `waiting`, `running` and `closed` are only touched
    // while holding `condition`.

    /// What a sync request hears back: nil when the lines are durable.
    public typealias Completion = @Sendable (JournalError?) -> Void

    private final class Job {
        let file: JournalFile?
        let work: (@Sendable () -> Void)?
        var completions: [Completion]
        init(file: JournalFile, completion: @escaping Completion) {
            self.file = file
            self.work = nil
            self.completions = [completion]
        }
        init(work: @escaping @Sendable () -> Void) {
            self.file = nil
            self.work = work
            self.completions = []
        }
    }

    private let condition = NSCondition()
    private var queue: [Job] = []
    private var queueHead = 0
    private var waiting: [ObjectIdentifier: Job] = [:]
    private var running = 0
    private var closed = false
    private var threadsLeft: Int

    /// Starts `threadCount` sync threads.
    public init(threadCount: Int = 4) {
        precondition(threadCount > 0, "a pool needs a thread")
        threadsLeft = threadCount
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "journal-sync-\(index)"
            thread.start()
        }
    }

    /// Syncs `file` and then calls `completion` on a pool thread.
    ///
    /// Every line appended to `file` before this call is covered.
    public func sync(_ file: JournalFile, then completion: @escaping Completion) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else {
            // After shutdown there is no thread left: sync here.
            condition.unlock()
            completion(Self.attempt(file))
            condition.lock()
            return
        }
        if let job = waiting[ObjectIdentifier(file)] {
            job.completions.append(completion)
            return
        }
        let job = Job(file: file, completion: completion)
        waiting[ObjectIdentifier(file)] = job
        queue.append(job)
        condition.signal()
    }

    /// Runs other blocking file work (writing a finished match's replay) on
    /// a pool thread, in the order submitted relative to other jobs.
    public func perform(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        guard !closed else {
            condition.unlock()
            work()
            return
        }
        queue.append(Job(work: work))
        condition.signal()
        condition.unlock()
    }

    /// Requests queued or in progress.
    public var pendingCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return queue.count - queueHead + running
    }

    /// Finishes every queued sync, then ends the threads and returns.
    public func shutDown() {
        condition.lock()
        closed = true
        condition.broadcast()
        while threadsLeft > 0 { condition.wait() }
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            while queueHead == queue.count && !closed { condition.wait() }
            if queueHead == queue.count {
                threadsLeft -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let job = queue[queueHead]
            queueHead += 1
            if queueHead > 1024 && queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            // From here on, new requests for this file need a sync of their own.
            if let file = job.file { waiting[ObjectIdentifier(file)] = nil }
            running += 1
            condition.unlock()
            if let file = job.file {
                let outcome = Self.attempt(file)
                for completion in job.completions { completion(outcome) }
            }
            job.work?()
            condition.lock()
            running -= 1
        }
    }

    private static func attempt(_ file: JournalFile) -> JournalError? {
        do {
            try file.sync()
            return nil
        } catch {
            return error
        }
    }
}
