/// The ``JournalSyncing`` of tests: a sync request is answered when the
/// test says so, so "journaled, synced, then acknowledged" can be checked
/// one step at a time.
///
/// While ``holdsSyncs`` is false (the default) every request completes at
/// once; set it and requests wait, grouped by file as group commit does,
/// until ``completeSyncs(failing:)`` answers them all as one batch. The
/// lines are really synced then (`fsync` of the file): keep the journals on
/// a memory filesystem (`/dev/shm`) and that costs nothing.
///
/// Confined to one thread, like the ``EmbeddedEventLoop`` it serves: the
/// completions it calls post back to that loop, which runs them on its next
/// ``EmbeddedEventLoop/run()``.
public final class EmbeddedJournalSync: JournalSyncing {
    private struct Waiting {
        let file: JournalFile
        var completions: [JournalSyncPool.Completion]
    }

    /// Whether requests wait for ``completeSyncs(failing:)``.
    public var holdsSyncs = false
    private var waiting: [Waiting] = []
    /// Where each file's request is in `waiting`: a batch of a thousand
    /// matches finds its entry without a scan.
    private var waitingIndex: [ObjectIdentifier: Int] = [:]
    /// Every batch answered so far: each journal's file name and its byte
    /// count when the batch was synced.
    public private(set) var batches: [[String: Int]] = []

    /// Makes a sync that answers every request at once until told to hold.
    public init() {}

    /// The journals with a sync request waiting, by file name (oldest request first).
    public var waitingFiles: [String] { waiting.map(\.file.url.lastPathComponent) }

    /// Answers `file` now, or queues the request while syncs are held. The
    /// lines appended to it are written at once (a pool writes them with
    /// the batch), so a test sees them in the file while the sync waits; a
    /// write that fails is answered at once with its error.
    public func sync(_ file: JournalFile, then completion: @escaping JournalSyncPool.Completion) {
        do throws(JournalError) {
            try file.writePending()
        } catch {
            completion(error)
            return
        }
        if let index = waitingIndex[ObjectIdentifier(file)] {
            waiting[index].completions.append(completion)
        } else {
            waitingIndex[ObjectIdentifier(file)] = waiting.count
            waiting.append(Waiting(file: file, completions: [completion]))
        }
        if !holdsSyncs { completeSyncs() }
    }

    /// Runs `work` at once: nothing of a test waits on replay files.
    public func perform(_ work: @escaping @Sendable () -> Void) {
        work()
    }

    /// Answers every waiting request as one batch: with `error` when given
    /// (the lines count as not durable), else after syncing each file.
    /// - Returns: how many journals the batch covered.
    @discardableResult
    public func completeSyncs(failing error: JournalError? = nil) -> Int {
        completeSyncs(of: nil, failing: error)
    }

    /// Answers the waiting requests of the journals named in `files` (nil:
    /// every journal) as one batch, as ``completeSyncs(failing:)`` does;
    /// the others keep waiting (a pool that syncs file by file answers
    /// them in any order).
    /// - Returns: how many journals the batch covered.
    @discardableResult
    public func completeSyncs(of files: Set<String>?, failing error: JournalError? = nil) -> Int {
        var batch = waiting
        waiting.removeAll()
        if let files {
            waiting = batch.filter { !files.contains($0.file.url.lastPathComponent) }
            batch = batch.filter { files.contains($0.file.url.lastPathComponent) }
        }
        waitingIndex = Dictionary(uniqueKeysWithValues: waiting.enumerated().map { (ObjectIdentifier($0.element.file), $0.offset) })
        guard !batch.isEmpty else { return 0 }
        batches.append(Dictionary(batch.map { ($0.file.url.lastPathComponent, $0.file.byteCount) }, uniquingKeysWith: max))
        for entry in batch {
            var outcome = error
            if outcome == nil {
                do throws(JournalError) { try entry.file.sync() } catch { outcome = error }
            }
            for completion in entry.completions { completion(outcome) }
        }
        return batch.count
    }
}
