/// What a batch's SPRT concluded, as reports carry it.
public struct BatchSPRT: Equatable, Sendable, Codable {
    /// Which games the verdict rests on.
    public enum Coverage: String, Sendable, Codable {
        /// The test ran over the whole batch in index order: the verdict is final.
        case wholeBatch
        /// One shard alone: the verdict waits for `duo-server merge`, which
        /// runs the test again over every shard's games in index order.
        case shardOnly
    }

    /// The hypotheses and error rates.
    public var settings: SPRTSettings
    /// H1, H0 or undecided.
    public var verdict: SequentialTest.Verdict
    /// The log-likelihood ratio at the stop.
    public var llr: Double
    /// The bounds: H0 at or below `lower`, H1 at or above `upper`.
    public var lower: Double
    /// See ``lower``.
    public var upper: Double
    /// Games the test used: it stopped after this many, in index order.
    public var games: Int
    /// Bot A's results in those games (the rating is computed from them).
    public var counts: OutcomeCounts
    /// Which games the verdict rests on.
    public var covers: Coverage

    /// The report of `test` after `games` games.
    public init(test: SequentialTest, games: Int, covers: Coverage) {
        settings = test.settings
        verdict = test.verdict
        llr = test.llr
        lower = test.settings.lowerBound
        upper = test.settings.upperBound
        self.games = games
        counts = test.counts
        self.covers = covers
    }
}
