/// The counts a rating is computed from: games won, drawn and lost by bot A
/// (the trinomial) and, for paired games, the pairs by A's points in the pair
/// (the pentanomial: 0, ½, 1, 1½, 2 points).
///
/// Integers only, so shards add up exactly.
public struct OutcomeCounts: Equatable, Sendable, Codable {
    /// Games won, drawn and lost by A: `[wins, draws, losses]`.
    public var trinomial: [Int] = [0, 0, 0]
    /// Pairs by A's points in the pair, in half points 0...4: `[LL, LD, LW or DD, DW, WW]`.
    /// All zero for unpaired batches.
    public var pentanomial: [Int] = [0, 0, 0, 0, 0]

    /// No games.
    public init() {}

    /// Counts one game.
    @inlinable public mutating func add(_ outcome: GameOutcome) {
        switch outcome {
        case .win: trinomial[0] += 1
        case .draw: trinomial[1] += 1
        case .loss: trinomial[2] += 1
        }
    }

    /// Counts one pair (its two games are counted with ``add(_:)`` too).
    @inlinable public mutating func addPair(_ first: GameOutcome, _ second: GameOutcome) {
        pentanomial[first.halfPoints + second.halfPoints] += 1
    }

    /// Adds every count of `other`.
    public mutating func merge(_ other: OutcomeCounts) {
        for index in 0..<3 { trinomial[index] += other.trinomial[index] }
        for index in 0..<5 { pentanomial[index] += other.pentanomial[index] }
    }

    /// Games counted.
    public var games: Int { trinomial.reduce(0, +) }
    /// Pairs counted.
    public var pairs: Int { pentanomial.reduce(0, +) }

    /// The samples the statistics see, as (value, weight) with values in 0...1:
    /// one per pair (A's share of the pair's points) when pairs were counted,
    /// else one per game. Pairs are the samples because the two games of a
    /// pair share their deal: they are not independent, the pairs are.
    public var samples: [(value: Double, count: Double)] {
        if pairs > 0 {
            return pentanomial.enumerated().map { (Double($0.offset) / 4, Double($0.element)) }
        }
        return [(1, Double(trinomial[0])), (0.5, Double(trinomial[1])), (0, Double(trinomial[2]))]
    }
}
