import CEpoll
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How a ``JournalSyncPool`` makes journal lines durable.
public enum JournalSyncMode: String, CaseIterable, Sendable {
    /// Group commit: one committer thread takes every sync request waiting
    /// and makes them all durable with one `syncfs(2)` of the journals'
    /// filesystem, which covers every line written to any journal on it
    /// since the last. Requests that come while it runs wait for the next
    /// one. One call per batch instead of one per file: the disk sees one
    /// journal commit for hundreds of moves. It also flushes whatever else
    /// is dirty on that filesystem, so give the data directory a filesystem
    /// of its own (`docs/SCALING.md`).
    case filesystem
    /// One `fsync(2)` per journal file with lines waiting, up to the pool's
    /// thread count at once; requests for a file whose sync is still queued
    /// ride along with it. The behaviour before group commit.
    case file
}

/// A few threads that make journals durable, so the event loop never
/// blocks on the disk.
///
/// The loop appends a line (queued in memory: the pool's thread writes it
/// before the sync, so the loop never waits for the filesystem), asks the
/// pool for a sync, and holds back every message caused by that line until
/// the completion comes back: nothing is acknowledged before it is durable, yet thousands of
/// matches share the disk's throughput (see ``JournalSyncMode``).
public final class JournalSyncPool: @unchecked Sendable {
    // Safe: `queue`, `waiting` (file mode), `running`, `closed` and
    // `threadsLeft` are only touched while holding `condition`; `batch`,
    // `waiting` (filesystem mode), `committerIdle` and the statistics while
    // holding `commitCondition` (which, in filesystem mode, `closed` is
    // also read under after `shutDown` set it under both).

    /// What a sync request hears back: nil when the lines are durable.
    public typealias Completion = @Sendable (JournalError?) -> Void

    /// Makes a batch of journals durable at once; nil when every line
    /// written to them before the call is on disk. Replaceable in tests.
    public typealias BatchSync = @Sendable ([JournalFile]) -> JournalError?

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

    /// The sync mode.
    public let mode: JournalSyncMode
    private let batchSync: BatchSync
    private let condition = NSCondition()
    /// Group commit's own lock and condition: a sync request wakes the
    /// committer only, and only when it sleeps (the workers never).
    private let commitCondition = NSCondition()
    private var committerIdle = false
    private var committerClosed = false
    private var queue: [Job] = []
    private var queueHead = 0
    private var waiting: [ObjectIdentifier: Job] = [:]
    /// Group commit: the sync requests for the next batch, by file.
    private var batch: [Job] = []
    private var running = 0
    private var closed = false
    private var threadsLeft: Int
    private var committing = 0
    private var batchesDone = 0
    private var filesSynced = 0

    /// Starts `threadCount` threads (and, in ``JournalSyncMode/filesystem``
    /// mode, one committer thread besides them for the syncs; the others
    /// run ``perform(_:)`` work).
    /// - Parameter batchSync: replaces the system call of group commit
    ///   (tests count batches and hold them back with it).
    public init(threadCount: Int = 4, mode: JournalSyncMode = .filesystem, batchSync: BatchSync? = nil) {
        precondition(threadCount > 0, "a pool needs a thread")
        self.mode = mode
        self.batchSync = batchSync ?? FilesystemSync().sync
        threadsLeft = threadCount + (mode == .filesystem ? 1 : 0)
        for index in 0..<threadCount {
            let thread = Thread { [self] in work() }
            thread.name = "journal-sync-\(index)"
            thread.start()
        }
        if mode == .filesystem {
            let thread = Thread { [self] in commit() }
            thread.name = "journal-commit"
            thread.start()
        }
    }

    /// Syncs `file` and then calls `completion` on a pool thread.
    ///
    /// Every line appended to `file` before this call is covered.
    public func sync(_ file: JournalFile, then completion: @escaping Completion) {
        if mode == .filesystem {
            commitCondition.lock()
            guard !committerClosed else {
                // After shutdown there is no committer left: sync here.
                commitCondition.unlock()
                completion(writeThenSync([file])[0])
                return
            }
            if let job = waiting[ObjectIdentifier(file)] {
                job.completions.append(completion)
            } else {
                let job = Job(file: file, completion: completion)
                waiting[ObjectIdentifier(file)] = job
                batch.append(job)
                if committerIdle { commitCondition.signal() }
            }
            commitCondition.unlock()
            return
        }
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
        commitCondition.lock()
        let grouped = batch.count + committing
        commitCondition.unlock()
        condition.lock()
        defer { condition.unlock() }
        return queue.count - queueHead + grouped + running
    }

    /// Group commit so far: the batches synced and the files they covered
    /// (files per batch is how much one sync saved).
    public var batchStatistics: (batches: Int, files: Int) {
        commitCondition.lock()
        defer { commitCondition.unlock() }
        return (batchesDone, filesSynced)
    }

    /// Finishes every queued sync, then ends the threads and returns.
    public func shutDown() {
        commitCondition.lock()
        committerClosed = true
        commitCondition.broadcast()
        commitCondition.unlock()
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

    /// The committer of group commit: takes every waiting request, syncs
    /// them with one call, answers them all, and starts over with whatever
    /// came meanwhile.
    private func commit() {
        commitCondition.lock()
        while true {
            while batch.isEmpty && !committerClosed {
                committerIdle = true
                commitCondition.wait()
                committerIdle = false
            }
            if batch.isEmpty {
                commitCondition.unlock()
                condition.lock()
                threadsLeft -= 1
                condition.broadcast()
                condition.unlock()
                return
            }
            let jobs = batch
            batch.removeAll(keepingCapacity: true)
            // Lines appended from now on need the next batch.
            for job in jobs { if let file = job.file { waiting[ObjectIdentifier(file)] = nil } }
            committing = jobs.count
            commitCondition.unlock()
            let outcomes = writeThenSync(jobs.compactMap(\.file))
            for (job, outcome) in zip(jobs, outcomes) {
                for completion in job.completions { completion(outcome) }
            }
            commitCondition.lock()
            committing = 0
            batchesDone += 1
            filesSynced += jobs.count
        }
    }

    /// Group commit's batch: writes each file's queued lines (the loop only
    /// queued them), then makes every file written durable with one
    /// ``BatchSync`` call. A file whose write failed gets its own error.
    /// - Returns: each file's outcome, in order.
    private func writeThenSync(_ files: [JournalFile]) -> [JournalError?] {
        var outcomes = [JournalError?](repeating: nil, count: files.count)
        var written: [JournalFile] = []
        for (index, file) in files.enumerated() {
            do throws(JournalError) {
                try file.writePending()
                written.append(file)
            } catch {
                outcomes[index] = error
            }
        }
        let synced = written.isEmpty ? nil : batchSync(written)
        for index in files.indices where outcomes[index] == nil { outcomes[index] = synced }
        return outcomes
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

/// Group commit's system call: `syncfs(2)` once per filesystem holding
/// journals of the batch, through a descriptor of the journals' directory
/// kept open for it (so the kernel reports every writeback error since
/// then to it, and a journal's own descriptor is never needed).
final class FilesystemSync: @unchecked Sendable {
    // Safe: only the pool's one committer thread calls `sync`.
    private var directories: [UInt64: Int32] = [:]

    deinit {
        for descriptor in directories.values { Glibc.close(descriptor) }
    }

    func sync(_ files: [JournalFile]) -> JournalError? {
        let start = ContinuousClock.now
        // What each file held written before the call: that much is durable after it.
        let lengths = files.map(\.writtenByteCount)
        var done = Set<UInt64>()
        for file in files where !done.contains(file.device) {
            done.insert(file.device)
            let path = file.url.deletingLastPathComponent().path
            let descriptor: Int32
            var firstUse = false
            if let open = directories[file.device] {
                descriptor = open
            } else {
                descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard descriptor >= 0 else { return .io(SocketError.last("open", subject: path)) }
                directories[file.device] = descriptor
                firstUse = true
            }
            guard duo_syncfs(descriptor) == 0 else { return .io(SocketError.last("syncfs", subject: path)) }
            if firstUse {
                // The descriptor hears of writeback errors from its opening
                // on: the batch before it is checked file by file, once.
                for other in files where other.device == file.device {
                    do throws(JournalError) { try other.sync() } catch { return error }
                }
            }
        }
        // syncfs also wrote the new files' directory entries; each file
        // waited for the whole batch (the fsync-latency metric counts it so).
        let took = ContinuousClock.now - start
        for (file, length) in zip(files, lengths) {
            file.directoryIsSynced()
            file.contentsAreSynced(upTo: length)
            file.syncCovered(taking: took)
        }
        return nil
    }
}
