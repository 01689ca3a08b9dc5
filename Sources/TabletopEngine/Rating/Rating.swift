import Foundation

/// Bot A against bot B, whatever the seats: A's score with its 95% interval,
/// the Elo difference (A minus B) with its 95% interval, and the likelihood
/// that A is the stronger (LOS).
///
/// The score's interval is ``ScoreInterval``: a Wilson interval with
/// continuity correction over the samples of ``OutcomeCounts/samples`` (pairs
/// when paired, so the shared deal's luck cancels out), which keeps its width
/// at the extremes (10-0, 0-10, all draws, one game) and covers the true
/// score at least 95% of the time for wins and losses alone. Elo is
/// `-400 log10(1/score - 1)` of the score and of each end of its interval, so
/// a score of 1 (every game won) is an Elo difference of `+infinity`, and an
/// interval reaching 1 has no upper bound: said as such (`+inf` in text,
/// `"+inf"` in JSON), never clamped to a finite figure.
public struct Rating: Equatable, Sendable, Codable {
    /// A's mean points per game, 0...1.
    public let score: Double
    /// The 95% interval of the score, `[low, high]`.
    public let scoreCI95: [Double]
    /// The Elo difference A minus B: `+infinity` when A won every game, `-infinity` when it lost every one.
    public let elo: Double
    /// The 95% interval of the Elo difference, `[low, high]`; an end may be infinite (no bound).
    public let eloCI95: [Double]
    /// The probability that A is stronger than B, 0...1.
    public let los: Double
    /// The samples the figures rest on (pairs when paired, else games).
    public let samples: Int

    /// The widest Elo difference an SPRT's two hypotheses may lie apart (twice this).
    public static let eloLimit = 1200.0

    /// The rating of `counts` (no games: score 0.5, everything open).
    public init(_ counts: OutcomeCounts) {
        let samples = counts.samples
        let n = samples.map(\.count).reduce(0, +)
        self.samples = Int(n)
        let interval = ScoreInterval(counts)
        score = interval.score
        scoreCI95 = [interval.lower, interval.upper]
        elo = Self.elo(ofScore: interval.score)
        eloCI95 = scoreCI95.map(Self.elo(ofScore:))
        guard n > 0 else {
            los = 0.5
            return
        }
        let mean = interval.score
        let variance = samples.map { ($0.value - mean) * ($0.value - mean) * $0.count }.reduce(0, +) / n
        let standardError = (variance / n).squareRoot()
        if standardError > 0 {
            los = Self.normalCDF((mean - 0.5) / standardError)
        } else {
            los = mean > 0.5 ? 1 : mean < 0.5 ? 0 : 0.5
        }
    }

    /// The Elo difference whose expected score is `score`: `+infinity` at 1, `-infinity` at 0.
    public static func elo(ofScore score: Double) -> Double {
        guard score > 0 else { return -.infinity }
        guard score < 1 else { return .infinity }
        return -400 * log10(1 / score - 1)
    }

    /// The expected score of a player `elo` points stronger.
    public static func score(ofElo elo: Double) -> Double {
        1 / (1 + pow(10, -elo / 400))
    }

    /// The standard normal distribution function.
    public static func normalCDF(_ x: Double) -> Double {
        0.5 * erfc(-x / 2.0.squareRoot())
    }

    enum CodingKeys: String, CodingKey { case score, scoreCI95, elo, eloCI95, los, samples }

    /// Decodes a rating; `elo` and the ends of `eloCI95` may be `"+inf"` or `"-inf"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        score = try container.decode(Double.self, forKey: .score)
        scoreCI95 = try container.decode([Double].self, forKey: .scoreCI95)
        elo = try container.decode(UnboundedNumber.self, forKey: .elo).value
        eloCI95 = try container.decode([UnboundedNumber].self, forKey: .eloCI95).map(\.value)
        los = try container.decode(Double.self, forKey: .los)
        samples = try container.decode(Int.self, forKey: .samples)
    }

    /// Encodes the rating; an infinite Elo figure is written `"+inf"` or `"-inf"` (JSON has no infinity).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(score, forKey: .score)
        try container.encode(scoreCI95, forKey: .scoreCI95)
        try container.encode(UnboundedNumber(elo), forKey: .elo)
        try container.encode(eloCI95.map(UnboundedNumber.init), forKey: .eloCI95)
        try container.encode(los, forKey: .los)
        try container.encode(samples, forKey: .samples)
    }
}

/// A number that may be infinite, in JSON: a finite number as itself, an
/// infinite one as the string `"+inf"` or `"-inf"` (an Elo bound that does not exist).
public struct UnboundedNumber: Codable, Equatable, Sendable {
    /// The value (finite or infinite, never NaN).
    public var value: Double

    /// Wraps `value`.
    public init(_ value: Double) { self.value = value }

    /// The text an infinite value is written as: `+inf` or `-inf`; nil for a finite one.
    public static func infinityText(_ value: Double) -> String? {
        guard value.isInfinite else { return nil }
        return value > 0 ? "+inf" : "-inf"
    }

    /// Reads a number or `"+inf"` / `"-inf"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            switch text {
            case "+inf": value = .infinity
            case "-inf": value = -.infinity
            default:
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a number, \"+inf\" or \"-inf\"")
            }
            return
        }
        value = try container.decode(Double.self)
    }

    /// Writes the number, or `"+inf"` / `"-inf"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let text = Self.infinityText(value) {
            try container.encode(text)
        } else {
            try container.encode(value)
        }
    }
}
