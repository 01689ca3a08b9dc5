import Foundation

/// The shared state of a batch's workers: the next chunk to hand out, the
/// merged tally, progress and the first failure. Lock-protected, touched
/// once per chunk, never per move.
@usableFromInline
final class BatchWorkQueue: @unchecked Sendable {
    // Safe to share: every mutable field is read and written under `lock`.
    private let lock = NSLock()
    private var next: Int
    private let end: Int
    private let chunkSize: Int
    private var done = 0
    private var tally = BatchTally()
    private var failure: (index: Int, error: BatchError)?
    private let progress: BatchProgress?

    @usableFromInline
    init(range: Range<Int>, jobs: Int, progress: BatchProgress?) {
        next = range.lowerBound
        end = range.upperBound
        // Small enough that workers finish together, large enough that the
        // lock is rare: about 16 chunks per worker, 16...1024 matches each.
        chunkSize = min(1024, max(16, range.count / max(1, jobs * 16)))
        self.progress = progress
    }

    /// The next chunk of match indices, or nil when all are handed out or a match failed.
    @usableFromInline
    func takeChunk() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, next < end else { return nil }
        let chunk = next..<min(end, next + chunkSize)
        next = chunk.upperBound
        return chunk
    }

    /// Adds a worker's tally for `count` finished matches and reports progress.
    @usableFromInline
    func finish(_ partial: BatchTally, count: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        tally.merge(partial)
        done += count
        progress?(done, total)
    }

    /// Records a failure; the one with the lowest match index wins, so the
    /// reported error does not depend on thread timing.
    @usableFromInline
    func fail(index: Int, error: BatchError) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil || index < failure!.index { failure = (index, error) }
    }

    /// The merged tally, or the first failure.
    @usableFromInline
    func outcome() -> Result<BatchTally, BatchError> {
        lock.lock()
        defer { lock.unlock() }
        if let failure { return .failure(failure.error) }
        return .success(tally)
    }
}
