import Foundation

/// A batch's results as `duo-server match --json` writes them and
/// `duo-server merge` reads them (`format` ``BatchReport/formatName``,
/// `version` ``BatchReport/currentVersion``; docs/ENGINE.md lists the fields).
///
/// Every field but the timing ones (`jobs`, `elapsedSeconds`,
/// `matchesPerSecond`) depends only on (game, variant, seed, bots, pairing,
/// SPRT, batch size, shards covered): the same inputs always give the same bytes for them.
public struct BatchReport: Codable, Equatable, Sendable {
    /// Always ``formatName``.
    public var format: String
    /// The version of the fields: ``currentVersion`` for files this build writes.
    public var version: Int
    /// The game's catalog name.
    public var game: String
    /// The rules variant.
    public var variant: String
    /// The hash of the rules data, so shards played under other rules are not merged.
    public var rulesHash: StableHash
    /// What the game's scores count ("shots", "strokes").
    public var scoreUnit: String
    /// The batch seed.
    public var seed: UInt64
    /// Bot A and bot B (`--bots A,B`).
    public var bots: SeatPair<String>
    /// Whether each deal was played twice with the seats swapped.
    public var paired: Bool
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
    /// Matches won by the seat that moved first: the game's balance, for its designers.
    public var firstSeatWins: Int
    /// `firstSeatWins / games`.
    public var firstSeatRate: Double
    /// Its 95% interval.
    public var firstSeatCI95: [Double]
    /// Bot A's games won, drawn and lost and, paired, its pairs by points (the pentanomial).
    public var botOutcomes: OutcomeCounts
    /// A against B: score, Elo difference and likelihood of superiority (of
    /// the games the SPRT used, when one ran).
    public var rating: Rating
    /// The mean of the winner's score; nil when no match was won by the rules.
    public var meanScoreToWin: Double?
    /// The winner's scores (matches won by the rules, not by forfeit).
    public var scoresToWin: ScoreHistogram
    /// The same by bot: the scores of bot A's wins (`first`) and of bot B's (`second`), whichever seat each sat in.
    public var botScoresToWin: SeatPair<ScoreHistogram>
    /// Each bot's mean score to win (A, B); nil for a bot that won no match by the rules.
    public var botMeanScoreToWin: SeatPair<Double?>
    /// The moves of every match, forfeits included: the match length distribution.
    public var matchLengths: ScoreHistogram
    /// Bot A's outcomes in each part of the batch, in match order (up to
    /// ``BatchConfiguration/maximumTrendSegments`` equal parts of the whole
    /// batch): the rating as the batch went on. With an SPRT, of the games it used.
    public var trend: [OutcomeCounts]
    /// The shortest and longest wins, and the first matches of each kind (for reports).
    public var notable: BatchNotableMatches
    /// Moves made in all matches.
    public var moves: Int
    /// Matches an outside bot forfeited, in match order.
    public var forfeits: [BatchForfeit]
    /// The SPRT's verdict, when one ran.
    public var sprt: BatchSPRT?
    /// With an SPRT that stopped the batch: matches already started then,
    /// played to their end and dropped (not counted, their replays deleted).
    /// Depends on the threads' timing, like `elapsedSeconds`.
    public var matchesPlayedPastStop: Int
    /// With an SPRT: bot A's outcome of each match in index order (`W`, `D`,
    /// `L`), so that merging shards runs the same test.
    public var outcomes: String?
    /// What a posture check alongside the batch counted, when one ran.
    public var postures: BatchPostureTotals?
    /// The `--expect` conditions checked, in the order given.
    public var expectations: [BatchExpectationResult]
    /// Worker threads used (summed over merged shards).
    public var jobs: Int
    /// Wall-clock seconds (summed over merged shards).
    public var elapsedSeconds: Double
    /// Matches per second (for merged shards: the sum of each shard's rate,
    /// the throughput when they run at the same time).
    public var matchesPerSecond: Double

    /// The value of `format`.
    public static let formatName = "duo-match-results"
    /// The version this build writes and merges. Version 1 (no `format`
    /// field; `shotsToWin`, `meanShotsToWin`) and version 2 (no
    /// `botScoresToWin`, `matchLengths`, `trend`, `notable`; Elo clamped to
    /// ±1200) are refused with a message.
    public static let currentVersion = 3

    /// Makes the report of a batch (or shard) from its tally and timing.
    public init(
        game: String, variant: String, rulesHash: StableHash, scoreUnit: String, configuration: BatchConfiguration,
        tally: BatchTally, elapsedSeconds: Double
    ) {
        format = Self.formatName
        version = Self.currentVersion
        self.game = game
        self.variant = variant
        self.rulesHash = rulesHash
        self.scoreUnit = scoreUnit
        self.seed = configuration.seed
        self.bots = configuration.bots
        self.paired = configuration.paired
        self.batchGames = configuration.games
        self.shardCount = configuration.shard.count
        self.shards = [configuration.shard.index]
        self.jobs = configuration.jobs
        self.elapsedSeconds = elapsedSeconds
        self.matchesPerSecond = elapsedSeconds > 0 ? Double(tally.games) / elapsedSeconds : 0
        games = 0
        wins = SeatPair(0, 0)
        draws = 0
        winRate = SeatPair(0, 0)
        winRateCI95 = SeatPair([0, 1], [0, 1])
        firstSeatWins = 0
        firstSeatRate = 0
        firstSeatCI95 = [0, 1]
        botOutcomes = OutcomeCounts()
        rating = Rating(OutcomeCounts())
        scoresToWin = ScoreHistogram()
        botScoresToWin = SeatPair(ScoreHistogram(), ScoreHistogram())
        botMeanScoreToWin = SeatPair(nil, nil)
        matchLengths = ScoreHistogram()
        trend = []
        notable = BatchNotableMatches()
        moves = 0
        forfeits = []
        matchesPlayedPastStop = 0
        expectations = []
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
            tally.scoresToWin = scoresToWin
            tally.botScoresToWin = botScoresToWin
            tally.matchLengths = matchLengths
            tally.outcomes = botOutcomes
            tally.trend = trend
            tally.forfeits = forfeits.count
            tally.notable = notable
            return tally
        }
        set {
            games = newValue.games
            wins = newValue.wins
            draws = newValue.draws
            firstSeatWins = newValue.firstSeatWins
            moves = newValue.moves
            scoresToWin = newValue.scoresToWin
            botScoresToWin = newValue.botScoresToWin
            botMeanScoreToWin = newValue.botScoresToWin.map(\.mean)
            matchLengths = newValue.matchLengths
            botOutcomes = newValue.outcomes
            trend = newValue.trend
            notable = newValue.notable
            let intervals = wins.map { WinInterval(wins: $0, games: games) }
            winRate = intervals.map(\.rate)
            winRateCI95 = intervals.map { [$0.lower, $0.upper] }
            let first = WinInterval(wins: firstSeatWins, games: games)
            firstSeatRate = first.rate
            firstSeatCI95 = [first.lower, first.upper]
            meanScoreToWin = scoresToWin.mean
            rating = Rating(sprt.flatMap { $0.covers == .wholeBatch ? $0.counts : nil } ?? botOutcomes)
        }
    }

    /// Whether every shard of the batch is covered.
    public var isComplete: Bool { shards == Array(0..<shardCount) }

    /// The matches the covered shards hold.
    var coveredGames: Int {
        var configuration = BatchConfiguration(games: batchGames, seed: seed, bots: bots, paired: paired)
        return shards.reduce(0) { total, index in
            configuration.shard = Shard(uncheckedIndex: index, count: shardCount)
            return total + configuration.matchRange.count
        }
    }

    /// Checks that the report's own numbers agree with each other (a results
    /// file edited by hand or damaged does not): counts sum to the games,
    /// every derived figure is what the counts give.
    /// - Throws: ``BatchError/mergeConflict(_:)`` naming the first disagreement.
    public func checkSums() throws(BatchError) {
        func fail(_ what: String) -> BatchError {
            .mergeConflict("its numbers do not add up: \(what) (an edited or damaged file?)")
        }
        guard format == Self.formatName, version == Self.currentVersion else {
            throw .mergeConflict("format \(format) version \(version) is not \(Self.formatName) version \(Self.currentVersion)")
        }
        guard shardCount >= 1, !shards.isEmpty, shards.allSatisfy({ (0..<shardCount).contains($0) }), shards == shards.sorted(),
            Set(shards).count == shards.count, batchGames >= 1, !paired || batchGames % 2 == 0
        else {
            throw fail("shards \(shards) of \(shardCount) in a batch of \(batchGames)")
        }
        let decided = wins.first + wins.second
        guard decided + draws == games else {
            throw fail("wins \(wins.first) + \(wins.second) + draws \(draws) = \(decided + draws), but games is \(games)")
        }
        guard botOutcomes.games == games else { throw fail("bot A's wins, draws and losses add up to \(botOutcomes.games), but games is \(games)") }
        guard botOutcomes.trinomial[1] == draws else { throw fail("bot A drew \(botOutcomes.trinomial[1]) games, but draws is \(draws)") }
        let pairs = botOutcomes.pairs
        guard paired ? pairs * 2 == games : pairs == 0 else { throw fail("\(pairs) pairs in \(games) \(paired ? "paired" : "unpaired") games") }
        guard firstSeatWins <= decided else { throw fail("first-seat wins \(firstSeatWins) exceed the \(decided) games won") }
        guard scoresToWin.matches + forfeits.count == decided else {
            throw fail("the histogram holds \(scoresToWin.matches) wins and there are \(forfeits.count) forfeits, but \(decided) games were won")
        }
        var byBot = botScoresToWin.first
        byBot.merge(botScoresToWin.second)
        guard byBot == scoresToWin else { throw fail("the histograms by bot do not add up to the histogram of the winner's score") }
        guard matchLengths.matches == games, matchLengths.total == moves else {
            throw fail("the match lengths hold \(matchLengths.matches) matches of \(matchLengths.total) moves, but there are \(games) of \(moves)")
        }
        var trendTotal = OutcomeCounts()
        for counts in trend { trendTotal.merge(counts) }
        guard trend.count <= BatchConfiguration.maximumTrendSegments, trendTotal == botOutcomes else {
            throw fail("the trend's \(trend.count) parts do not add up to bot A's wins, draws and losses")
        }
        if let sprt, sprt.covers == .wholeBatch, shardCount == 1 {
            guard games == sprt.games, games <= coveredGames else { throw fail("the SPRT used \(sprt.games) games, but games is \(games)") }
        } else {
            guard games == coveredGames else {
                throw fail(
                    "shards \(shards.map(String.init).joined(separator: ",")) of \(shardCount) hold \(coveredGames) games, but games is \(games)")
            }
        }
        if let outcomes {
            guard outcomes.count == games, outcomes.allSatisfy({ GameOutcome(rawValue: $0) != nil }) else {
                throw fail("the outcome sequence has \(outcomes.count) games, but games is \(games)")
            }
            var counts = OutcomeCounts()
            for outcome in outcomes.compactMap(GameOutcome.init(rawValue:)) { counts.add(outcome) }
            guard counts.trinomial == botOutcomes.trinomial else { throw fail("the outcome sequence does not give bot A's wins, draws and losses") }
        }
        var recomputed = self
        recomputed.tally = tally
        guard recomputed.winRate == winRate, recomputed.winRateCI95 == winRateCI95, recomputed.firstSeatRate == firstSeatRate,
            recomputed.firstSeatCI95 == firstSeatCI95, recomputed.rating == rating, recomputed.meanScoreToWin == meanScoreToWin,
            recomputed.botMeanScoreToWin == botMeanScoreToWin
        else {
            throw fail("the rates, intervals or rating are not those of its counts")
        }
    }

    /// Combines shard reports of one batch into one report, whose counts are
    /// exactly those of the unsharded run once every shard is there. With an
    /// SPRT, once every shard is there the test runs again over all games in
    /// index order: the verdict and its stop are the unsharded run's.
    /// - Throws: ``BatchError/mergeConflict(_:)`` when a report's own numbers
    ///   disagree, or the reports are of different batches (game, variant,
    ///   rules, seed, bots, pairing, SPRT, size, shard count) or cover a shard twice.
    public static func merge(_ reports: [BatchReport]) throws(BatchError) -> BatchReport {
        guard let first = reports.first else { throw .mergeConflict("nothing to merge") }
        for report in reports { try report.checkSums() }
        let ordered = reports.sorted { $0.shards[0] < $1.shards[0] }
        var merged = first
        var seen = Set(first.shards)
        for other in reports.dropFirst() {
            let identities: [(name: String, mine: String, theirs: String)] = [
                ("game", merged.game, other.game),
                ("variant", merged.variant, other.variant),
                ("rules hash", merged.rulesHash.description, other.rulesHash.description),
                ("seed", String(merged.seed), String(other.seed)),
                ("bots", merged.bots.values.joined(separator: ","), other.bots.values.joined(separator: ",")),
                ("pairing", String(merged.paired), String(other.paired)),
                ("sprt", merged.sprt?.settings.text ?? "none", other.sprt?.settings.text ?? "none"),
                ("batch size", String(merged.batchGames), String(other.batchGames)),
                ("shard count", String(merged.shardCount), String(other.shardCount)),
            ]
            for (name, mine, theirs) in identities where mine != theirs {
                throw .mergeConflict("results of different batches: \(name) \(mine) vs \(theirs)")
            }
            let overlap = seen.intersection(other.shards)
            guard overlap.isEmpty else {
                throw .mergeConflict("shard \(overlap.sorted().map(String.init).joined(separator: ",")) given twice")
            }
            seen.formUnion(other.shards)
            var tally = merged.tally
            tally.merge(other.tally)
            merged.forfeits += other.forfeits
            merged.tally = tally
            merged.jobs += other.jobs
            merged.elapsedSeconds += other.elapsedSeconds
            merged.matchesPerSecond += other.matchesPerSecond
            merged.matchesPlayedPastStop += other.matchesPlayedPastStop
        }
        merged.shards = seen.sorted()
        merged.forfeits.sort { $0.match < $1.match }
        merged.postures = nil
        merged.expectations = []
        if let settings = first.sprt?.settings {
            let sequence = ordered.compactMap(\.outcomes).joined()
            merged.outcomes = sequence
            let (test, used) = SequentialTest.run(sequence.compactMap(GameOutcome.init(rawValue:)), paired: first.paired, settings: settings)
            merged.sprt = BatchSPRT(test: test, games: used, covers: merged.isComplete ? .wholeBatch : .shardOnly)
            let tally = merged.tally
            merged.tally = tally
        }
        return merged
    }

    /// Decodes a results file, refusing one of another format or version with a sentence saying why.
    /// - Throws: ``BatchError/mergeConflict(_:)`` for another version; `DecodingError` for broken JSON.
    public static func decode(_ data: Data, decoder: (Data) throws -> BatchReport) throws -> BatchReport {
        struct Probe: Decodable {
            var format: String?
            var version: Int?
            var legacyHistogram: ScoreHistogram?
            enum CodingKeys: String, CodingKey {
                case format, version
                case legacyHistogram = "shotsToWin"
            }
        }
        let probe = try JSONDecoder().decode(Probe.self, from: data)
        if probe.format == nil, probe.legacyHistogram != nil {
            throw BatchError.mergeConflict(
                "written by an older duo-server (results version 1, with shotsToWin); "
                    + "this build merges version \(currentVersion) only: play the shard again with this build")
        }
        if let format = probe.format, format == formatName, let version = probe.version, version != currentVersion {
            throw BatchError.mergeConflict("results version \(version), but this build merges version \(currentVersion) only")
        }
        return try decoder(data)
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
