import Foundation

/// A batch's results as `duo-server match --json` writes them and
/// `duo-server merge` reads them.
///
/// Every field but the timing ones (`jobs`, `elapsedSeconds`,
/// `matchesPerSecond`) depends only on (game, variant, seed, bots, batch size,
/// shards covered): the same inputs always give the same bytes for them.
public struct BatchReport: Codable, Equatable, Sendable {
    /// The game's catalog name.
    public var game: String
    /// The rules variant.
    public var variant: String
    /// The hash of the rules data, so shards played under other rules are not merged.
    public var rulesHash: StableHash
    /// The batch seed.
    public var seed: UInt64
    /// The bot of each seat.
    public var bots: SeatPair<String>
    /// Matches in the whole batch.
    public var batchGames: Int
    /// How many shards the batch was split into (1 when unsharded).
    public var shardCount: Int
    /// The shards these results cover, in increasing order.
    public var shards: [Int]
    /// Matches these results cover.
    public var games: Int
    /// Matches won by each seat.
    public var wins: SeatPair<Int>
    /// Matches drawn.
    public var draws: Int
    /// Each seat's win rate.
    public var winRate: SeatPair<Double>
    /// Each seat's 95% confidence interval for its win rate, as `[low, high]`.
    public var winRateCI95: SeatPair<[Double]>
    /// Matches won by the seat that moved first (the alternation keeps this near half).
    public var firstSeatWins: Int
    /// The mean of the winner's shot count; nil when no match was won.
    public var meanShotsToWin: Double?
    /// The winner's shot counts.
    public var shotsToWin: ShotHistogram
    /// Moves made in all matches.
    public var moves: Int
    /// Worker threads used (summed over merged shards).
    public var jobs: Int
    /// Wall-clock seconds (summed over merged shards).
    public var elapsedSeconds: Double
    /// Matches per second (for merged shards: the sum of each shard's rate,
    /// the throughput when they run at the same time).
    public var matchesPerSecond: Double

    /// Makes the report of a batch (or shard) from its tally and timing.
    public init(game: String, variant: String, rulesHash: StableHash, configuration: BatchConfiguration,
                tally: BatchTally, elapsedSeconds: Double) {
        self.game = game
        self.variant = variant
        self.rulesHash = rulesHash
        self.seed = configuration.seed
        self.bots = configuration.bots
        self.batchGames = configuration.games
        self.shardCount = configuration.shard.count
        self.shards = [configuration.shard.index]
        self.jobs = configuration.jobs
        self.elapsedSeconds = elapsedSeconds
        self.matchesPerSecond = elapsedSeconds > 0 ? Double(tally.games) / elapsedSeconds : 0
        self.games = 0
        self.wins = SeatPair(0, 0)
        self.draws = 0
        self.winRate = SeatPair(0, 0)
        self.winRateCI95 = SeatPair([0, 1], [0, 1])
        self.firstSeatWins = 0
        self.shotsToWin = ShotHistogram()
        self.moves = 0
        self.tally = tally
    }

    /// The integer counts behind the report; setting it recomputes every derived figure.
    public var tally: BatchTally {
        get {
            var tally = BatchTally()
            tally.games = games
            tally.wins = wins
            tally.draws = draws
            tally.firstSeatWins = firstSeatWins
            tally.moves = moves
            tally.shotsToWin = shotsToWin
            return tally
        }
        set {
            games = newValue.games
            wins = newValue.wins
            draws = newValue.draws
            firstSeatWins = newValue.firstSeatWins
            moves = newValue.moves
            shotsToWin = newValue.shotsToWin
            let intervals = wins.map { WinInterval(wins: $0, games: games) }
            winRate = intervals.map(\.rate)
            winRateCI95 = intervals.map { [$0.lower, $0.upper] }
            meanShotsToWin = shotsToWin.mean
        }
    }

    /// Whether every shard of the batch is covered.
    public var isComplete: Bool { shards == Array(0..<shardCount) }

    /// Combines shard reports of one batch into one report, whose counts are
    /// exactly those of the unsharded run once every shard is there.
    /// - Throws: ``BatchError/mergeConflict(_:)`` when the reports are of
    ///   different batches (game, variant, rules, seed, bots, size, shard
    ///   count) or cover a shard twice.
    public static func merge(_ reports: [BatchReport]) throws(BatchError) -> BatchReport {
        guard var merged = reports.first else { throw .mergeConflict("nothing to merge") }
        var seen = Set(merged.shards)
        for other in reports.dropFirst() {
            for (name, mine, theirs) in [
                ("game", merged.game, other.game),
                ("variant", merged.variant, other.variant),
                ("rules hash", merged.rulesHash.description, other.rulesHash.description),
                ("seed", String(merged.seed), String(other.seed)),
                ("bots", merged.bots.values.joined(separator: ","), other.bots.values.joined(separator: ",")),
                ("batch size", String(merged.batchGames), String(other.batchGames)),
                ("shard count", String(merged.shardCount), String(other.shardCount)),
            ] where mine != theirs {
                throw .mergeConflict("results of different batches: \(name) \(mine) vs \(theirs)")
            }
            let overlap = seen.intersection(other.shards)
            guard overlap.isEmpty else {
                throw .mergeConflict("shard \(overlap.sorted().map(String.init).joined(separator: ",")) given twice")
            }
            seen.formUnion(other.shards)
            var tally = merged.tally
            tally.merge(other.tally)
            merged.tally = tally
            merged.jobs += other.jobs
            merged.elapsedSeconds += other.elapsedSeconds
            merged.matchesPerSecond += other.matchesPerSecond
        }
        merged.shards = seen.sorted()
        return merged
    }

    /// The report as pretty JSON with sorted keys, ending in a newline.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Only integers, strings and finite doubles: encoding cannot fail.
        var data = (try? encoder.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }
}
