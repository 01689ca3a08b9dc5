import Foundation

/// A condition a CI job puts on a batch's results (`--expect 'elo>=0'`):
/// a figure, a comparison and a number. The batch fails (exit 1) when it
/// does not hold, naming the figure's value and its 95% interval.
///
/// Figures: `score(A)` (also `score`) and `score(B)`: a bot's mean points per
/// game; `elo`: A minus B; `los`: the likelihood that A is stronger;
/// `firstSeat`: the share of games won by the seat that moved first;
/// `winRate(0)`, `winRate(1)`: a seat's share of wins; `drawRate`;
/// `forfeits`: games lost by a broken outside bot. Comparisons: `>=`, `<=`, `>`, `<`.
public struct BatchExpectation: Equatable, Sendable, Codable, CustomStringConvertible {
    /// The figures an expectation may name.
    public static let figures = [
        "score", "score(A)", "score(B)", "elo", "los", "firstSeat", "winRate(0)", "winRate(1)",
        "drawRate", "forfeits",
    ]
    /// The figure, as written.
    public var figure: String
    /// The comparison: `>=`, `<=`, `>` or `<`.
    public var comparison: String
    /// The number compared with.
    public var threshold: Double

    /// Parses `FIGURE OP NUMBER` (spaces allowed around the parts).
    /// - Throws: ``BatchError/invalidConfiguration(_:)`` naming what is wrong.
    public init(parsing text: String) throws(BatchError) {
        let compact = text.filter { !$0.isWhitespace }
        for comparison in [">=", "<=", ">", "<"] {
            guard let range = compact.range(of: comparison) else { continue }
            let figure = String(compact[..<range.lowerBound])
            let number = String(compact[range.upperBound...])
            guard Self.figures.contains(figure) else {
                throw .invalidConfiguration("expectation '\(text)': unknown figure '\(figure)' (known: \(Self.figures.joined(separator: ", ")))")
            }
            guard let threshold = Double(number), threshold.isFinite else {
                throw .invalidConfiguration("expectation '\(text)': '\(number)' is not a number")
            }
            self.figure = figure
            self.comparison = comparison
            self.threshold = threshold
            return
        }
        throw .invalidConfiguration("expectation '\(text)' must be FIGURE OP NUMBER with OP one of >=, <=, >, <, e.g. 'elo>=0'")
    }

    /// `elo>=0`.
    public var description: String {
        let number = threshold == threshold.rounded() && abs(threshold) < 1e15 ? String(Int(threshold)) : String(threshold)
        return "\(figure)\(comparison)\(number)"
    }

    /// Checks the expectation against `report`.
    public func check(_ report: BatchReport) -> BatchExpectationResult {
        let (value, interval) = Self.figure(figure, of: report)
        let holds =
            switch comparison {
            case ">=": value >= threshold
            case "<=": value <= threshold
            case ">": value > threshold
            default: value < threshold
            }
        return BatchExpectationResult(expectation: description, value: value, interval: interval, passed: holds)
    }

    /// The value of a figure and its 95% interval (nil for a count or LOS).
    static func figure(_ name: String, of report: BatchReport) -> (Double, [Double]?) {
        let rating = report.rating
        switch name {
        case "score", "score(A)": return (rating.score, rating.scoreCI95)
        case "score(B)": return (1 - rating.score, rating.scoreCI95.reversed().map { 1 - $0 })
        case "elo": return (rating.elo, rating.eloCI95)
        case "los": return (rating.los, nil)
        case "firstSeat": return (report.firstSeatRate, report.firstSeatCI95)
        case "winRate(0)": return (report.winRate.first, report.winRateCI95.first)
        case "winRate(1)": return (report.winRate.second, report.winRateCI95.second)
        case "drawRate":
            let interval = WinInterval(wins: report.draws, games: report.games)
            return (interval.rate, [interval.lower, interval.upper])
        default: return (Double(report.forfeits.count), nil)
        }
    }
}

/// An expectation checked: what it said, the value measured, its interval and the verdict.
public struct BatchExpectationResult: Equatable, Sendable, Codable {
    /// The expectation as written canonically (`elo>=0`).
    public var expectation: String
    /// The figure's value.
    public var value: Double
    /// Its 95% interval `[low, high]`, when it has one.
    public var interval: [Double]?
    /// Whether it holds.
    public var passed: Bool

    /// Makes a result.
    public init(expectation: String, value: Double, interval: [Double]?, passed: Bool) {
        self.expectation = expectation
        self.value = value
        self.interval = interval
        self.passed = passed
    }

    enum CodingKeys: String, CodingKey { case expectation, value, interval, passed }

    /// Reads a result; an infinite value or end (an Elo figure) is `"+inf"` or `"-inf"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        expectation = try container.decode(String.self, forKey: .expectation)
        value = try container.decode(UnboundedNumber.self, forKey: .value).value
        interval = try container.decodeIfPresent([UnboundedNumber].self, forKey: .interval)?.map(\.value)
        passed = try container.decode(Bool.self, forKey: .passed)
    }

    /// Writes the result; an infinite value or end is written `"+inf"` or `"-inf"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(expectation, forKey: .expectation)
        try container.encode(UnboundedNumber(value), forKey: .value)
        try container.encodeIfPresent(interval?.map(UnboundedNumber.init), forKey: .interval)
        try container.encode(passed, forKey: .passed)
    }

    /// "elo>=0: elo is -35.2 (95% CI -60.1 to -10.3)".
    public var summaryText: String {
        let figure = expectation.prefix { !"<>=".contains($0) }
        let range = interval.map { " (95% CI \(Self.format($0[0])) to \(Self.format($0[1])))" } ?? ""
        return "\(expectation): \(figure) is \(Self.format(value))\(range)"
    }

    static func format(_ value: Double) -> String {
        if let text = UnboundedNumber.infinityText(value) { return text }
        return abs(value) >= 10 ? String(format: "%.1f", value) : String(format: "%.4f", value)
    }
}
