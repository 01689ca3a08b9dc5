import Foundation

/// The shared state of a batch's workers: the next chunk to hand out, the
/// merged tally, progress, the forfeits, the first failure and, with an SPRT,
/// the sequential test fed in match-index order. Lock-protected, touched once
/// per chunk, never per move.
@usableFromInline
final class BatchWorkQueue: @unchecked Sendable {
    // Safe to share: every mutable field is read and written under `lock`.
    private let lock = NSLock()
    private var next: Int
    private let end: Int
    @usableFromInline let chunkSize: Int
    private var done = 0
    private var tally = BatchTally()
    private var forfeits: [BatchForfeit] = []
    private var failure: (index: Int, error: BatchError)?
    private let progress: BatchProgress?
    // The SPRT: chunks' records wait in `pending` until every earlier match is in.
    private var test: SequentialTest?
    private var pending: [Int: [BatchGameRecord]] = [:]
    private var contiguous: Int
    private var stopAt: Int?
    private var outcomes: [GameOutcome] = []
    private var firstOfPair: GameOutcome?
    // Whether the SPRT may end the batch (not in one shard alone, which cannot know the others).
    private let stops: Bool
    // Where each match's trend segment comes from.
    private let configuration: BatchConfiguration

    /// What the batch's workers produced.
    @usableFromInline
    struct Outcome {
        /// The counts (with an SPRT: of the matches up to its stop).
        @usableFromInline var tally: BatchTally
        /// The forfeits, in match order.
        @usableFromInline var forfeits: [BatchForfeit]
        /// With an SPRT: the test.
        @usableFromInline var test: SequentialTest?
        /// With an SPRT: bot A's outcome of each counted match, in order.
        @usableFromInline var outcomes: [GameOutcome]
        /// With an SPRT that stopped: matches already handed out that were played past the stop and dropped.
        @usableFromInline var playedPastStop: Int
    }

    @usableFromInline
    init(
        configuration: BatchConfiguration, range: Range<Int>, jobs: Int, paired: Bool, sprt: SPRTSettings?, stops: Bool,
        progress: BatchProgress?
    ) {
        self.configuration = configuration
        self.stops = stops
        next = range.lowerBound
        end = range.upperBound
        contiguous = range.lowerBound
        // Small enough that workers finish together, large enough that the
        // lock is rare: about 16 chunks per worker, 16...1024 matches each.
        // An SPRT takes 16 at a time so that little is played past its stop.
        // Even, so a chunk never splits a pair.
        let size = sprt == nil ? min(1024, max(16, range.count / max(1, jobs * 16))) : 16
        chunkSize = size + size % 2
        self.progress = progress
        test = sprt.map { SequentialTest(settings: $0, paired: paired) }
    }

    /// Whether results must be kept per match (an SPRT is running).
    @usableFromInline var keepsRecords: Bool { test != nil }

    /// The next chunk of match indices, or nil when all are handed out, the SPRT has stopped or a match failed.
    @usableFromInline
    func takeChunk() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard failure == nil, stopAt == nil, next < end else { return nil }
        let chunk = next..<min(end, next + chunkSize)
        next = chunk.upperBound
        return chunk
    }

    /// Adds a worker's results for the chunk starting at `start` (`records`
    /// only with an SPRT) and reports progress.
    @usableFromInline
    func finish(_ partial: BatchTally, records: [BatchGameRecord], forfeits newForfeits: [BatchForfeit], start: Int, count: Int, total: Int) {
        lock.lock()
        defer { lock.unlock() }
        forfeits += newForfeits
        done += count
        if test == nil {
            tally.merge(partial)
        } else {
            pending[start] = records
            advance()
        }
        progress?(done, total)
    }

    /// Feeds the SPRT every match now contiguous from the start, in index order.
    private func advance() {
        while let records = pending.removeValue(forKey: contiguous), !records.isEmpty {
            contiguous += records.count
            guard stopAt == nil else { continue }
            for record in records {
                let segment = configuration.trendSegment(ofMatch: record.index)
                tally.record(
                    record.result, setup: record.setup, moveCount: record.moves, seatOfA: record.seatOfA, index: record.index,
                    segment: segment)
                let outcome = GameOutcome(winner: record.result.winner, seatOfA: record.seatOfA)
                outcomes.append(outcome)
                var decided = false
                if let paired = test?.paired, paired {
                    if let first = firstOfPair {
                        tally.recordPair(first, outcome, segment: segment)
                        firstOfPair = nil
                        decided = test!.addPair(first, outcome)
                    } else {
                        firstOfPair = outcome
                    }
                } else {
                    decided = test!.add(outcome)
                }
                if decided && stops {
                    stopAt = record.index + 1
                    break
                }
            }
        }
    }

    /// Records a failure; the one with the lowest match index wins, so the
    /// reported error does not depend on thread timing.
    @usableFromInline
    func fail(index: Int, error: BatchError) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil || index < failure!.index { failure = (index, error) }
    }

    /// The results, or the first failure (one past an SPRT's stop does not count).
    @usableFromInline
    func outcome() -> Result<Outcome, BatchError> {
        lock.lock()
        defer { lock.unlock() }
        if let failure, failure.index < (stopAt ?? Int.max) { return .failure(failure.error) }
        let limit = stopAt ?? Int.max
        return .success(
            Outcome(
                tally: tally, forfeits: forfeits.filter { $0.match < limit }.sorted { $0.match < $1.match },
                test: test, outcomes: outcomes, playedPastStop: stopAt == nil ? 0 : max(0, done - tally.games)))
    }
}
