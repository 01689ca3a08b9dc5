/// What makes journal lines durable for a server, off its loop: a
/// ``JournalSyncPool`` of threads in production, an ``EmbeddedJournalSync``
/// that a test completes by hand.
///
/// Both report back through their completion; the server hops to its loop
/// from there (``EventLoop/execute(_:)``) before it acknowledges anything.
public protocol JournalSyncing: AnyObject {
    /// Makes every line appended to `file` before this call durable, then
    /// calls `completion` (on any thread) with nil, or with the error.
    func sync(_ file: JournalFile, then completion: @escaping JournalSyncPool.Completion)

    /// Runs other blocking file work (writing a finished match's replay)
    /// off the loop, in the order submitted relative to other jobs.
    func perform(_ work: @escaping @Sendable () -> Void)
}

extension JournalSyncPool: JournalSyncing {}
