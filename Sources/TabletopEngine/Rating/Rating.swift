import Foundation

/// Bot A against bot B, whatever the seats: A's score with its 95% interval,
/// the Elo difference (A minus B) with its 95% interval, and the likelihood
/// that A is the stronger (LOS).
///
/// The interval is the normal approximation over the samples of
/// ``OutcomeCounts/samples`` (pairs when paired, so the shared deal's luck
/// cancels out), mapped to Elo by `elo = -400 log10(1/score - 1)`. Elo figures
/// are clamped to ±``Rating/eloLimit`` (a bot that won every game is "at
/// least" that much stronger; no finite figure is right).
public struct Rating: Equatable, Sendable, Codable {
    /// A's mean points per game, 0...1.
    public let score: Double
    /// The 95% interval of the score, `[low, high]`.
    public let scoreCI95: [Double]
    /// The Elo difference A minus B.
    public let elo: Double
    /// The 95% interval of the Elo difference, `[low, high]`.
    public let eloCI95: [Double]
    /// The probability that A is stronger than B, 0...1.
    public let los: Double
    /// The samples the figures rest on (pairs when paired, else games).
    public let samples: Int

    /// The largest Elo difference reported.
    public static let eloLimit = 1200.0

    /// The rating of `counts` (no games: score 0.5, everything open).
    public init(_ counts: OutcomeCounts) {
        let samples = counts.samples
        let n = samples.map(\.count).reduce(0, +)
        self.samples = Int(n)
        guard n > 0 else {
            score = 0.5
            scoreCI95 = [0, 1]
            elo = 0
            eloCI95 = [-Self.eloLimit, Self.eloLimit]
            los = 0.5
            return
        }
        let mean = samples.map { $0.value * $0.count }.reduce(0, +) / n
        let variance = samples.map { ($0.value - mean) * ($0.value - mean) * $0.count }.reduce(0, +) / n
        let standardError = (variance / n).squareRoot()
        let z = 1.959963984540054
        score = mean
        scoreCI95 = [max(0, mean - z * standardError), min(1, mean + z * standardError)]
        elo = Self.elo(ofScore: mean)
        eloCI95 = scoreCI95.map(Self.elo(ofScore:))
        if standardError > 0 {
            los = Self.normalCDF((mean - 0.5) / standardError)
        } else {
            los = mean > 0.5 ? 1 : mean < 0.5 ? 0 : 0.5
        }
    }

    /// The Elo difference whose expected score is `score`, clamped to ±``eloLimit``.
    public static func elo(ofScore score: Double) -> Double {
        guard score > 0 else { return -eloLimit }
        guard score < 1 else { return eloLimit }
        return min(eloLimit, max(-eloLimit, -400 * log10(1 / score - 1)))
    }

    /// The expected score of a player `elo` points stronger.
    public static func score(ofElo elo: Double) -> Double {
        1 / (1 + pow(10, -elo / 400))
    }

    /// The standard normal distribution function.
    public static func normalCDF(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }
}
