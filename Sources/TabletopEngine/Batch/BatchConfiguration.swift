import Foundation

/// What a batch of matches is: how many, from which seed, between which bots,
/// on how many threads, which shard of it, and whether to keep replays.
public struct BatchConfiguration: Sendable, Equatable {
    /// Matches in the whole batch (all shards together).
    public var games: Int
    /// The batch seed: match `i` is seeded from (seed, i) only.
    public var seed: UInt64
    /// The bot of each seat (`--bots A,B`: A plays seat 0 in every match).
    public var bots: SeatPair<String>
    /// Worker threads. Results are identical whatever the count.
    public var jobs: Int
    /// The part of the batch to play.
    public var shard: Shard
    /// Where to write one replay per match; nil for none (faster).
    public var replayDirectory: URL?
    /// The cap on moves per match (a looping bot becomes an error).
    public var moveLimit: Int

    /// Makes a configuration.
    public init(games: Int, seed: UInt64, bots: SeatPair<String>, jobs: Int = 1,
                shard: Shard = .whole, replayDirectory: URL? = nil,
                moveLimit: Int = MatchDriver.defaultMoveLimit) {
        self.games = games
        self.seed = seed
        self.bots = bots
        self.jobs = jobs
        self.shard = shard
        self.replayDirectory = replayDirectory
        self.moveLimit = moveLimit
    }

    /// Checks the numbers.
    /// - Throws: ``BatchError/invalidConfiguration(_:)`` naming the bad one.
    public func validate() throws(BatchError) {
        guard games >= 1 else { throw .invalidConfiguration("games must be at least 1, not \(games)") }
        guard jobs >= 1 else { throw .invalidConfiguration("jobs must be at least 1, not \(jobs)") }
        guard moveLimit >= 1 else { throw .invalidConfiguration("move limit must be at least 1, not \(moveLimit)") }
    }
}
