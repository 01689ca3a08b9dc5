/// A win rate with its 95% confidence interval (Wilson score interval, which
/// stays inside 0...1 and behaves at 0% and 100%, unlike the normal approximation).
public struct WinInterval: Equatable, Sendable, Codable {
    /// Wins divided by games.
    public let rate: Double
    /// The interval's lower end.
    public let lower: Double
    /// The interval's upper end.
    public let upper: Double

    /// The interval for `wins` out of `games` at 95% (z = 1.959964).
    public init(wins: Int, games: Int) {
        guard games > 0 else {
            rate = 0
            lower = 0
            upper = 1
            return
        }
        let z = 1.959963984540054
        let n = Double(games)
        let p = Double(wins) / n
        let z2 = z * z
        let denominator = 1 + z2 / n
        let centre = (p + z2 / (2 * n)) / denominator
        let half = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / denominator
        rate = p
        lower = max(0, centre - half)
        upper = min(1, centre + half)
    }
}
