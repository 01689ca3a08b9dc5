import Foundation
import Testing

@testable import TabletopEngine

/// The score's interval and the Elo figures at the extremes (every game won,
/// lost or drawn, a single game), and the interval's coverage by simulation.
@Suite struct ScoreIntervalTests {
    func counts(wins: Int, draws: Int = 0, losses: Int = 0) -> OutcomeCounts {
        var counts = OutcomeCounts()
        for _ in 0..<wins { counts.add(.win) }
        for _ in 0..<draws { counts.add(.draw) }
        for _ in 0..<losses { counts.add(.loss) }
        return counts
    }

    @Test func tenWinsGiveAnIntervalBelowOneAndAnEloWithNoUpperBound() {
        let rating = Rating(counts(wins: 10))
        #expect(rating.score == 1)
        #expect(rating.scoreCI95[1] == 1)
        #expect(rating.scoreCI95[0] > 0.6 && rating.scoreCI95[0] < 0.75, "10 games leave room below 1: \(rating.scoreCI95)")
        #expect(rating.elo == .infinity)
        #expect(rating.eloCI95[0].isFinite && rating.eloCI95[0] > 100 && rating.eloCI95[0] < 200, "\(rating.eloCI95)")
        #expect(rating.eloCI95[1] == .infinity)
        // More games narrow it: 100-0 is a tighter bound than 10-0.
        #expect(Rating(counts(wins: 100)).scoreCI95[0] > 0.95)
    }

    @Test func tenLossesMirrorTenWins() {
        let won = Rating(counts(wins: 10))
        let lost = Rating(counts(wins: 0, losses: 10))
        #expect(lost.score == 0 && lost.elo == -.infinity && lost.eloCI95[0] == -.infinity)
        #expect(abs(lost.scoreCI95[1] - (1 - won.scoreCI95[0])) < 1e-12)
        #expect(abs(lost.eloCI95[1] + won.eloCI95[0]) < 1e-9)
    }

    @Test func allDrawsAndASingleGameKeepAnIntervalAsWideAsTheSampleAllows() {
        let draws = Rating(counts(wins: 0, draws: 20))
        #expect(draws.score == 0.5 && draws.elo == 0)
        let width = draws.scoreCI95[1] - draws.scoreCI95[0]
        #expect(width > 0.1 && width < 0.5, "20 draws: an interval around 0.5, not 0.5-0.5: \(draws.scoreCI95)")
        #expect(abs((draws.scoreCI95[0] + draws.scoreCI95[1]) / 2 - 0.5) < 1e-12)
        #expect(draws.eloCI95[0].isFinite && draws.eloCI95[1].isFinite && draws.eloCI95[0] < 0 && draws.eloCI95[1] > 0)
        #expect(Rating(counts(wins: 0, draws: 200)).scoreCI95[1] - Rating(counts(wins: 0, draws: 200)).scoreCI95[0] < width)
        let single = Rating(counts(wins: 1))
        #expect(single.scoreCI95[0] < 0.2 && single.scoreCI95[1] == 1, "one game says little: \(single.scoreCI95)")
        let none = Rating(OutcomeCounts())
        #expect(none.scoreCI95 == [0, 1] && none.eloCI95 == [-.infinity, .infinity])
    }

    @Test func theSummaryAndTheJSONSayAnInfiniteBoundAsSuch() throws {
        var tally = BatchTally()
        for index in 0..<10 {
            tally.record(
                MatchResult(winner: .first, reason: "took the last", scores: SeatPair(5, 9)), setup: MatchSetup(seed: UInt64(index)), moveCount: 14,
                index: index, segment: index)
        }
        let report = BatchReport(
            game: "takeaway", variant: "standard", rulesHash: StableHash(0), scoreUnit: "moves",
            configuration: BatchConfiguration(games: 10, seed: 1, bots: SeatPair("strong", "weak")), tally: tally,
            elapsedSeconds: 1)
        #expect(report.summaryText.contains("score 1.000 (95% CI 0.6"), "\(report.summaryText)")
        #expect(report.summaryText.contains("Elo +inf (95% CI +1"), "\(report.summaryText)")
        #expect(report.summaryText.contains(" to +inf)"))
        #expect(report.summaryText.contains("every game won: the Elo difference has no upper bound (+inf)"))
        let json = String(decoding: report.jsonData(), as: UTF8.self)
        #expect(json.contains(#""elo" : "+inf""#) || json.contains(#""elo":"+inf""#), "\(json.prefix(2000))")
        let decoded = try JSONDecoder().decode(BatchReport.self, from: report.jsonData())
        #expect(decoded.rating == report.rating)
        let expectation = try BatchExpectation(parsing: "elo>=0").check(report)
        #expect(expectation.passed && expectation.summaryText.contains("elo is +inf"), "\(expectation.summaryText)")
    }

    /// The cumulative distribution of Binomial(n, p): entry k is P(X <= k).
    static func binomialCDF(_ n: Int, _ p: Double) -> [Double] {
        guard p > 0 else { return [Double](repeating: 1, count: n + 1) }
        guard p < 1 else { return [Double](repeating: 0, count: n) + [1] }
        var cdf: [Double] = []
        var total = 0.0
        for k in 0...n {
            let ways: Double = lgamma(Double(n + 1)) - lgamma(Double(k + 1)) - lgamma(Double(n - k + 1))
            let odds: Double = Double(k) * log(p) + Double(n - k) * log(1 - p)
            let logMass = ways + odds
            total += exp(logMass)
            cdf.append(total)
        }
        return cdf
    }

    /// A draw from the distribution whose cumulative distribution is `cdf` (the first k with u < P(X <= k)).
    static func draw(from cdf: [Double], using generator: inout SeededGenerator) -> Int {
        let u = Double.random(in: 0..<1, using: &generator) * (cdf.last ?? 1)
        var low = 0
        var high = cdf.count - 1
        while low < high {
            let middle = (low + high) / 2
            if u < cdf[middle] { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// 1,000 simulated batches for each true score from 0.05 to 0.95 and
    /// n = 10, 100, 1,000 games, with no draws and with draws: the 95%
    /// interval holds the true score at least 93% of the time everywhere.
    @Test(arguments: [10, 100, 1000])
    func theIntervalCoversTheTrueScoreAtLeast93PercentOfTheTime(games: Int) {
        var generator = SeededGenerator(seed: UInt64(games))
        var worst = (coverage: 1.0, score: 0.0, drawShare: 0.0)
        for step in 1...19 {
            let score = Double(step) / 20
            for drawShare in [0.0, 0.3] {
                let draws = min(drawShare, 2 * score, 2 * (1 - score))
                let wins = score - draws / 2
                var covered = 0
                // Each batch's counts drawn at once (wins, then draws among the rest) from their exact
                // binomial distributions: the same batches as game-by-game coins, without 38 million coins.
                var drawTables: [Int: [Double]] = [:]
                let winTable = Self.binomialCDF(games, wins)
                for _ in 0..<1000 {
                    let won = Self.draw(from: winTable, using: &generator)
                    let rest = games - won
                    let share = wins < 1 ? draws / (1 - wins) : 0
                    if drawTables[rest] == nil { drawTables[rest] = Self.binomialCDF(rest, min(1, share)) }
                    let drawn = Self.draw(from: drawTables[rest]!, using: &generator)
                    var outcome = OutcomeCounts()
                    outcome.trinomial = [won, drawn, rest - drawn]
                    let interval = ScoreInterval(outcome)
                    if interval.lower <= score && score <= interval.upper { covered += 1 }
                }
                let coverage = Double(covered) / 1000
                if coverage < worst.coverage { worst = (coverage, score, draws) }
            }
        }
        #expect(worst.coverage >= 0.93, "n=\(games): \(worst.coverage) at score \(worst.score), draw share \(worst.drawShare)")
    }
}
