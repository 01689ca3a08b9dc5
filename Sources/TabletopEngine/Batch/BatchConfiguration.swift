import Foundation

/// What a batch of matches is: how many, from which seed, between which bots,
/// paired or not, until when (an SPRT), on how many threads, which shard of
/// it, and whether to keep replays.
public struct BatchConfiguration: Sendable, Equatable {
    /// Matches in the whole batch (all shards together); even when paired.
    public var games: Int
    /// The batch seed: match `i` is seeded from (seed, i) only (paired: from (seed, i / 2)).
    public var seed: UInt64
    /// Bot A and bot B (`--bots A,B`). Unpaired, A plays seat 0 in every
    /// match; paired, A plays seat 0 in the first match of each pair and
    /// seat 1 in the second. A name `exec:PATH` is an ``ExternalBot``.
    public var bots: SeatPair<String>
    /// Whether each deal is played twice with the seats swapped (`--pairs`).
    public var paired: Bool
    /// The sequential test that may stop the batch early (`--sprt`); nil for none.
    public var sprt: SPRTSettings?
    /// The time an outside bot has for each move, in milliseconds.
    public var moveTimeMilliseconds: Int
    /// Worker threads. Results are identical whatever the count.
    public var jobs: Int
    /// The part of the batch to play.
    public var shard: Shard
    /// Where to write one replay per match; nil for none (faster).
    public var replayDirectory: URL?
    /// The cap on moves per match (a looping bot becomes an error).
    public var moveLimit: Int

    /// The default of ``moveTimeMilliseconds``.
    public static let defaultMoveTimeMilliseconds = 1000

    /// Makes a configuration.
    public init(
        games: Int, seed: UInt64, bots: SeatPair<String>, paired: Bool = false, sprt: SPRTSettings? = nil,
        moveTimeMilliseconds: Int = defaultMoveTimeMilliseconds, jobs: Int = 1,
        shard: Shard = .whole, replayDirectory: URL? = nil,
        moveLimit: Int = MatchDriver.defaultMoveLimit
    ) {
        self.games = games
        self.seed = seed
        self.bots = bots
        self.paired = paired
        self.sprt = sprt
        self.moveTimeMilliseconds = moveTimeMilliseconds
        self.jobs = jobs
        self.shard = shard
        self.replayDirectory = replayDirectory
        self.moveLimit = moveLimit
    }

    /// Checks the numbers.
    /// - Throws: ``BatchError/invalidConfiguration(_:)`` naming the bad one.
    public func validate() throws(BatchError) {
        guard games >= 1 else { throw .invalidConfiguration("games must be at least 1, not \(games)") }
        guard !paired || games % 2 == 0 else {
            throw .invalidConfiguration("paired games need an even number of games (two per deal), not \(games)")
        }
        guard jobs >= 1 else { throw .invalidConfiguration("jobs must be at least 1, not \(jobs)") }
        guard moveLimit >= 1 else { throw .invalidConfiguration("move limit must be at least 1, not \(moveLimit)") }
        guard moveTimeMilliseconds >= 1 else {
            throw .invalidConfiguration("move time must be at least 1 ms, not \(moveTimeMilliseconds)")
        }
        guard !matchRange.isEmpty else {
            throw .invalidConfiguration(
                "shard \(shard) of a batch of \(games) \(paired ? "games in pairs" : "games") has no match to play; "
                    + "use at most \(units) shards")
        }
    }

    /// The units the batch is shared out in: pairs when paired, else matches.
    public var units: Int { paired ? games / 2 : games }

    /// The match indices this shard plays (whole pairs when paired).
    public var matchRange: Range<Int> {
        let unitRange = shard.matchRange(ofBatch: units)
        return paired ? (unitRange.lowerBound * 2)..<(unitRange.upperBound * 2) : unitRange
    }

    /// The setup of match `index`: paired, both matches of a pair share the
    /// seed and the first seat of the pair's deal.
    @inlinable public func setup(ofMatch index: Int) -> MatchSetup {
        paired ? MatchSetup(batchSeed: seed, matchIndex: index / 2) : MatchSetup(batchSeed: seed, matchIndex: index)
    }

    /// Where bot A sits in match `index`.
    @inlinable public func seatOfA(inMatch index: Int) -> Seat {
        paired && index % 2 == 1 ? .second : .first
    }

    /// How many parts a batch's trend is counted in (``BatchTally/trend``):
    /// at most 100, one per unit (match, or pair when paired) in a smaller batch.
    public static let maximumTrendSegments = 100

    /// The parts of this batch's trend: the whole batch's units cut in up to
    /// ``maximumTrendSegments`` equal parts, the same for every shard.
    public var trendSegments: Int { min(Self.maximumTrendSegments, units) }

    /// The part of the trend match `index` is counted in (both matches of a pair in the same part).
    @inlinable public func trendSegment(ofMatch index: Int) -> Int {
        let unit = paired ? index / 2 : index
        let units = paired ? games / 2 : games
        return unit * min(Self.maximumTrendSegments, units) / max(1, units)
    }

    /// The bot names by seat in match `index`.
    @inlinable public func seating(ofMatch index: Int) -> SeatPair<String> {
        seatOfA(inMatch: index) == .first ? bots : SeatPair(bots.second, bots.first)
    }
}
